import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueUpdatedEvent, signedDelivery } from '../../src/mocks/jira/webhooks';
import { startUpstreamServer, type UpstreamServer } from '../helpers/upstream-server';
import { startWranglerDev, whyNoWorkerTests, type WranglerDev } from '../helpers/wrangler';

/**
 * Jira's signed deliveries to the Worker under wrangler dev, with the Queue of wrangler.toml run
 * by miniflare: the receiver stores the delivery and sends its id to the Queue, and the Worker's
 * queue handler applies it with the same consumer as Node's jobs
 * (docs/decisions/403-catch-up-and-scheduling-on-the-queue.md).
 */

const why = await whyNoWorkerTests();
const SECRET = 'worker-webhook-secret';
const CRON = '*/5 * * * *';

if (why) {
  describe("the Worker's webhook deliveries on Queues", () => {
    it.skip(`skipped: ${why}`, () => {});
  });
} else {
  describe("the Worker's webhook deliveries on Queues", () => {
    let upstream: UpstreamServer;
    let worker: WranglerDev;

    beforeAll(async () => {
      upstream = await startUpstreamServer();
      worker = await startWranglerDev({
        name: 'worker_deliveries',
        vars: { ...upstream.env, JIRA_WEBHOOK_SECRET: SECRET },
        withoutAssets: true,
      });
    }, 60_000);

    afterAll(async () => {
      await worker?.stop();
      await upstream?.close();
    }, 30_000);

    it('applies a signed delivery through the queue once, and answers its repeat as a duplicate', async () => {
      const sql = worker.inDatabase();
      try {
        // A linked project, read once by the Cron Trigger's refresh.
        await sql`
          INSERT INTO projects (name, team_name, forecast_project_id, jira_project_key, visible)
          VALUES ('Queued Project', 'Team 1', 4001, 'ASR', 1)`;
        const ran = await fetch(
          `${worker.origin}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(CRON)}`,
        );
        expect(ran.status, worker.output()).toBe(200);

        const jira = upstream.data.jira;
        const issue = jira
          .detail('ASR')
          .issues.find((i) => i.typeName !== 'Epic' && i.status.name !== 'Done')!;
        jira.transitionIssue(issue.key, 'Done', new Date());
        const delivery = signedDelivery(issueUpdatedEvent(jira, issue), SECRET, 'worker-1');
        const answer = await upstream.deliver(`${worker.origin}/webhooks/jira`, delivery);
        expect(answer.status, worker.output()).toBe(202);

        const statusOf = async () =>
          (
            await sql<{ status_name: string }[]>`
              SELECT status_name FROM jira_issues WHERE issue_key = ${issue.key}`
          )[0]?.status_name;
        await expect.poll(statusOf, { timeout: 30_000, interval: 250 }).toBe('Done');
        const [row] = await sql<{ status: string }[]>`
          SELECT status FROM webhook_deliveries WHERE delivery_id = 'worker-1'`;
        expect(row!.status).toBe('applied');

        const again = await upstream.deliver(`${worker.origin}/webhooks/jira`, delivery);
        expect(again.status).toBe(200);
        const [transitions] = await sql<{ n: number }[]>`
          SELECT count(*)::int AS n FROM jira_status_transitions
           WHERE issue_key = ${issue.key} AND to_status_name = 'Done'`;
        expect(transitions!.n).toBe(1);
      } finally {
        await sql.end();
      }
    }, 90_000);
  });
}
