import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../tests/helpers/db';
import type { ForecastInvoiceJson, ForecastRetainerPeriodJson } from '../../mocks/forecast/data';
import { createForecastHandlers } from '../../mocks/forecast/handlers';
import type { Db } from '../../db/port';
import { ProjectNotFoundError } from '../errors';
import { UpstreamError } from '../http';
import { createForecastClient } from './client';
import { getRetainerPeriods } from './retainer-periods';
import {
  AlreadyOnDashboardError,
  importForecastProject,
  NotLinkedToForecastError,
  syncForecastBilling,
} from './sync';

const BASE = 'https://forecast.test';
const KEY = 'demo-forecast-key';
const TODAY = '2026-11-19';
const NOW = new Date('2026-11-19T12:00:00Z');

const mock = createForecastHandlers({ baseUrl: BASE, apiKey: KEY, today: TODAY });
const server = setupServer(...mock.handlers);
const forecast = createForecastClient({
  baseUrl: BASE,
  apiKey: KEY,
  companyCurrency: 'USD',
  sleep: async () => {},
  random: () => 0,
  maxRetries: 2,
});

// Hand-made upstream data for two projects, so every stored figure below is worked out by hand.
const [retainerSpine, fixedSpine] = mock.data.spine.projects;
const RETAINER = retainerSpine!.forecastId; // RETAINER, fixed-price weeks
const FIXED = fixedSpine!.forecastId; // FIXED_PRICE

let nextId = 50_000;
function invoice(
  status: ForecastInvoiceJson['status'],
  created: string,
  due: string,
  lines: [number, number, number, number?][],
  paid: number[] = [],
): ForecastInvoiceJson {
  const id = nextId++;
  return {
    id,
    company_invoice_id: id,
    project_id: lines[0]![0],
    client_id: 300,
    name: `Invoice ${id}`,
    invoice_reference: `INV-${id}`,
    invoice_type: 'TIME_AND_MATERIAL',
    currency: 'USD',
    created_date: created,
    due_date: due,
    status,
    payment_status: 'UNPAID',
    notes: '',
    entries: lines.map(([project, quantity, unitPrice, discount = 0]) => ({
      id: nextId++,
      invoice_id: id,
      project_id: project,
      name: 'Work',
      description: '',
      quantity,
      unit_price: unitPrice,
      discount,
      tax: 10,
      created_at: `${created}T10:00:00Z`,
      updated_at: `${created}T10:00:00Z`,
    })),
    payments: paid.map((amount) => ({
      id: nextId++,
      invoice_id: id,
      amount,
      date: created,
      notes: '',
      created_at: `${created}T10:00:00Z`,
      updated_at: `${created}T10:00:00Z`,
    })),
    created_by: 100,
    created_at: `${created}T10:00:00Z`,
    updated_at: `${created}T10:00:00Z`,
  };
}

function week(
  id: number,
  start: string,
  end: string,
  locked: boolean,
  price: number,
  actualMinutes: number,
  actualValue: number,
): ForecastRetainerPeriodJson {
  const [sy, sm, sd] = start.split('-').map(Number) as [number, number, number];
  const [ey, em, ed] = end.split('-').map(Number) as [number, number, number];
  return {
    ...mock.data.retainerPeriods[0]!,
    id,
    project_id: RETAINER,
    start_year: sy,
    start_month: sm,
    start_day: sd,
    end_year: ey,
    end_month: em,
    end_day: ed,
    retainer_budget_type: 'FIXED_PRICE',
    period_locked: locked,
    period_target_price: price,
    actual_billable_minutes: actualMinutes,
    actual_billable_value_of_service: actualValue,
  };
}

