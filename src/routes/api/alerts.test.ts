import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/app';
import { createTestDb } from '../../../tests/helpers/db';
import { listDigestRecipients } from '../../db/alerts';
import type { Db } from '../../db/port';
import { alertsAfterRun } from '../../services/alerts';
import { UpstreamError } from '../../services/http';
import { createRefreshRunner, refreshSettingsFrom } from '../../services/refresh';
import { DEFAULT_THRESHOLDS } from '../../shared/alerts';

/**
 * Thresholds edited by admins (validated, recorded), the digest toggle, and evaluation as the
 * refresh runner's afterRun hook, on a hand-sized dashboard.
 */
const now = new Date('2026-11-25T12:00:00Z');
let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let admin: string;
let staff: string;
let projectId: number;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db, { clock: () => now });
  admin = await t.signIn('admin', 'thresholds-admin@agency.test');
  staff = await t.signIn('staff', 'keen-staff@agency.test');
  // An invoice 10 days overdue: below the default 14 days, above 7.
  const [p] = await db.query<{ id: number }>(
    `INSERT INTO projects (name, visible, forecast_project_id, forecast_overdue_amount) VALUES ('Acme', 1, 601, 500) RETURNING id`,
  );
  projectId = p!.id;
  await db.query(
    `INSERT INTO forecast_invoices (invoice_id, forecast_project_id, invoice_date, due_date, status, amount, paid)
     VALUES (1, 601, '2026-10-01', '2026-11-15', 'SENT', 500, 0)`,
  );
}, 60_000);
afterAll(async () => {
  await t.idle();
  await drop();
});

/** A client whose every method fails as an unreachable service does. */
const unreachable = <T>(service: 'Jira' | 'Forecast') =>
  new Proxy(
    {},
    {
      get: () => async () => {
        throw new UpstreamError(service, 'network', 'unreachable in this test');
      },
    },
  ) as T;

const runnerWithAlerts = () =>
  createRefreshRunner({
    db,
    // Every upstream call fails at once, so the run fails: what matters is what follows it.
    connect: () => ({ jira: unreachable('Jira'), forecast: unreachable('Forecast') }),
    clock: () => now,
    timeZone: 'UTC',
    settings: { ...refreshSettingsFrom(t.deps.config), progressMs: 50 },
    runner: 'test',
    log: () => {},
    afterRun: alertsAfterRun({
      db,
      clock: () => now,
      timeZone: 'UTC',
      qaStatus: 'Ready for QA Testing',
      publicHolidays: null,
      companyCurrency: 'USD',
    }),
  });

describe('alert thresholds and evaluation after a refresh run', () => {
  it('shows the defaults, and refuses non-admins', async () => {
    const res = await t.request('GET', '/api/admin/alert-settings', { cookie: admin });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      thresholds: typeof DEFAULT_THRESHOLDS;
      changes: unknown[];
    };
    expect(body.thresholds).toEqual(DEFAULT_THRESHOLDS);
    expect(body.changes).toEqual([]);
    expect((await t.request('GET', '/api/admin/alert-settings', { cookie: staff })).status).toBe(
      403,
    );
    expect(
      (
        await t.request('PUT', '/api/admin/alert-settings', {
          cookie: staff,
          body: DEFAULT_THRESHOLDS,
        })
      ).status,
    ).toBe(403);
  });

  it('evaluates the rules after every run: nothing at 10 days overdue with the default 14', async () => {
    await runnerWithAlerts().run('sync_now');
    const rows = await db.query(`SELECT rule FROM alerts WHERE rule = 'overdue'`);
    expect(rows).toEqual([]);
  });

  it('refuses a threshold out of its bounds with a message naming it, and changes nothing', async () => {
    const res = await t.request('PUT', '/api/admin/alert-settings', {
      cookie: admin,
      body: { ...DEFAULT_THRESHOLDS, overdueDays: 0 },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /overdueDays must be at least 1/,
    );
    const missing = await t.request('PUT', '/api/admin/alert-settings', {
      cookie: admin,
      body: { overdueDays: 7 },
    });
    expect(missing.status).toBe(400);
    expect(await db.query('SELECT 1 FROM alert_settings_changes')).toEqual([]);
  });

  it('saves new thresholds, records who changed what, and the next run uses them', async () => {
    const res = await t.request('PUT', '/api/admin/alert-settings', {
      cookie: admin,
      body: { ...DEFAULT_THRESHOLDS, overdueDays: 7 },
    });
    expect(res.status).toBe(200);
    const after = (await (
      await t.request('GET', '/api/admin/alert-settings', { cookie: admin })
    ).json()) as {
      thresholds: typeof DEFAULT_THRESHOLDS;
      changes: {
        changedBy: string;
        before: { overdueDays: number };
        after: { overdueDays: number };
      }[];
    };
    expect(after.thresholds.overdueDays).toBe(7);
    expect(after.changes[0]).toMatchObject({
      changedBy: 'thresholds-admin@agency.test',
      before: { overdueDays: 14 },
      after: { overdueDays: 7 },
    });
    await runnerWithAlerts().run('sync_now');
    const [alert] = await db.query<{ project_id: number; numbers: { daysOverdue: number } }>(
      `SELECT project_id, numbers FROM alerts WHERE rule = 'overdue' AND closed_at IS NULL`,
    );
    expect(alert).toMatchObject({ project_id: projectId, numbers: { daysOverdue: 10 } });
    // The settings screen shows the admin the form with the saved value and who saved it.
    const page = await (await t.request('GET', '/agency/settings', { cookie: admin })).text();
    expect(page).toContain('Alert Thresholds');
    expect(page).toContain('Last changed by thresholds-admin@agency.test');
    const staffPage = await (await t.request('GET', '/agency/settings', { cookie: staff })).text();
    expect(staffPage).not.toContain('Alert Thresholds');
    expect(staffPage).toContain('E-mail me the Monday digest');
  });
});

describe('the Monday digest toggle', () => {
  it('adds and removes a staff member from the recipients; admins always get it', async () => {
    const emails = async () => (await listDigestRecipients(db)).map((r) => r.email);
    expect(await emails()).not.toContain('keen-staff@agency.test');
    const on = await t.request('PUT', '/api/digest-subscription', {
      cookie: staff,
      body: { subscribed: true },
    });
    expect(await on.json()).toEqual({ subscribed: true, alwaysSent: false });
    expect(await emails()).toContain('keen-staff@agency.test');
    await t.request('PUT', '/api/digest-subscription', {
      cookie: staff,
      body: { subscribed: false },
    });
    expect(await emails()).not.toContain('keen-staff@agency.test');
    const adminOff = await t.request('PUT', '/api/digest-subscription', {
      cookie: admin,
      body: { subscribed: false },
    });
    expect(await adminOff.json()).toEqual({ subscribed: true, alwaysSent: true });
    expect(await emails()).toContain('thresholds-admin@agency.test');
  });
});
