import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import type { Db } from '../../src/db/port';
import { startDemoMocks, type DemoMocks } from '../../src/demo/mocks';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';

// The audit log is kept for AUDIT_RETENTION_DAYS (two years unless set) and pruned after each
// sync run (docs/decisions/284); the attack run found it never pruned. The webhook inbox and the
// live change feed keep 30 days, pruned at the same time (docs/decisions/440).
let db: Db;
let drop: () => Promise<void>;
let mocks: DemoMocks;
let t: TestApp;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  mocks = startDemoMocks(loadConfig({ NODE_ENV: 'test' }), new Date(), {
    onUnhandledRequest: 'error',
  });
  t = createTestApp(db, { demoFetch: mocks.fetch, env: { AUDIT_RETENTION_DAYS: '30' } });
});
afterAll(async () => {
  await t.idle();
  mocks.close();
  await drop();
});

const entryAged = (days: number, target: string) =>
  db.query(
    `INSERT INTO audit_log (actor_email, kind, target, summary, at)
     VALUES ('old@agency.test', 'project.team', $1, 'Team changed', now() - make_interval(days => $2))`,
    [target, days],
  );

describe('the audit log', () => {
  it('is kept for two years unless AUDIT_RETENTION_DAYS says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).AUDIT_RETENTION_DAYS).toBe(730);
    expect(() => loadConfig({ NODE_ENV: 'test', AUDIT_RETENTION_DAYS: '0' })).toThrow(
      /AUDIT_RETENTION_DAYS/,
    );
  });

  it('loses its entries older than the retention after a sync run, and keeps the rest', async () => {
    await entryAged(800, 'two years ago');
    await entryAged(31, 'last month');
    await entryAged(29, 'this month');
    await entryAged(0, 'today');
    const ran = await t.deps.refresh.run('sync_now');
    expect(ran.started).toBe(true);
    const left = await db.query<{ target: string }>(
      "SELECT target FROM audit_log WHERE actor_email = 'old@agency.test' ORDER BY at",
    );
    expect(left.map((r) => r.target)).toEqual(['this month', 'today']);
  });
});

describe('the webhook inbox and the live pages’ change feed', () => {
  it('lose what was handled more than 30 days ago after a sync run; a delivery still waiting stays', async () => {
    const delivery = (id: string, days: number, status: string) =>
      db.query(
        `INSERT INTO webhook_deliveries (source, delivery_id, event, received_at, body, status)
         VALUES ('jira', $1, 'jira:issue_updated', now() - make_interval(days => $2), '{}', $3)`,
        [id, days, status],
      );
    await delivery('applied-31', 31, 'applied');
    await delivery('dead-31', 31, 'dead');
    await delivery('waiting-31', 31, 'received');
    await delivery('applied-29', 29, 'applied');
    await db.query(
      `INSERT INTO live_changes (at, topic, money) VALUES
         (now() - interval '31 days', 'jira', false), (now() - interval '29 days', 'time', true)`,
    );
    const ran = await t.deps.refresh.run('sync_now');
    expect(ran.started).toBe(true);
    const deliveries = await db.query<{ delivery_id: string }>(
      'SELECT delivery_id FROM webhook_deliveries ORDER BY delivery_id',
    );
    expect(deliveries.map((r) => r.delivery_id)).toEqual(['applied-29', 'waiting-31']);
    const changes = await db.query<{ topic: string }>(
      "SELECT topic FROM live_changes WHERE at < now() - interval '1 day'",
    );
    expect(changes.map((r) => r.topic)).toEqual(['time']);
  });
});

describe('the audit log, read a page at a time', () => {
  it('gives 50 entries per page, newest first, in the call and on the page', async () => {
    await db.query(
      `INSERT INTO audit_log (actor_email, kind, target, summary, at)
       SELECT 'pager@agency.test', 'project.team', 'Project ' || n, 'Team changed',
              now() - make_interval(mins => n)
         FROM generate_series(1, 209) AS n`,
    );
    const admin = await t.signIn('admin');
    const read = async (query: string) => {
      const res = await t.request('GET', `/api/admin/audit?person=pager${query}`, {
        cookie: admin,
      });
      expect(res.status).toBe(200);
      return (await res.json()) as {
        entries: { target: string }[];
        page: number;
        hasOlder: boolean;
      };
    };
    const first = await read('');
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]!.target).toBe('Project 1');
    expect(first.hasOlder).toBe(true);
    const last = await read('&page=5');
    expect(last.entries.map((e) => e.target)).toEqual(
      Array.from({ length: 9 }, (_, i) => `Project ${201 + i}`),
    );
    expect(last.hasOlder).toBe(false);

    const html = await (
      await t.request('GET', '/agency/audit?person=pager&page=2', { cookie: admin })
    ).text();
    expect(html.match(/data-testid="audit-entry"/g)).toHaveLength(50);
    expect(html).toContain('Changes 51 to 100, newest first.');
    expect(html).toContain('href="/agency/audit?person=pager&amp;page=3"');
    expect(html).toContain('href="/agency/audit?person=pager"');
    // The CSV still holds every selected entry.
    const csv = await t.request('GET', '/api/admin/audit/csv?person=pager&page=2', {
      cookie: admin,
    });
    expect((await csv.text()).trim().split('\n')).toHaveLength(210);
  });
});
