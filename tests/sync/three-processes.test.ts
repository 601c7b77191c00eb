import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../helpers/db';
import { type ServerProcesses, startServerProcesses } from '../helpers/server-processes';
import { startUpstreamServer, type UpstreamServer } from '../helpers/upstream-server';

/**
 * Three built servers on one PostgreSQL database, each offering every interval's refresh job to
 * the job queue, against one stand-in for Jira and Forecast that counts every call: between them
 * they must make exactly one refresh per interval (docs/decisions/130-one-refresh-runner.md,
 * docs/decisions/403-catch-up-and-scheduling-on-the-queue.md).
 */
const INTERVAL_S = 3;
const SLOTS = 4;

if (!process.env.DATABASE_URL) {
  describe('three app processes on one PostgreSQL', () => {
    it.skip('skipped: needs DATABASE_URL (several processes cannot share the embedded database)', () => {});
  });
} else {
  describe('three app processes on one PostgreSQL', () => {
    let upstream: UpstreamServer;
    let drop: () => Promise<void>;
    let query: (sql: string) => Promise<Record<string, unknown>[]>;
    let servers: ServerProcesses | undefined;

    beforeAll(async () => {
      upstream = await startUpstreamServer();
      const created = await createTestDb();
      drop = created.drop;
      query = (sql) => created.db.query(sql);
      // Every process listens (and so runs its schedule) before the count starts.
      servers = await startServerProcesses(3, created.url!, () => ({
        SYNC_INTERVAL_SECONDS: String(INTERVAL_S),
        ...upstream.env,
      }));
    }, 90_000);

    afterAll(async () => {
      await servers?.stop();
      await upstream?.close();
      await drop?.();
    }, 30_000);

    it(
      'makes exactly one refresh per interval between them, counted at the upstream',
      async () => {
        const intervalMs = INTERVAL_S * 1000;
        // The run at start is not a slot's: counting begins after it, which on a loaded machine
        // can take longer than one interval.
        const startDeadline = Date.now() + 30_000;
        while (
          Date.now() < startDeadline &&
          (await query(`SELECT 1 FROM sync_runs WHERE trigger = 'start' AND outcome <> 'running'`))
            .length === 0
        )
          await new Promise((r) => setTimeout(r, 200));
        const firstSlot = Math.floor(Date.now() / intervalMs) + 1;
        const lastSlot = firstSlot + SLOTS - 1;
        // Wait until the last counted slot has ended and its run has had time to finish.
        await new Promise((r) => setTimeout(r, (lastSlot + 1) * intervalMs - Date.now() + 1_500));

        // Each refresh reads Forecast's person list once: count those per slot. A refresh that
        // also renews the hourly capacity plan reads it a second time, at the same moment as
        // the holiday calendars, which nothing else reads: those are taken off.
        const perSlot = new Map<number, number>();
        for (const r of upstream.requests) {
          const weight = { '/api/v2/persons': 1, '/api/v1/holiday_calendars': -1 }[r.path];
          if (!weight) continue;
          const slot = Math.floor(r.at / intervalMs);
          perSlot.set(slot, (perSlot.get(slot) ?? 0) + weight);
        }
        const counted = Array.from({ length: SLOTS }, (_, k) => perSlot.get(firstSlot + k) ?? 0);
        expect(counted, servers!.logs.join('\n')).toEqual(Array(SLOTS).fill(1));

        // The history agrees, every run succeeded, and more than one process took its turn.
        const runs = await query(
          `SELECT trigger, runner, outcome FROM sync_runs
            WHERE trigger IN ('start', 'schedule') ORDER BY started_at`,
        );
        // The hourly capacity plan reads the person list too, beside the holiday calendars.
        const capacityReads = upstream.requests.filter(
          (q) => q.path === '/api/v1/holiday_calendars',
        ).length;
        expect(runs.length).toBe(
          upstream.requests.filter((q) => q.path === '/api/v2/persons').length - capacityReads,
        );
        expect(runs.every((r) => r.outcome === 'succeeded' || r.outcome === 'running')).toBe(true);
        expect(runs[0]!.trigger).toBe('start');
        // The slots came as the queue's jobs, one per slot whoever offered it, and none waits twice.
        const [slots] = await query(
          `SELECT count(*) FILTER (WHERE state = 'completed')::int AS done,
                  count(*) FILTER (WHERE state = 'created')::int AS waiting
             FROM pgboss.job WHERE name = 'refresh'`,
        );
        expect(Number(slots!.done)).toBeGreaterThanOrEqual(SLOTS);
        expect(Number(slots!.waiting)).toBe(1);
        // One JSON line per finished run, across the three processes' output.
        const lines = servers!.logs
          .join('\n')
          .split('\n')
          .filter((l) => l.startsWith('{"event":"sync_run"'));
        expect(lines.length).toBeGreaterThanOrEqual(SLOTS);
        console.log(
          `three processes, ${SLOTS} intervals of ${INTERVAL_S} s: refreshes per interval ${counted.join(', ')}; upstream calls ${upstream.requests.length}; runners ${[...new Set(runs.map((r) => r.runner))].length}`,
        );
      },
      (SLOTS + 3) * INTERVAL_S * 1000 + 40_000,
    );
  });
}
