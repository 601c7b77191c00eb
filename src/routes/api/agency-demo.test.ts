import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/app';
import { createTestDb } from '../../../tests/helpers/db';
import type { Db } from '../../db/port';
import { createForecastHandlers, type ForecastMock } from '../../mocks/forecast/handlers';
import type { AgencyTimeData } from '../../shared/weekly-hours';
import { entryAmount, splitDate } from '../../services/forecast/billing';
import { importForecastProject, syncTimeRegistrations } from '../../services/forecast/sync';
import type { GrossMarginsResponse } from '../../shared/margins';
import { DEMO_FORECAST } from '../../services/integrations';
import { costRateOn, roundMoney, type CostPeriod } from '../../shared/money';

/**
 * The calls over the demo agency synced through the real Forecast client, checked against
 * Forecast's own raw data (the mock's registrations, cost periods and invoices) worked out
 * independently here: what the dashboard stores and totals must add up to what Forecast holds.
 */
const TODAY = '2026-11-18';
const WEEK = { start: '2026-11-16', end: '2026-11-22' };

let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let admin: string;
let mock: ForecastMock;
const server = setupServer();

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  mock = createForecastHandlers({ ...DEMO_FORECAST, today: TODAY, scale: 1 });
  server.use(...mock.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  t = createTestApp(db, { clock: () => new Date(`${TODAY}T12:00:00Z`) });
  const now = new Date(mock.data.now);
  for (const p of mock.data.spine.projects.filter((p) => p.onDashboard)) {
    await importForecastProject(db, t.deps.forecast, { forecastProjectId: p.forecastId, now });
  }
  await syncTimeRegistrations(db, t.deps.forecast, { now });
  admin = await t.signIn('admin');
});
afterAll(async () => {
  server.close();
  await drop();
});

/** Forecast's view: each registration's project and its cost at the person's rate that day. */
function forecastRegistrations() {
  const staff = new Map(
    mock.data.persons
      .filter((p) => !p.is_system_user && p.client_id === null)
      .map((p) => [p.id, p]),
  );
  const periods = new Map<number, CostPeriod[]>();
  for (const cp of [...mock.data.costPeriods].sort((a, b) => a.id - b.id)) {
    const startDate =
      cp.start_year && cp.start_month && cp.start_day
        ? splitDate(cp.start_year, cp.start_month, cp.start_day)
        : null;
    periods.set(cp.person_id, [...(periods.get(cp.person_id) ?? []), { startDate, cost: cp.cost }]);
  }
  return mock.data.timeRegistrations
    .map((r) => ({ ...r, projectId: r.project ?? r.task_project }))
    .filter((r): r is typeof r & { projectId: number } => r.projectId !== null)
    .map((r) => ({
      ...r,
      rate: costRateOn(periods.get(r.person) ?? [], r.date, staff.get(r.person)?.cost ?? null),
    }));
}

describe('the demo agency, synced from Forecast', () => {
  it("totals this week's hours, cost and invoices as Forecast's own data adds up", async () => {
    const res = await t.request('GET', `/api/agency-time-entries?weekStart=${WEEK.start}`, {
      cookie: admin,
    });
    expect(res.status).toBe(200);
    const week = (await res.json()) as AgencyTimeData;

    // The tab covers the Active projects on the dashboard (docs/decisions/194).
    const covered = new Set(
      (
        await t.deps.db.query<{ id: number }>(
          `SELECT forecast_project_id AS id FROM projects
            WHERE forecast_project_id IS NOT NULL AND visible = 1 AND dev_status = 'Active'`,
        )
      ).map((p) => Number(p.id)),
    );
    const inWeek = forecastRegistrations().filter(
      (r) => r.date >= WEEK.start && r.date <= WEEK.end && covered.has(r.projectId),
    );
    expect(inWeek.length).toBeGreaterThan(20);
    const minutes = inWeek.reduce((n, r) => n + r.time_registered, 0);
    expect(week.totalHours).toBe(Math.round((minutes / 60) * 100) / 100);
    expect(week.totalInternalCost).toBe(
      roundMoney(inWeek.reduce((sum, r) => sum + (r.time_registered / 60) * r.rate, 0)),
    );
    const invoiced = mock.data.invoices
      .filter(
        (i) =>
          i.status !== 'DRAFT' &&
          i.created_date >= WEEK.start &&
          i.created_date <= WEEK.end &&
          covered.has(i.project_id),
      )
      .reduce((sum, i) => sum + i.entries.reduce((s, e) => s + entryAmount(e), 0), 0);
    expect(invoiced).toBeGreaterThan(0);
    expect(week.totalInvoicesSent).toBe(roundMoney(invoiced));

    // One row per project with time, each with every one of its registrations.
    const perProject = new Map<number, number>();
    for (const r of inWeek) perProject.set(r.projectId, (perProject.get(r.projectId) ?? 0) + 1);
    expect(new Map(week.projectTimeData.map((p) => [p.projectId, p.timeEntries.length]))).toEqual(
      perProject,
    );
  });

  it("gives a project's gross margin the hours and cost of all its time, and its stored billing", async () => {
    const res = await t.request('GET', '/api/gross-margins', { cookie: admin });
    const { projects } = (await res.json()) as GrossMarginsResponse;
    const onDashboard = mock.data.spine.projects.filter((p) => p.onDashboard);
    expect(projects.map((p) => p.name).sort()).toEqual(onDashboard.map((p) => p.name).sort());

    const spineProject = onDashboard[0]!;
    const project = projects.find((p) => p.name === spineProject.name)!;
    const own = forecastRegistrations().filter((r) => r.projectId === spineProject.forecastId);
    const minutes = own.reduce((n, r) => n + r.time_registered, 0);
    expect(minutes).toBeGreaterThan(0);
    expect(project.totalHours).toBe(Math.round((minutes / 60) * 100) / 100);
    const cost = own.reduce((sum, r) => sum + (r.time_registered / 60) * r.rate, 0);
    // Each breakdown line is rounded to cents, so the total may differ by a cent per line.
    const breakdown = project.costBreakdown!.reduce((sum, e) => sum + e.cost, 0);
    expect(Math.abs(breakdown - cost)).toBeLessThanOrEqual(0.01 * project.costBreakdown!.length);
    const [stored] = await db.query<{ invoiced: number; paid: number }>(
      'SELECT forecast_total_invoiced AS invoiced, forecast_total_paid AS paid FROM projects WHERE forecast_project_id = $1',
      [spineProject.forecastId],
    );
    expect([project.totalInvoiced, project.totalPaid]).toEqual([stored!.invoiced, stored!.paid]);
  });
});
