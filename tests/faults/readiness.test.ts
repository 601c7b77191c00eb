import { afterAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from '../../src/db/pglite';
import type { Db } from '../../src/db/port';
import { READY_REFRESH_FAILED_INTERVALS } from '../../src/services/readiness';
import { createTestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';

// /healthz: the process is alive. /readyz: it can serve pages (docs/decisions/272).

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

describe('readiness', () => {
  it('fails on an empty, unmigrated database while /healthz says the process lives', async () => {
    const db = await createPgliteDb();
    closers.push(() => db.close());
    const t = createTestApp(db);
    expect((await t.request('GET', '/healthz')).status).toBe(200);
    const ready = await t.request('GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { message: string }).message).toMatch(
      /^The database lacks \d+ migrations \(0001_initial, .*npm run db:migrate/,
    );
  }, 120_000);

  it('fails once the refresh has failed for more than the allowed intervals, and recovers', async () => {
    const { db, drop } = await createTestDb();
    closers.push(drop);
    const t = createTestApp(db);
    expect((await t.request('GET', '/readyz')).status).toBe(200);
    const interval = t.deps.refresh.settings.intervalMs;
    const run = (db: Db, ago: number, outcome: string) =>
      db.query(
        `INSERT INTO sync_runs (trigger, runner, started_at, finished_at, outcome)
         VALUES ('schedule', 'test', $1, $1, $2)`,
        [new Date(Date.now() - ago), outcome],
      );
    // Failing for one interval: still ready.
    await run(db, interval, 'failed');
    expect((await t.request('GET', '/readyz')).status).toBe(200);
    // Failing since longer than the limit.
    await run(db, (READY_REFRESH_FAILED_INTERVALS + 1) * interval, 'failed');
    const ready = await t.request('GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { message: string }).message).toMatch(
      /The background refresh has failed since/,
    );
    // A success since puts it right.
    await run(db, 1000, 'succeeded');
    expect((await t.request('GET', '/readyz')).status).toBe(200);
  }, 120_000);
});
