import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/app';
import { createTestDb } from '../../../tests/helpers/db';
import { demoUpstream } from '../../../tests/helpers/upstream';
import type { Db } from '../../db/port';
import { seedDemoDashboard } from '../../demo/seed';
import { evaluateAlerts } from '../../services/alerts';
import type { AlertsResponse } from '../../shared/alerts';

/**
 * The demo agency, seeded as `npm start` seeds it, then the alert rules: the alerts that follow
 * from its numbers, once each, for the people allowed to see them.
 */
const { now, server, forecast } = demoUpstream(new Date('2026-11-25T16:00:00Z'));
let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let admin: string;
let admin2: string;
let staff: string;
const evaluate = () =>
  evaluateAlerts({
    db,
    now,
    timeZone: 'UTC',
    qaStatus: 'Ready for QA Testing',
    companyCurrency: 'USD',
  });

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  server.listen({ onUnhandledRequest: 'error' });
  t = createTestApp(db, { clock: () => now });
  await seedDemoDashboard(
    db,
    { jira: t.deps.jira, forecast: t.deps.forecast },
    { spine: forecast.data.spine, now, timeZone: 'UTC' },
  );
  admin = await t.signIn('admin');
  admin2 = await t.signIn('admin');
  staff = await t.signIn('staff');
}, 120_000);
afterAll(async () => {
  server.close();
  await drop();
});