let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  ({ db, drop } = await createTestDb());

  const touches = (i: ForecastInvoiceJson, id: number) =>
    i.project_id === id || i.entries.some((e) => e.project_id === id);
  mock.data.invoices.splice(
    0,
    mock.data.invoices.length,
    ...mock.data.invoices.filter((i) => !touches(i, RETAINER) && !touches(i, FIXED)),
  );
  mock.data.invoices.push(
    // $14,000 + $1,400 less 10% = $15,260; $10,000 paid; due 1 October: $5,260 overdue.
    invoice(
      'SENT',
      '2026-09-01',
      '2026-10-01',
      [
        [FIXED, 100, 140],
        [FIXED, 10, 140, 10],
      ],
      [10_000],
    ),
    // Spans both: retainer $3,000, fixed $8,400 of $11,400; $5,700 paid is half of each. Not yet due.
    invoice(
      'SENT',
      '2026-11-02',
      '2026-12-02',
      [
        [RETAINER, 20, 150],
        [FIXED, 60, 140],
      ],
      [5_700],
    ),
    // Approved: invoiced, not sent. $4,480.
    invoice('APPROVED', '2026-11-16', '2026-12-16', [[FIXED, 32, 140]]),
    // Draft: created only. $1,400.
    invoice('DRAFT', '2026-11-18', '2026-12-18', [[FIXED, 10, 140]]),
  );
  mock.data.projects.find((p) => p.id === FIXED)!.budget = 100_000;
  mock.data.projects.find((p) => p.id === RETAINER)!.budget = 60_000;

  mock.data.retainerPeriods.splice(
    0,
    mock.data.retainerPeriods.length,
    ...mock.data.retainerPeriods.filter((p) => p.project_id !== RETAINER),
  );
  // Listed out of order on purpose: numbering follows the start date.
  mock.data.retainerPeriods.push(
    week(7003, '2026-11-23', '2026-11-29', false, 6000, 0, 0),
    week(7001, '2026-11-09', '2026-11-15', true, 6000, 2460, 6150),
    week(7002, '2026-11-16', '2026-11-22', false, 6000, 1200, 3000),
  );
});
afterEach(() => {
  mock.setFaults(null);
  mock.requests.length = 0;
});
afterAll(async () => {
  server.close();
  await drop();
});

async function snapshot() {
  return JSON.stringify({
    projects: await db.query('SELECT * FROM projects ORDER BY id'),
    invoices: await db.query(
      'SELECT * FROM forecast_invoices ORDER BY forecast_project_id, invoice_id',
    ),
    periods: await db.query('SELECT * FROM forecast_retainer_periods ORDER BY id'),
  });
}

/** The database, except that the n-th statement inside a transaction fails (a crash halfway). */
function failingInTransaction(inner: Db, failAt: number): Db {
  let statements = 0;
  const inTx = (tx: Db): Db => ({
    ...tx,
    kind: tx.kind,
    async query(text, params) {
      if (++statements === failAt) throw new Error('connection lost');
      return tx.query(text, params);
    },
    transaction: (fn) => tx.transaction((nested) => fn(inTx(nested))),
  });
  return {
    ...inner,
    kind: inner.kind,
    query: (t, p) => inner.query(t, p),
    transaction: (fn) => inner.transaction((tx) => fn(inTx(tx))),
  };
}

let fixedProjectId = 0;
let retainerProjectId = 0;

