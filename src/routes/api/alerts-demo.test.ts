import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/app';
import { type SeededDemoApp, seededDemoApp } from '../../../tests/helpers/demo-app';
import { demoUpstream } from '../../../tests/helpers/upstream';
import type { Db } from '../../db/port';
import { evaluateAlerts } from '../../services/alerts';
import type { AlertsResponse } from '../../shared/alerts';

/**
 * The demo agency, seeded as `npm start` seeds it, then the alert rules: the alerts that follow
 * from its numbers, once each, for the people allowed to see them.
 */
const upstream = demoUpstream(new Date('2026-11-25T16:00:00Z'));
const { now } = upstream;
let db: Db;
let demo: SeededDemoApp;
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
    publicHolidays: null,
    companyCurrency: 'USD',
  });

beforeAll(async () => {
  demo = await seededDemoApp(upstream);
  ({ db, t } = demo);
  admin = await t.signIn('admin');
  admin2 = await t.signIn('admin');
  staff = await t.signIn('staff');
}, 120_000);
afterAll(() => demo.close());

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
    expect(Number(burn!.numbers.costPercent)).toBeGreaterThanOrEqual(80);
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

  it('reaches only the roles that can act on each alert: none for a plain user', async () => {
    const user = await t.signIn('user');
    expect((await get<AlertsResponse>('/api/alerts?status=all', user)).alerts).toEqual([]);
    expect((await get<{ attention: number }>('/api/alerts/count', user)).attention).toBe(0);
    const staffView = await get<AlertsResponse>('/api/alerts?status=all', staff);
    for (const a of staffView.alerts)
      expect(['velocity', 'blocked', 'availability']).toContain(a.rule);
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
    // The message after its project's name: another rule's alert may name the same project.
    for (const a of money) expect(csv).not.toContain(a.message.slice(a.message.indexOf(': ') + 2));
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

  it('acknowledges several at once for that person only, all or none, and answers the bell count', async () => {
    const mine = await t.signIn('admin');
    const other = await t.signIn('staff');
    const { alerts, attention } = await get<AlertsResponse>('/api/alerts', mine);
    expect(alerts.length).toBeGreaterThanOrEqual(2);
    const adminBefore = await get<{ attention: number }>('/api/alerts/count', admin);
    const ids = alerts.slice(0, 2).map((a) => a.id);

    // A repeated id counts once; the answer is the bell's new number, the same as /count's.
    const res = await t.request('POST', '/api/alerts/acknowledge', {
      cookie: mine,
      body: { ids: [...ids, ids[0]] },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ acknowledged: 2, attention: attention - 2 });
    expect((await get<{ attention: number }>('/api/alerts/count', mine)).attention).toBe(
      attention - 2,
    );
    const after = await get<AlertsResponse>('/api/alerts', mine);
    for (const id of ids)
      expect(after.alerts.find((a) => a.id === id)?.acknowledgedAt).toBe(now.toISOString());
    // Nobody else's count moves.
    expect((await get<{ attention: number }>('/api/alerts/count', admin)).attention).toBe(
      adminBefore.attention,
    );

    // A money alert is not the staff member's to acknowledge: the whole call is refused.
    const [own] = await db.query<{ id: number }>(
      `INSERT INTO alerts (rule, subject, money, opened_at, last_seen_at, message, numbers)
       VALUES ('blocked', 'project:bulk-ack', false, $1, $1, 'Blocked tickets.', '{}') RETURNING id`,
      [now],
    );
    const ownId = Number(own!.id);
    const money = (await get<AlertsResponse>('/api/alerts', admin)).alerts.find(
      (a) => a.rule === 'budget_burn' || a.rule === 'retainer',
    )!;
    const staffBefore = (await get<{ attention: number }>('/api/alerts/count', other)).attention;
    const refused = await t.request('POST', '/api/alerts/acknowledge', {
      cookie: other,
      body: { ids: [ownId, money.id] },
    });
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { message: string }).message).toContain(String(money.id));
    expect((await get<{ attention: number }>('/api/alerts/count', other)).attention).toBe(
      staffBefore,
    );
    const gone = await t.request('POST', '/api/alerts/acknowledge', {
      cookie: other,
      body: { ids: [ownId, 999_999_999] },
    });
    expect(gone.status).toBe(404);

    const ok = await t.request('POST', '/api/alerts/acknowledge', {
      cookie: other,
      body: { ids: [ownId] },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ acknowledged: 1, attention: staffBefore - 1 });
  });

  it('refuses a bad bulk acknowledge with a 400 naming the problem, changing nothing', async () => {
    const { alerts, attention } = await get<AlertsResponse>('/api/alerts', admin2);
    const bodies: [unknown, RegExp][] = [
      [{ ids: [] }, /at least one alert/],
      [{ ids: ['1'] }, /must be a number/],
      [{ ids: [1.5] }, /whole number/],
      [{ ids: [0] }, /positive/],
      [{ ids: alerts[0]!.id }, /list of alert ids/],
      [{ ids: Array.from({ length: 501 }, (_, i) => i + 1) }, /at most 500/],
      [{ ids: [alerts[0]!.id], projectId: 1 }, /projectId/],
      [{}, /ids/],
    ];
    for (const [body, message] of bodies) {
      const res = await t.request('POST', '/api/alerts/acknowledge', { cookie: admin2, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message, JSON.stringify(body)).toMatch(
        message,
      );
    }
    expect((await get<{ attention: number }>('/api/alerts/count', admin2)).attention).toBe(
      attention,
    );
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
