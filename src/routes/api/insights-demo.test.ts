import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/app';
import { type SeededDemoApp, seededDemoApp } from '../../../tests/helpers/demo-app';
import { demoUpstream } from '../../../tests/helpers/upstream';
import { countingDb, type Db } from '../../db/port';
import { listAllProjects } from '../../db/projects';
import { loadBudgetsUsed } from '../../services/budget-burn';
import type { AgencyTimeData } from '../../shared/weekly-hours';
import type { BudgetBurnResponse } from '../../shared/budget-burn';
import type { CostPerPointResponse } from '../../shared/cost-per-point';
import { marginFigures, type GrossMarginsResponse } from '../../shared/margins';
import { roundMoney } from '../../shared/money';
import { shiftWeek } from '../../shared/calendar';
import type { RetainerForecastResponse } from '../../shared/retainer-forecast';
import type { TrendsResponse } from '../../shared/trends';
import type { UnbilledWorkResponse } from '../../shared/unbilled';

/**
 * The demo agency, seeded as `npm start` seeds it, read through the new admin calls: each
 * figure must agree with Weekly Hours and Gross Margins, and none of the calls may reach Jira
 * or Forecast.
 */
const upstream = demoUpstream(new Date('2026-11-25T16:00:00Z'));
const { server } = upstream;
let db: Db;
let demo: SeededDemoApp;
let t: TestApp;
let admin: string;
let upstreamCalls = 0;

beforeAll(async () => {
  demo = await seededDemoApp(upstream);
  ({ db, t } = demo);
  admin = await t.signIn('admin');
  server.events.on('request:start', () => {
    upstreamCalls++;
  });
}, 120_000);
afterAll(() => demo.close());