describe('importing a Forecast project', () => {
  it('creates the project from Forecast with its billing, in three calls for a fixed-price project', async () => {
    const row = await importForecastProject(db, forecast, { forecastProjectId: FIXED, now: NOW });
    fixedProjectId = row.id;
    expect(row).toMatchObject({
      name: fixedSpine!.name,
      forecast_project_id: FIXED,
      forecast_stage: 'RUNNING',
      forecast_budget_type: 'FIXED_PRICE',
      forecast_status: mock.data.projects.find((p) => p.id === FIXED)!.status,
      forecast_project_value: 100_000,
      client_hourly_rate: fixedSpine!.hourlyRate,
      forecast_total_created: 29_540,
      forecast_total_invoiced: 28_140,
      forecast_total_sent: 23_660,
      forecast_total_paid: 14_200,
      forecast_overdue_amount: 5_260,
      billing_sent_percentage: 24,
      billing_paid_percentage: 14,
      forecast_retainer_periods_completed: 0,
      forecast_retainer_periods_total: 0,
      visible: 1,
    });
    expect(row.last_forecast_sync?.toISOString()).toBe(NOW.toISOString());
    expect([...mock.requests].sort()).toEqual([
      `GET /api/v1/projects/${FIXED}`,
      `GET /api/v1/projects/${FIXED}/invoices`,
      'GET /api/v1/rate_cards',
    ]);
  });

  it("stores each invoice's share for Invoices This Week and margins", async () => {
    const rows = await db.query<{
      status: string;
      invoice_date: string;
      amount: number;
      paid: number;
    }>(
      'SELECT status, invoice_date, amount, paid FROM forecast_invoices WHERE forecast_project_id = $1 ORDER BY invoice_date',
      [FIXED],
    );
    expect(rows).toEqual([
      { status: 'SENT', invoice_date: '2026-09-01', amount: 15_260, paid: 10_000 },
      { status: 'SENT', invoice_date: '2026-11-02', amount: 8_400, paid: 4_200 },
      { status: 'APPROVED', invoice_date: '2026-11-16', amount: 4_480, paid: 0 },
      { status: 'DRAFT', invoice_date: '2026-11-18', amount: 1_400, paid: 0 },
    ]);
  });

  it('numbers and dates the retainer periods of a retainer project, in four calls', async () => {
    const row = await importForecastProject(db, forecast, {
      forecastProjectId: RETAINER,
      now: NOW,
    });
    retainerProjectId = row.id;
    expect(row).toMatchObject({
      forecast_budget_type: 'RETAINER',
      forecast_total_invoiced: 3_000,
      forecast_total_paid: 1_500,
      forecast_retainer_periods_completed: 1,
      forecast_retainer_periods_total: 3,
    });
    expect(mock.requests).toHaveLength(4);
    expect(mock.requests).toContain(`GET /api/v1/projects/${RETAINER}/retainer_periods`);

    expect(await getRetainerPeriods(db, row.id, TODAY)).toEqual([
      {
        id: 7001,
        period_number: 1,
        status: 'COMPLETED',
        start_date: '2026-11-09',
        end_date: '2026-11-15',
        target_amount: 6000,
        actual_amount: 6150,
        actual_billable_minutes: 2460,
      },
      {
        id: 7002,
        period_number: 2,
        status: 'ACTIVE',
        start_date: '2026-11-16',
        end_date: '2026-11-22',
        target_amount: 6000,
        actual_amount: 3000,
        actual_billable_minutes: 1200,
      },
      {
        id: 7003,
        period_number: 3,
        status: 'DRAFT',
        start_date: '2026-11-23',
        end_date: '2026-11-29',
        target_amount: 6000,
        actual_amount: 0,
        actual_billable_minutes: 0,
      },
    ]);
  });

  it('reads a draft period as ACTIVE once its week has begun, without a new sync, and the one before as over', async () => {
    const later = await getRetainerPeriods(db, retainerProjectId, '2026-11-23');
    // At most one ACTIVE period: the one whose dates hold today.
    expect(later.map((p) => p.status)).toEqual(['COMPLETED', 'COMPLETED', 'ACTIVE']);
  });

  it('refuses a project already on the dashboard without calling Forecast or changing anything', async () => {
    const before = await snapshot();
    const error = await importForecastProject(db, forecast, {
      forecastProjectId: FIXED,
      now: NOW,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AlreadyOnDashboardError);
    expect((error as AlreadyOnDashboardError).projectId).toBe(fixedProjectId);
    expect(mock.requests).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it('creates one project when two people import the same Forecast project at once', async () => {
    const third = mock.data.spine.projects.find((p) => p.stage === 'PLANNING')!;
    const results = await Promise.allSettled([
      importForecastProject(db, forecast, { forecastProjectId: third.forecastId, now: NOW }),
      importForecastProject(db, forecast, { forecastProjectId: third.forecastId, now: NOW }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    expect(rejected.reason).toBeInstanceOf(AlreadyOnDashboardError);
    const rows = await db.query('SELECT id FROM projects WHERE forecast_project_id = $1', [
      third.forecastId,
    ]);
    expect(rows).toHaveLength(1);
    await db.query('DELETE FROM projects WHERE forecast_project_id = $1', [third.forecastId]);
  });

  it('says Forecast has no such project for an unknown id, and creates nothing', async () => {
    const before = await snapshot();
    const error = await importForecastProject(db, forecast, {
      forecastProjectId: 987_654,
      now: NOW,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).kind).toBe('not_found');
    expect((error as UpstreamError).message).toBe('Forecast: there is no project 987654');
    expect(await snapshot()).toBe(before);
  });
});

describe('syncing billing', () => {
  it('picks up a new payment and stamps the sync time', async () => {
    const approved = mock.data.invoices.find(
      (i) => i.status === 'APPROVED' && i.entries[0]!.project_id === FIXED,
    )!;
    approved.status = 'SENT';
    approved.payments.push({
      id: 99,
      invoice_id: approved.id,
      amount: 480,
      date: TODAY,
      notes: '',
      created_at: '',
      updated_at: '',
    });
    const later = new Date('2026-11-19T15:00:00Z');

    const result = await syncForecastBilling(db, forecast, {
      projectId: fixedProjectId,
      now: later,
    });
    expect(result).toMatchObject({
      totalInvoiced: 28_140,
      totalSent: 28_140,
      totalPaid: 14_680,
      overdue: 5_260,
      totalCreated: 29_540,
    });
    expect(result.lastForecastSync).toEqual(later);
    expect(mock.requests).toHaveLength(3);
    const [row] = await db.query<{
      forecast_total_paid: number;
      billing_sent_percentage: number;
      last_forecast_sync: Date;
    }>(
      'SELECT forecast_total_paid, billing_sent_percentage, last_forecast_sync FROM projects WHERE id = $1',
      [fixedProjectId],
    );
    expect(row).toEqual({
      forecast_total_paid: 14_680,
      billing_sent_percentage: 28,
      last_forecast_sync: later,
    });
  });

  it('leaves every stored figure as it was when the write fails halfway', async () => {
    // A successful sync would now change the project row, its invoices and its periods.
    const invoices = mock.data.invoices.filter((i) =>
      i.entries.some((e) => e.project_id === RETAINER),
    );
    invoices[0]!.payments.push({
      id: 98,
      invoice_id: invoices[0]!.id,
      amount: 5_700,
      date: TODAY,
      notes: '',
      created_at: '',
      updated_at: '',
    });
    const current = mock.data.retainerPeriods.find((p) => p.id === 7002)!;
    current.period_locked = true;
    const before = await snapshot();

    // Statements in the transaction: re-read project, update project, delete invoices, insert invoices (fails).
    const error = await syncForecastBilling(failingInTransaction(db, 4), forecast, {
      projectId: retainerProjectId,
      now: new Date(),
    }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('connection lost');
    expect(await snapshot()).toBe(before);

    // The same sync without the failure does change them, so the comparison above means something.
    await syncForecastBilling(db, forecast, { projectId: retainerProjectId, now: NOW });
    expect(await snapshot()).not.toBe(before);
    const [row] = await db.query<{
      forecast_total_paid: number;
      forecast_retainer_periods_completed: number;
    }>(
      'SELECT forecast_total_paid, forecast_retainer_periods_completed FROM projects WHERE id = $1',
      [retainerProjectId],
    );
    // The spanning invoice is now paid in full ($11,400): the retainer's share is all of its $3,000.
    expect(row).toEqual({ forecast_total_paid: 3_000, forecast_retainer_periods_completed: 2 });
  });

  it('leaves stored data unchanged when Forecast fails, and says so', async () => {
    const before = await snapshot();
    mock.setFaults({ serverErrors: { times: 10 }, match: '/invoices' });
    const error = await syncForecastBilling(db, forecast, {
      projectId: fixedProjectId,
      now: new Date(),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).kind).toBe('unavailable');
    expect((error as UpstreamError).message).toMatch(
      /^Forecast: the service is unavailable \(HTTP 500\)/,
    );
    expect(await snapshot()).toBe(before);
  });

  it('answers typed errors for an unknown project and one without a Forecast link', async () => {
    await expect(
      syncForecastBilling(db, forecast, { projectId: 424_242, now: NOW }),
    ).rejects.toBeInstanceOf(ProjectNotFoundError);
    const [plain] = await db.query<{ id: number }>(
      "INSERT INTO projects (name) VALUES ('Internal tooling') RETURNING id",
    );
    await expect(
      syncForecastBilling(db, forecast, { projectId: plain!.id, now: NOW }),
    ).rejects.toBeInstanceOf(NotLinkedToForecastError);
    expect(mock.requests).toEqual([]);
  });

  it("removes a project's stored periods with the project", async () => {
    await db.query('DELETE FROM projects WHERE id = $1', [retainerProjectId]);
    expect(await getRetainerPeriods(db, retainerProjectId, TODAY)).toEqual([]);
  });
});
