import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpstreamServer, type UpstreamServer } from '../helpers/upstream-server';
import { startWranglerDev, whyNoWorkerTests, type WranglerDev } from '../helpers/wrangler';

/**
 * The Worker's Cron Trigger under wrangler dev against the local PostgreSQL, with Jira and
 * Forecast answered by a local stand-in that counts every call (docs/decisions/130, 143).
 *
 * The trigger is miniflare's /cdn-cgi/handler/scheduled, which `wrangler dev` always serves.
 * `wrangler dev --test-scheduled` serves /__scheduled instead by bundling a middleware in front
 * of the Worker, which wrangler cannot do with `no_bundle = true` (our esbuild bundle is taken
 * as is): that path reaches the Worker's own fetch and answers 404. And with an [assets]
 * section, wrangler dev routes the event to its asset router, which answers 'exception', so
 * this runs from a copy of wrangler.toml without it (the same Worker, bindings and vars).
 */

const why = await whyNoWorkerTests();
const CRON = '*/5 * * * *';

if (why) {
  describe("the Worker's scheduled refresh under wrangler dev", () => {
    it.skip(`skipped: ${why}`, () => {});
  });
} else {
  describe("the Worker's scheduled refresh under wrangler dev", () => {
    let upstream: UpstreamServer;
    let worker: WranglerDev;

    beforeAll(async () => {
      upstream = await startUpstreamServer();
      worker = await startWranglerDev({
        name: 'worker_scheduled',
        vars: upstream.env,
        withoutAssets: true,
      });
    }, 60_000);

    afterAll(async () => {
      await worker?.stop();
      await upstream?.close();
    }, 30_000);

    const trigger = () =>
      fetch(`${worker.origin}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(CRON)}`);

    it('stores time data and the stale Jira project, records one run, and a second trigger in the same interval calls no one', async () => {
      const sql = worker.inDatabase();
      try {
        // A project linked to Jira and Forecast whose copies were never synced.
        const [project] = await sql<{ id: number }[]>`
          INSERT INTO projects (name, team_name, forecast_project_id, jira_project_key, visible)
          VALUES ('Scheduled Project', 'Team 1', 4001, 'ASR', 1) RETURNING id`;
        const callsBefore = upstream.requests.length;

        const res = await trigger();
        expect(res.status, `${await res.clone().text()}\n${worker.output()}`).toBe(200);

        // The handler awaits its run, so the run is recorded when the trigger answers.
        const runs = await sql<
          { trigger: string; runner: string; outcome: string; upstream_calls: number }[]
        >`SELECT trigger, runner, outcome, upstream_calls FROM sync_runs ORDER BY id`;
        expect(runs, worker.output()).toHaveLength(1);
        expect(runs[0]).toMatchObject({
          trigger: 'schedule',
          runner: 'worker',
          outcome: 'succeeded',
        });
        // Every call of the run went to the stand-in and was counted on the run.
        expect(runs[0]!.upstream_calls).toBeGreaterThan(0);
        expect(upstream.requests.length - callsBefore).toBe(runs[0]!.upstream_calls);

        const [stored] = await sql<{ time: number; issues: number; synced: Date | null }[]>`
          SELECT (SELECT count(*)::int FROM forecast_time_registrations) AS time,
                 (SELECT count(*)::int FROM jira_issues WHERE project_id = ${project!.id}) AS issues,
                 (SELECT last_jira_sync FROM projects WHERE id = ${project!.id}) AS synced`;
        expect(stored!.time).toBeGreaterThan(0);
        expect(stored!.issues).toBeGreaterThan(0);
        expect(stored!.synced).not.toBeNull();

        // The run moved the next slot on: the Cron Trigger firing again now finds it not due.
        const callsAfter = upstream.requests.length;
        expect((await trigger()).status).toBe(200);
        expect(upstream.requests.length).toBe(callsAfter);
        const [count] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM sync_runs`;
        expect(count!.n).toBe(1);
      } finally {
        await sql.end();
      }
    }, 60_000);
  });
}