async function get<T>(path: string): Promise<T> {
  const res = await t.request('GET', path, { cookie: admin });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

describe('forecasts, burn, cost per point, unbilled work and trends on the demo agency', () => {
  it('counts every trend week exactly as Weekly Hours counts that week', async () => {
    const trends = await get<TrendsResponse>('/api/insights/trends');
    expect(trends.currentWeekStart).toBe('2026-11-23');
    expect(trends.agency).toHaveLength(12);
    expect(trends.agency.at(-1)!.isCurrent).toBe(true);
    let running = 0;
    for (const week of trends.agency) {
      const hours = await get<AgencyTimeData>(
        `/api/agency-time-entries?weekStart=${week.weekStart}`,
      );
      expect(week.hours, week.weekStart).toBe(hours.totalHours);
      expect(week.internalCost, week.weekStart).toBe(hours.totalInternalCost);
      expect(week.invoiced, week.weekStart).toBe(hours.totalInvoicesSent);
      running = roundMoney(running + hours.totalInvoicesSent - hours.totalInternalCost);
      expect(week.cumulativeMargin, week.weekStart).toBe(running);
    }
    // No invented weekly losses: the margin line runs on, and the span ends in profit.
    expect(trends.agency.at(-1)!.cumulativeMargin).toBeGreaterThan(0);
    // The demo agency works every week: the chart is never flat.
    expect(trends.agency.every((w) => w.hours > 0)).toBe(true);
  });

  it('gives each Gross Margins project a trend, and its weeks never exceed its whole-life figures', async () => {
    const [trends, margins] = await Promise.all([
      get<TrendsResponse>('/api/insights/trends'),
      get<GrossMarginsResponse>('/api/gross-margins'),
    ]);
    expect(trends.projects.map((p) => p.id)).toEqual(margins.projects.map((p) => p.id));
    for (const p of trends.projects) {
      const m = margins.projects.find((x) => x.id === p.id)!;
      const hours = p.weeks.reduce((s, w) => s + w.hours, 0);
      expect(hours).toBeLessThanOrEqual(m.totalHours + 0.01);
      const cost = p.weeks.reduce((s, w) => s + w.internalCost, 0);
      expect(cost).toBeLessThanOrEqual(marginFigures(m).internalCost + 0.01);
    }
  });

  it('burns fixed-price and T&M budgets at exactly their Gross Margins cost and invoiced', async () => {
    const [burn, margins, trends] = await Promise.all([
      get<BudgetBurnResponse>('/api/insights/budget-burn'),
      get<GrossMarginsResponse>('/api/gross-margins'),
      get<TrendsResponse>('/api/insights/trends'),
    ]);
    expect(burn.projects.length).toBeGreaterThan(0);
    for (const b of burn.projects) {
      expect(['FIXED_PRICE', 'TIME_AND_MATERIALS']).toContain(b.budgetType);
      const m = margins.projects.find((x) => x.id === b.projectId)!;
      expect(b.costToDate).toBe(marginFigures(m).internalCost);
      expect(b.invoicedToDate).toBe(m.totalInvoiced);
      // The pace's weeks are the four finished weeks before this one, costed as the trends cost them.
      const trend = trends.projects.find((p) => p.id === b.projectId)!;
      expect(b.weeklyCosts.map((w) => w.weekStart)).toEqual(
        [-4, -3, -2, -1].map((n) => shiftWeek('2026-11-23', n)),
      );
      for (const w of b.weeklyCosts)
        expect(w.cost).toBe(trend.weeks.find((x) => x.weekStart === w.weekStart)!.internalCost);
      const one = await get<{ budgetBurn: unknown }>(
        `/api/insights/projects/${b.projectId}/budget-burn`,
      );
      expect(one.budgetBurn).toEqual(b);
    }
  });

  it('gives the portfolio’s card gauges the same share of budget used as the budget burn call', async () => {
    const burn = await get<BudgetBurnResponse>('/api/insights/budget-burn');
    const projects = await listAllProjects(db);
    const used = await loadBudgetsUsed(db, projects, '2026-11-25', 'USD');
    expect(used).toEqual(
      Object.fromEntries(
        burn.projects.flatMap((b) =>
          b.usedPercent === null ? [] : [[b.projectId, b.usedPercent]],
        ),
      ),
    );
    expect(Object.keys(used).length).toBeGreaterThan(0);
    // Nothing to burn among the projects held: no query at all.
    const retainers = projects.filter((p) => p.forecastBudgetType === 'RETAINER');
    const counter = { queries: 0 };
    expect(await loadBudgetsUsed(countingDb(db, counter), retainers, '2026-11-25', 'USD')).toEqual(
      {},
    );
    expect(counter.queries).toBe(0);
  });

  it('forecasts the running period of each retainer project, and nothing for the others', async () => {
    const margins = await get<GrossMarginsResponse>('/api/gross-margins');
    const burn = await get<BudgetBurnResponse>('/api/insights/budget-burn');
    let forecasts = 0;
    for (const p of margins.projects) {
      const { forecast } = await get<RetainerForecastResponse>(
        `/api/insights/projects/${p.id}/retainer-forecast`,
      );
      if (!forecast) continue;
      forecasts++;
      expect(burn.projects.some((b) => b.projectId === p.id)).toBe(false);
      expect(forecast.startDate <= '2026-11-25' && '2026-11-25' <= forecast.endDate).toBe(true);
      // Wednesday evening of a Monday-to-Sunday week: Thursday and Friday are left.
      expect(forecast.remainingWorkingDays).toBe(2);
      expect(forecast.projected).toBeGreaterThanOrEqual(forecast.actualSoFar);
      expect(forecast.verdictText).toMatch(
        /^(On track|Will land about A?\$[\d,]+ (over|under) target)$/,
      );
    }
    expect(forecasts).toBeGreaterThanOrEqual(2);
  });

  it('costs points from the same weekly cost as the trends, and never divides by zero', async () => {
    const [cpp, trends] = await Promise.all([
      get<CostPerPointResponse>('/api/insights/cost-per-point'),
      get<TrendsResponse>('/api/insights/trends'),
    ]);
    expect(cpp.agency.weeks).toHaveLength(8);
    expect(cpp.agency.overall.points).toBeGreaterThan(0);
    for (const p of cpp.projects) {
      const trend = trends.projects.find((x) => x.id === p.id)!;
      for (const w of p.weeks) {
        expect(w.cost).toBe(trend.weeks.find((x) => x.weekStart === w.weekStart)!.internalCost);
        if (w.points === 0) expect(w.costPerPoint).toBeNull();
        else expect(w.costPerPoint).toBe(roundMoney(w.cost / w.points));
      }
    }
  });

  it('lists unbilled work by value, within each project’s whole-life hours', async () => {
    const [unbilled, margins] = await Promise.all([
      get<UnbilledWorkResponse>('/api/insights/unbilled-work'),
      get<GrossMarginsResponse>('/api/gross-margins'),
    ]);
    expect(unbilled.projects.map((p) => p.projectId).sort()).toEqual(
      margins.projects.map((p) => p.id).sort(),
    );
    const values = unbilled.projects.map((p) => p.unbilledValue);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(values[0]).toBeGreaterThan(0);
    for (const row of unbilled.projects) {
      const m = margins.projects.find((x) => x.id === row.projectId)!;
      expect(row.hoursSince).toBeLessThanOrEqual(m.totalHours);
    }
  });

  it('marks each retainer card with its forecast for admins, and for nobody else', async () => {
    const html = await (await t.request('GET', '/', { cookie: admin })).text();
    const markers = html.match(/data-testid="card-forecast"/g) ?? [];
    expect(markers).toHaveLength(2);
    expect(html).toMatch(/(On track|Will land about A?\$[\d,]+ (over|under) target) \(\d+%\)/);
    // The cards' markers, read for all retainers at once, say what each project's own forecast says.
    const expected: string[] = [];
    for (const p of (await get<GrossMarginsResponse>('/api/gross-margins')).projects) {
      const { forecast } = await get<RetainerForecastResponse>(
        `/api/insights/projects/${p.id}/retainer-forecast`,
      );
      if (forecast) expected.push(`${forecast.verdictText} (${forecast.percentOfTarget}%)`);
    }
    const shown = [
      ...html.matchAll(
        /data-testid="card-forecast">.*?<span class="[^"]*">([^<]*)<\/span><\/div>/g,
      ),
    ].map((m) => m[1]);
    expect(shown.sort()).toEqual(expected.sort());
    const staff = await t.signIn('staff');
    const theirs = await (await t.request('GET', '/', { cookie: staff })).text();
    expect(theirs).toContain('Acme Support Retainer');
    expect(theirs).not.toContain('card-forecast');
    const fragment = await (
      await t.request('GET', '/portfolio/projects', { cookie: admin })
    ).text();
    expect(fragment.match(/data-testid="card-forecast"/g)).toHaveLength(2);
  });

  it('made not one call to Jira or Forecast for any of it', () => {
    expect(upstreamCalls).toBe(0);
  });

  it('keeps every money figure from staff and users (403) and from visitors (401)', async () => {
    for (const role of ['staff', 'user'] as const) {
      const cookie = await t.signIn(role);
      for (const path of ['/api/insights/trends', '/api/insights/projects/1/retainer-forecast']) {
        const res = await t.request('GET', path, { cookie });
        expect(res.status).toBe(403);
      }
    }
    expect((await t.request('GET', '/api/insights/unbilled-work')).status).toBe(401);
  });

  it('answers 404 for a project that does not exist and 400 for a malformed id', async () => {
    const missing = await t.request('GET', '/api/insights/projects/999999/retainer-forecast', {
      cookie: admin,
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'No project with this id.' });
    const bad = await t.request('GET', '/api/insights/projects/abc/budget-burn', { cookie: admin });
    expect(bad.status).toBe(400);
  });
});
