import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { parseCsv } from '../helpers/csv';
import { type SeededDemoApp, seededDemoApp } from '../helpers/demo-app';
import { demoUpstream } from '../helpers/upstream';
import type { Db } from '../../src/db/port';
import { syncCapacityForecast } from '../../src/services/forecast/capacity-sync';
import { evaluateAlerts } from '../../src/services/alerts';
import { runDigest } from '../../src/services/digest';
import { createSlackNotifier } from '../../src/services/slack';
import { type AlertsResponse, isMoneyRule } from '../../src/shared/alerts';
import type { BudgetBurnResponse } from '../../src/shared/budget-burn';
import { formatMoney } from '../../src/shared/currency';
import { exportHref } from '../../src/shared/exports';
import { formatHours } from '../../src/shared/format';
import { type GrossMarginsResponse, marginFigures } from '../../src/shared/margins';
import type { TrendsResponse } from '../../src/shared/trends';
import type { AgencyTimeData } from '../../src/shared/weekly-hours';

/**
 * One figure, one value, on every surface that shows it (docs/figures.md). The demo agency is the
 * fixture: seeded as `npm start` seeds it, its alerts evaluated with Slack at a local webhook,
 * its Monday digest composed into the outbox. Each figure is then read from the page HTML, the
 * API JSON, the CSV, the digest, the Slack text and the alerts' numbers, and must be the same.
 *
 * Covered, figure × surfaces:
 * - a week's Total Hours: Weekly Hours page, its API, Trends API, Trends CSV, the digest;
 * - a week's Internal Cost: the same five;
 * - a week's Invoices This Week: the same five;
 * - the cumulative margin at a week's end: Trends API, the digest;
 * - a week's Story Points, Available Points and Velocity: Weekly History page, its API, the digest;
 * - a week with days derived from Forecast (a holiday, a day of leave): Available Points on the
 *   Weekly History page and its API, and the away days of the availability CSV;
 * - open alerts for a person: the bell (page HTML), the alerts API, the digest;
 * - an alert's rule and message: the alerts API, the Slack text;
 * - a project's internal cost and invoiced: Gross Margins API and CSV, Budget Burn API, the
 *   budget-burn alert's numbers.
 */
const upstream = demoUpstream(new Date('2026-11-25T16:00:00Z'));
const { now } = upstream;
const WEEK = '2026-11-16'; // last week: the digest's week
const NEXT_WEEK = '2026-11-30'; // the demo plan's holiday (its Monday) and days of leave
const USD = (n: number) => formatMoney(n, 'USD');
let db: Db;
let demo: SeededDemoApp;
let t: TestApp;
let admin: string;
let slack: Server;
const slackTexts: string[] = [];

beforeAll(async () => {
  demo = await seededDemoApp(upstream, { onUnhandledRequest: 'bypass' });
  ({ db, t } = demo);
  // Forecast's plan, as the refresh runner copies it: the derived days come from it.
  await syncCapacityForecast(db, t.deps.forecast, { now });
  slack = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      slackTexts.push((JSON.parse(body) as { text: string }).text);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => slack.listen(0, '127.0.0.1', resolve));
  const webhook = `http://127.0.0.1:${(slack.address() as AddressInfo).port}/hook`;
  await evaluateAlerts({
    db,
    now,
    timeZone: 'UTC',
    qaStatus: 'Ready for QA Testing',
    publicHolidays: null,
    companyCurrency: 'USD',
    slack: createSlackNotifier(webhook),
  });
  admin = await t.signIn('admin');
  await runDigest({
    db,
    clock: () => now,
    timeZone: 'UTC',
    qaStatus: 'Ready for QA Testing',
    publicHolidays: null,
    runner: 'test',
  });
}, 180_000);
afterAll(async () => {
  await new Promise((resolve) => slack.close(resolve));
  await demo.close();
});