async function get<T>(path: string, cookie: string): Promise<T> {
  const res = await t.request('GET', path, { cookie });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

describe('alerts on the demo agency', () => {
  it('opens the overdue, budget and retainer alerts its numbers call for, with their numbers', async () => {
    const result = await evaluate();
    expect(result.skipped).toEqual([]);
    const { alerts } = await get<AlertsResponse>('/api/alerts', admin);
    const overdue = alerts.find((a) => a.rule === 'overdue');
    expect(overdue, JSON.stringify(alerts, null, 1)).toBeDefined();
    expect(Number(overdue!.numbers.daysOverdue)).toBeGreaterThanOrEqual(14);
    expect(Number(overdue!.numbers.overdueAmount)).toBeGreaterThan(0);
    const burn = alerts.find((a) => a.rule === 'budget_burn');
    expect(burn).toBeDefined();
    expect(
      Math.max(Number(burn!.numbers.costPercent), Number(burn!.numbers.invoicedPercent)),
    ).toBeGreaterThanOrEqual(80);
    const retainer = alerts.find((a) => a.rule === 'retainer');
    expect(retainer).toBeDefined();
    expect(Number(retainer!.numbers.offPercent)).toBeGreaterThan(10);
    for (const a of alerts) {
      expect(a.status).toBe('open');
      expect(a.openedAt).toBe(now.toISOString());
    }
    const staffView = await get<AlertsResponse>('/api/alerts', staff);
    console.log(
      `demo alerts: ${alerts.length} for an admin (${alerts.map((a) => a.rule).join(', ')}), ${staffView.alerts.length} for staff`,
    );
  });

  it('keeps one open alert per rule and subject however often and however concurrently it runs', async () => {
    const before = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM alerts');
    const runs = await Promise.all([evaluate(), evaluate(), evaluate()]);
    expect(runs.every((r) => r.opened.length === 0)).toBe(true);
    const after = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM alerts');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('never shows a money alert to a non-admin: list, count, CSV, single alert', async () => {
    const mine = await get<AlertsResponse>('/api/alerts?status=all', staff);
    expect(
      mine.alerts.some((a) => ['overdue', 'budget_burn', 'retainer', 'margin'].includes(a.rule)),
    ).toBe(false);
    const adminView = await get<AlertsResponse>('/api/alerts', admin);
    const money = adminView.alerts.filter((a) => a.rule === 'overdue' || a.rule === 'budget_burn');
    const count = await get<{ attention: number }>('/api/alerts/count', staff);
    expect(count.attention).toBe(mine.alerts.length);
    const csv = await (
      await t.request('GET', '/api/alerts/export.csv?status=all', { cookie: staff })
    ).text();
    for (const a of money) expect(csv).not.toContain(a.message.slice(0, 20));
    const ack = await t.request('POST', `/api/alerts/${money[0]!.id}/acknowledge`, {
      cookie: staff,
    });
    expect(ack.status).toBe(404);
    const filtered = await get<AlertsResponse>('/api/alerts?rule=overdue', staff);
    expect(filtered.alerts).toEqual([]);
  });

  it('acknowledging removes the alert from that person’s count only', async () => {
    const before = await get<{ attention: number }>('/api/alerts/count', admin);
    const before2 = await get<{ attention: number }>('/api/alerts/count', admin2);
    const { alerts } = await get<AlertsResponse>('/api/alerts', admin);
    const res = await t.request('POST', `/api/alerts/${alerts[0]!.id}/acknowledge`, {
      cookie: admin,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { alert: { acknowledgedAt: string } }).alert.acknowledgedAt).toBe(
      now.toISOString(),
    );
    expect((await get<{ attention: number }>('/api/alerts/count', admin)).attention).toBe(
      before.attention - 1,
    );
    expect((await get<{ attention: number }>('/api/alerts/count', admin2)).attention).toBe(
      before2.attention,
    );
    // Undo brings it back.
    await t.request('DELETE', `/api/alerts/${alerts[0]!.id}/my-state`, { cookie: admin });
    expect((await get<{ attention: number }>('/api/alerts/count', admin)).attention).toBe(
      before.attention,
    );
  });

  it('snoozing hides an alert from the count until the chosen time', async () => {
    const { alerts, attention } = await get<AlertsResponse>('/api/alerts', admin2);
    const res = await t.request('POST', `/api/alerts/${alerts[0]!.id}/snooze`, {
      cookie: admin2,
      body: { hours: 24 },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { alert: { snoozedUntil: string } };
    expect(body.alert.snoozedUntil).toBe(new Date(now.getTime() + 24 * 3_600_000).toISOString());
    expect((await get<{ attention: number }>('/api/alerts/count', admin2)).attention).toBe(
      attention - 1,
    );
    const bad = await t.request('POST', `/api/alerts/${alerts[0]!.id}/snooze`, {
      cookie: admin2,
      body: { hours: 0 },
    });
    expect(bad.status).toBe(400);
  });

  it('closes an alert by itself when its condition clears, and keeps it in the history', async () => {
    const { alerts } = await get<AlertsResponse>('/api/alerts?rule=overdue', admin);
    const target = alerts[0]!;
    await db.query(
      `UPDATE forecast_invoices SET paid = amount WHERE forecast_project_id = (SELECT forecast_project_id FROM projects WHERE id = $1)`,
      [target.projectId],
    );
    await db.query('UPDATE projects SET forecast_overdue_amount = 0 WHERE id = $1', [
      target.projectId,
    ]);
    const result = await evaluate();
    expect(result.closed).toBeGreaterThanOrEqual(1);
    const open = await get<AlertsResponse>(
      `/api/alerts?rule=overdue&projectId=${target.projectId}`,
      admin,
    );
    expect(open.alerts).toEqual([]);
    const closed = await get<AlertsResponse>(
      `/api/alerts?status=closed&projectId=${target.projectId}`,
      admin,
    );
    expect(closed.alerts.find((a) => a.id === target.id)?.closedAt).toBe(now.toISOString());
  });

  it('exports the list as CSV', async () => {
    const res = await t.request('GET', '/api/alerts/export.csv?status=all', { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename=".*alerts-all.*\.csv"/,
    );
    const text = await res.text();
    expect(text.split('\r\n')[0]).toContain('Rule,Project,Status,Opened,Closed,Message');
    expect(text).toContain('Overdue invoice');
  });
});
