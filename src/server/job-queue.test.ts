import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobQueueSql } from '../db/job-queue-sql';
import type { Db } from '../db/port';
import { createPostgresDb } from '../db/postgres';
import { JOB } from '../services/live/jobs';
import { nextSlotStart } from '../services/refresh';
import { offerNextSlot, REFRESH_SLOT_KEY } from '../services/refresh-jobs';
import { createTestDb } from '../../tests/helpers/db';
import { type RunningJobQueue, startJobQueue } from './job-queue';

/**
 * pg-boss itself, over our database port, on whichever database the suite runs on (PGlite or
 * PostgreSQL): the properties the app relies on, not pg-boss's own test suite.
 */
describe('the job queue (pg-boss over the Db port)', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let queue: RunningJobQueue;
  const seen: Record<string, unknown>[] = [];

  beforeAll(async () => {
    ({ db, drop } = await createTestDb());
    queue = await startJobQueue(db, {
      refreshIntervalSeconds: 300,
      refreshExpireSeconds: 600,
      log: () => {},
    });
  });
  afterAll(async () => {
    await queue.stop();
    await drop();
  });

  it('adds a job only when the transaction it was sent in commits', async () => {
    const kept = await db.transaction((tx) => queue.send(JOB.delivery, { deliveryId: 1 }, { tx }));
    expect(kept).toEqual(expect.any(String));
    await db
      .transaction(async (tx) => {
        await queue.send(JOB.delivery, { deliveryId: 2 }, { tx });
        throw new Error('roll back');
      })
      .catch(() => {});
    expect((await queue.pending())[JOB.delivery]).toBe(1);
  });

  it('runs the jobs on a worker, and a woken worker at once', async () => {
    await queue.work({
      [JOB.delivery]: async (data) => {
        seen.push(data);
      },
    });
    await queue.send(JOB.delivery, { deliveryId: 3 });
    queue.wake(JOB.delivery);
    await expect
      .poll(() => seen.map((d) => d.deliveryId).sort(), { timeout: 5_000 })
      .toEqual([1, 3]);
  });

  it("keeps one refresh job waiting, for the next slot's start, whoever offers it", async () => {
    const now = new Date();
    const offers = await Promise.all([1, 2, 3].map(() => offerNextSlot(queue, 300_000, now)));
    expect(offers.filter(Boolean)).toHaveLength(1);
    const [waiting] = await db.query<{ start_after: Date }>(
      `SELECT start_after FROM pgboss.job WHERE name = '${JOB.refresh}' AND state = 'created'`,
    );
    expect(new Date(waiting!.start_after).getTime()).toBe(nextSlotStart(now, 300_000).getTime());
    // The repair timetable's job, while a slot's job waits, is kept out the same way.
    expect(
      await queue.send(JOB.refresh, { trigger: 'schedule' }, { singletonKey: REFRESH_SLOT_KEY }),
    ).toBeNull();
  });

  it("stores a job's data as an object, and makes a schedule's jobs", async () => {
    const id = await queue.send(JOB.delivery, { deliveryId: 4 });
    const [sent] = await db.query<{ type: string }>(
      'SELECT jsonb_typeof(data) AS type FROM pgboss.job WHERE id = $1',
      [id],
    );
    expect(sent!.type).toBe('object');
    // A cron schedule's jobs are added by pg-boss's insert, all of them as one JSON text.
    const boss = new PgBoss({ db: jobQueueSql(db) as PgBoss.Db });
    await boss.insert([{ name: JOB.digest, data: { from: 'the schedule' } }]);
    const [scheduled] = await db.query<{ type: string; from: string }>(
      `SELECT jsonb_typeof(data) AS type, data->>'from' AS "from" FROM pgboss.job
        WHERE name = '${JOB.digest}' AND state = 'created'`,
    );
    expect(scheduled).toEqual({ type: 'object', from: 'the schedule' });
  });
});

describe.runIf(process.env.DATABASE_URL)(
  'the job queue, started by several processes at once',
  () => {
    it('starts in each of them on a database that has no queue yet', async () => {
      const { db, drop, url } = await createTestDb();
      // One pool per "process", as the app's servers each have: they race to install pg-boss.
      const pools = [db, ...[1, 2, 3, 4].map(() => createPostgresDb(url!, { max: 2 }))];
      const settings = { refreshIntervalSeconds: 300, refreshExpireSeconds: 600, log: () => {} };
      try {
        const started = await Promise.allSettled(pools.map((p) => startJobQueue(p, settings)));
        const failures = started.flatMap((s) =>
          s.status === 'rejected' ? [String(s.reason)] : [],
        );
        expect(failures).toEqual([]);
        for (const s of started) if (s.status === 'fulfilled') await s.value.stop();
      } finally {
        for (const p of pools.slice(1)) await p.close();
        await drop();
      }
    }, 60_000);
  },
);