async function get<T>(path: string): Promise<T> {
  const res = await t.request('GET', path, { cookie: admin });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

async function text(path: string): Promise<string> {
  const res = await t.request('GET', path, { cookie: admin });
  expect(res.status, path).toBe(200);
  return res.text();
}

function visibleText(html: string): string {
  return html
    .slice(html.indexOf('<body'))
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

async function adminDigest(): Promise<string> {
  const { mails } = await get<{ mails: { recipients: string[]; text: string }[] }>(
    '/api/admin/outbox',
  );
  const [u] = await db.query<{ email: string }>(`SELECT email FROM users WHERE role = 'admin'`);
  const mail = mails.find((m) => m.recipients.includes(u!.email));
  expect(mail, 'the admin’s digest').toBeDefined();
  return mail!.text;
}

describe('a week’s hours and money, on every surface', () => {
  it('reads the same Total Hours, Internal Cost and Invoices This Week everywhere', async () => {
    const api = await get<AgencyTimeData>(`/api/agency-time-entries?weekStart=${WEEK}`);
    expect(api.totalHours).toBeGreaterThan(0);
    // One currency throughout: the company's, named by every surface that shows money.
    expect(api.currency).toBe('USD');
    expect(api.invoicesSent.map((a) => a.currency)).not.toContain('AUD');

    const page = visibleText(await text(`/agency?week=${WEEK}`));
    expect(page).toContain(`Total Hours ${formatHours(api.totalHours)}`);
    expect(page).toContain(`Total Internal Cost ${USD(api.totalInternalCost)}`);
    expect(page).toContain(`Invoices This Week ${USD(api.totalInvoicesSent)}`);

    const trends = await get<TrendsResponse>('/api/insights/trends');
    expect([trends.currency, trends.otherCurrencies]).toEqual([api.currency, []]);
    const week = trends.agency.find((w) => w.weekStart === WEEK)!;
    expect(week.hours).toBe(api.totalHours);
    expect(week.internalCost).toBe(api.totalInternalCost);
    expect(week.invoiced).toBe(api.totalInvoicesSent);

    const csv = parseCsv(await text(exportHref.trends()));
    const row = csv.records.find((r) => r.Scope === 'Agency' && r['Week Start'] === WEEK)!;
    expect(Number(row.Hours)).toBe(api.totalHours);
    expect(Number(row['Internal Cost (USD)'])).toBe(api.totalInternalCost);
    expect(Number(row['Invoiced (USD)'])).toBe(api.totalInvoicesSent);

    const digest = await adminDigest();
    expect(digest).toContain(`Total Hours: ${formatHours(api.totalHours)}`);
    expect(digest).toContain(`Internal Cost: ${USD(api.totalInternalCost)}`);
    expect(digest).toContain(`Invoices This Week: ${USD(api.totalInvoicesSent)}`);
    // The margin is Trends' running total on the week's row (docs/decisions/302), never the
    // week's invoices less its cost, which Trends calls meaningless.
    expect(digest).toContain(
      `Cumulative Margin since ${trends.agency[0]!.weekStart}: ${USD(week.cumulativeMargin)}`,
    );
    expect(digest).not.toContain('Gross Margin');
  });
});

describe('a week’s delivery, on every surface', () => {
  it('reads the same story points, available points and velocity on Weekly History, its API and the digest', async () => {
    const page = visibleText(await text(`/developer?week=${WEEK}`));
    // Points can be halves (4.5 points a developer-day gives 202.5).
    const points = /Total Story Points (\d+(?:\.\d+)?)/.exec(page)![1];
    const available = /Available Points (\d+(?:\.\d+)?)/.exec(page)![1];
    const velocity = /Velocity Percentage (\d+)%/.exec(page)![1];
    const api = await get<{
      totalAvailablePoints: number;
      trackedStoryPoints: number;
      untracked: { storyPoints: number }[];
      velocityPercentage: number;
    }>(`/api/developer-available-points?weekStart=${WEEK}`);
    expect(String(api.totalAvailablePoints)).toBe(available);
    expect(String(api.velocityPercentage)).toBe(velocity);
    // Tracked and untracked points add up to the card's total (docs/decisions/391).
    const untracked = api.untracked.reduce((sum, u) => sum + u.storyPoints, 0);
    expect(String(api.trackedStoryPoints + untracked)).toBe(points);
    const digest = await adminDigest();
    expect(digest).toContain(`Story Points: ${points}\n`);
    expect(digest).toContain(
      `Velocity Percentage: ${velocity}% (${api.trackedStoryPoints} tracked points of ${available} available)`,
    );
  });
});

describe('a week with days derived from Forecast, on every surface', () => {
  it('counts the same away days in Available Points on Weekly History, its API and the availability CSV', async () => {
    const page = visibleText(await text(`/developer?week=${NEXT_WEEK}`));
    const available = Number(/Available Points (\d+)/.exec(page)![1]);
    const api = await get<{ totalAvailablePoints: number }>(
      `/api/developer-available-points?weekStart=${NEXT_WEEK}`,
    );
    expect(api.totalAvailablePoints).toBe(available);
    const { storyPointsPerDeveloperDay } = await get<{ storyPointsPerDeveloperDay: number }>(
      '/api/settings/story-points-per-developer-day',
    );
    const csv = parseCsv(await text(exportHref.availability(NEXT_WEEK)));
    const cells = csv.records.flatMap((r) =>
      ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].map(
        (d) => Object.entries(r).find(([k]) => k.startsWith(`${d} `))![1],
      ),
    );
    // The demo's holiday and days off make some days away, none marked by hand.
    const away = cells.filter((c) => c === 'Away').length;
    expect(away).toBeGreaterThan(0);
    expect((cells.length - away) * storyPointsPerDeveloperDay).toBe(available);
  });
});

describe('alerts, on every surface', () => {
  it('counts the same open alerts on the bell, in the API and in the digest', async () => {
    const { attention, alerts } = await get<AlertsResponse>('/api/alerts');
    expect(attention).toBeGreaterThan(0);
    expect(alerts.filter((a) => a.status === 'open').length).toBe(attention);
    // The bell is rendered on the server with its count and its accessible name.
    const page = await text('/alerts');
    expect(page).toContain(`Alerts: ${attention} need${attention === 1 ? 's' : ''} your attention`);
    expect(await adminDigest()).toMatch(
      new RegExp(`Open alerts \\(${attention}\\) as of Wed, Nov 25, 2026, 16:00 \\(UTC\\)`),
    );
  });

  it('tells Slack each non-money alert by the same rule label and message as the app', async () => {
    const { alerts } = await get<AlertsResponse>('/api/alerts');
    const told = alerts.filter((a) => !isMoneyRule(a.rule));
    expect(told.length).toBeGreaterThan(0);
    expect(slackTexts.length).toBe(told.length);
    for (const a of told)
      expect(slackTexts).toContain(
        `:warning: *${a.ruleLabel}*: ${a.message.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}`,
      );
  });
});

describe('a project’s cost and invoiced, on every surface', () => {
  it('reads the same internal cost and invoiced in Gross Margins, its CSV, Budget Burn and the alert', async () => {
    const [margins, burn, { alerts }] = await Promise.all([
      get<GrossMarginsResponse>('/api/gross-margins'),
      get<BudgetBurnResponse>('/api/insights/budget-burn'),
      get<AlertsResponse>('/api/alerts'),
    ]);
    const csv = parseCsv(await text(exportHref.grossMargins()));
    expect(burn.projects.length).toBeGreaterThan(0);
    expect([margins.currency, burn.currency]).toEqual(['USD', 'USD']);
    for (const m of margins.projects) {
      // Invoiced in the demo agency's one currency, so every margin can be computed.
      expect(m.currency, m.name).toBe(margins.currency);
      const figures = marginFigures(m);
      const row = csv.records.find((r) => r.Project === m.name)!;
      expect(Number(row['Internal Cost (USD)']), m.name).toBe(figures.internalCost);
      expect(Number(row['Invoices Created (USD)']), m.name).toBe(m.totalInvoiced);
      expect(Number(row['Gross Margin (USD)']), m.name).toBe(figures.grossMargin);
      const b = burn.projects.find((x) => x.projectId === m.id);
      if (b) {
        expect(b.costToDate, m.name).toBe(figures.internalCost);
        expect(b.invoicedToDate, m.name).toBe(m.totalInvoiced);
      }
      const alert = alerts.find((a) => a.rule === 'budget_burn' && a.projectId === m.id);
      if (alert) {
        expect(alert.numbers.costToDate, m.name).toBe(figures.internalCost);
        expect(alert.numbers.invoicedToDate, m.name).toBe(m.totalInvoiced);
      }
      // One computation, one threshold: the alert is open exactly for the rows the tab marks,
      // and reads the tab's own share of budget used (docs/decisions/386).
      if (b) {
        expect(Boolean(alert), `${m.name} at ${b.usedPercent}%`).toBe(b.overAlert);
        if (alert) expect(alert.numbers.costPercent, m.name).toBe(b.usedPercent);
      } else expect(alert, m.name).toBeUndefined();
    }
    expect(burn.alertPercent).toBe(80);
    expect(burn.projects.some((b) => b.overAlert)).toBe(true);
  });

  it('marks on the Budget Burn tab exactly the projects the Budget burn alert names', async () => {
    const burn = await get<BudgetBurnResponse>('/api/insights/budget-burn');
    const html = await text('/agency?tab=budget-burn');
    const marked = [
      ...html.matchAll(/<tr[^>]*>(?:(?!<\/tr>)[\s\S])*?data-over-alert="true"[\s\S]*?<\/tr>/g),
    ]
      .map((m) => /href="\/projects\/(\d+)"/.exec(m[0])?.[1])
      .map(Number);
    expect(marked.sort()).toEqual(
      burn.projects
        .filter((b) => b.overAlert)
        .map((b) => b.projectId)
        .sort(),
    );
    expect(visibleText(html)).toContain(`at ${burn.alertPercent}% used a Budget burn alert opens`);
  });
});
