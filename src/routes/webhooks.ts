import { Hono } from 'hono';
import type { AppEnv } from '../env';
import type { WebhookSource } from '../db/live';
import { receiveDelivery, webhookSecretsFrom } from '../services/live/receive';

/**
 * The upstreams' webhook receivers (docs/decisions/400-live-webhooks-inbox-and-queue.md): no
 * session and no Origin, each upstream proves itself its own way; the delivery is stored and
 * its job added before the answer, and applied after it.
 */
function receiver(source: WebhookSource) {
  return async (c: import('hono').Context<AppEnv>) => {
    const { deps } = c.var;
    const result = await receiveDelivery(
      {
        db: deps.db,
        jobs: deps.jobs,
        clock: deps.clock,
        secrets: deps.webhookSecrets ?? webhookSecretsFrom(deps.config),
      },
      source,
      {
        rawBody: await c.req.text(),
        header: (name) => c.req.header(name),
        token: c.req.param('token'),
      },
    );
    return c.json(result.body, result.status);
  };
}

export const webhooksApi = new Hono<AppEnv>()
  .post('/jira', receiver('jira'))
  .post('/forecast/:token', receiver('forecast'))
  .post('/pipedrive', receiver('pipedrive'));
