import manifest from 'virtual:asset-manifest';
import { createPasswordHasher } from './auth/password';
import { type Config, loadConfig } from './config';
import { migrate } from './db/migrate';
import type { Db } from './db/port';
import { createPostgresDb } from './db/postgres';
import type { AppDeps } from './env';
import type { AssetManifest } from './render/assets';
import { createRuntime } from './runtime';
import { runDigest } from './services/digest';
import { runScheduledRefresh } from './services/refresh-jobs';
import { waitingDeliveries } from './db/live';
import { type ConsumeDeps, processDelivery } from './services/live/consume';
import { JOB, type JobQueue } from './services/live/jobs';
import { webhookSecretsFrom } from './services/live/receive';

/** A Cloudflare Queue's producer binding. */
interface Queue {
  send(body: unknown): Promise<void>;
}

export interface Env {
  /** The Hyperdrive binding of wrangler.toml; locally, wrangler dev points it at localConnectionString. */
  HYPERDRIVE: { connectionString: string };
  /** The webhook deliveries' queue of wrangler.toml; unbound, the Cron Trigger's sweep applies them. */
  DELIVERIES?: Queue;
  [key: string]: unknown;
}

interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
}

/** One message of a Queues batch: at-least-once, so the consumer must be safe to run twice. */
interface QueueMessage {
  body: unknown;
  attempts: number;
  ack(): void;
  retry(options?: { delaySeconds?: number }): void;
}

interface MessageBatch {
  messages: readonly QueueMessage[];
}

/**
 * Webhook deliveries on Cloudflare Queues (docs/decisions/403): a message is sent after the
 * delivery's row commits (Queues are outside the database), and a lost one is left to the
 * Cron Trigger's sweep of deliveries still waiting.
 */
function deliveryQueue(queue: Queue): JobQueue {
  return {
    engine: 'Cloudflare Queues',
    transactional: false,
    async send(name, data) {
      if (name !== JOB.delivery) return null;
      await queue.send(data);
      return String(data.deliveryId);
    },
    wake() {},
  };
}

/** A delivery waiting longer than this is the sweep's: its message was lost or ran out of tries. */
const SWEEP_AFTER_MS = 5 * 60_000;

/** What a Cron Trigger hands the scheduled handler. */
interface ScheduledController {
  scheduledTime: number;
  cron: string;
}

function configOf(env: Env) {
  const vars = Object.fromEntries(
    Object.entries(env).filter(([, v]) => typeof v === 'string'),
  ) as Record<string, string>;
  return loadConfig({ ...vars, DATABASE_URL: env.HYPERDRIVE.connectionString });
}

/** The app and its refresh runner for one request or one Cron Trigger, over its own connection. */
function runtimeFor(
  env: Env,
  db: Db,
  config: Config,
  defer: AppDeps['defer'] = (task) => void task.catch(() => {}),
) {
  return createRuntime({
    db,
    config,
    clock: () => new Date(),
    passwords: createPasswordHasher(),
    assets: manifest as AssetManifest,
    clientAddress: (c) => c.req.header('cf-connecting-ip') ?? 'unknown',
    defer,
    runner: 'worker',
    // No event stream: a Worker does not hold a request open to poll for changes (decision 402).
    changes: null,
    log: { run: (line) => console.log(line), alerts: (line) => console.error(line) },
    jobs: env.DELIVERIES ? deliveryQueue(env.DELIVERIES) : undefined,
    webhookSecrets: webhookSecretsFrom(config),
  });
}

/** The delivery consumer's dependencies, the same as Node's (src/server/live.ts). */
function consumeDeps(env: Env, db: Db, config: Config): ConsumeDeps {
  const { clients } = runtimeFor(env, db, config);
  return { db, clock: () => new Date(), timeZone: config.AGENCY_TIMEZONE, clients: () => clients };
}

// Set once this isolate has seen the schema up to date. Each request migrates over its own
// connection rather than awaiting another request's promise: workerd forbids I/O across
// requests, and a cancelled first request would leave the others waiting forever.
let schemaReady = false;

async function ensureSchema(db: Db): Promise<void> {
  if (schemaReady) return;
  await migrate(db);
  schemaReady = true;
}

function unavailable(request: Request): Response {
  const message = 'The database is not available right now. Please try again shortly.';
  if (new URL(request.url).pathname.startsWith('/api/'))
    return Response.json({ message }, { status: 503 });
  return new Response(message, {
    status: 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

/**
 * Cloudflare Workers entry: the same app, over Hyperdrive with postgres.js (its workerd build,
 * on cloudflare:sockets), hashing in pure JS. /assets/* never reach this code: Workers assets
 * serve them from dist/public.
 */
export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const config = configOf(env);
    // Hyperdrive pools connections itself: one short-lived client per request.
    const db = createPostgresDb(env.HYPERDRIVE.connectionString, { max: 1 });
    const deferred: Promise<unknown>[] = [];
    try {
      try {
        await ensureSchema(db);
      } catch (error) {
        console.error('Migrations could not run:', error);
        return unavailable(request);
      }
      const { app } = runtimeFor(
        env,
        db,
        config,
        (task) => void deferred.push(task.catch(() => {})),
      );
      return await app.fetch(request);
    } finally {
      // The connection closes once work kept after the response (a Sync now run) has ended.
      ctx.waitUntil(Promise.allSettled(deferred).then(() => db.close()));
    }
  },

  /**
   * The Cron Trigger of wrangler.toml: the same consumers as Node's refresh and digest jobs
   * (docs/decisions/403-catch-up-and-scheduling-on-the-queue.md), under the same lease and week's
   * row (a Node process beside it makes it find the slot taken or the week sent), bounded by
   * SYNC_PAGE_BUDGET so one invocation stays within Workers' subrequest and time limits; what it
   * leaves, the next does.
   */
  async scheduled(
    _controller: ScheduledController,
    env: Env,
    ctx: ExecutionContext,
  ): Promise<void> {
    const config = configOf(env);
    // Two connections: live progress and lease renewal never wait behind a unit's transaction.
    const db = createPostgresDb(env.HYPERDRIVE.connectionString, { max: 2 });
    const work = (async () => {
      try {
        await ensureSchema(db);
        await runScheduledRefresh(runtimeFor(env, db, config).refresh, { wait: true });
        // No SMTP on Workers: the digest, when due and unclaimed, goes to the outbox.
        await runDigest({
          db,
          clock: () => new Date(),
          timeZone: config.AGENCY_TIMEZONE,
          qaStatus: config.JIRA_QA_STATUS,
          publicHolidays: config.publicHolidays,
          companyCurrency: config.COMPANY_CURRENCY,
          runner: 'worker',
          origin: config.PUBLIC_ORIGIN,
          log: (line) => console.log(line),
        });
        // Deliveries whose queue message was lost or gave up: the same consumer, once each.
        const deps = consumeDeps(env, db, config);
        for (const id of await waitingDeliveries(db, new Date(Date.now() - SWEEP_AFTER_MS), 100))
          await processDelivery(deps, id).catch((error: unknown) =>
            console.error(`Webhook delivery ${id} could not be applied:`, error),
          );
      } catch (error) {
        console.error('The scheduled refresh could not run:', error);
      } finally {
        await db.close();
      }
    })();
    ctx.waitUntil(work);
    await work;
  },

  /**
   * The webhook deliveries' queue consumer: the same idempotent consumer as Node's pg-boss jobs.
   * A failure is tried again with backoff; the consumer counts each attempt and dead-letters the
   * delivery after its last, so a message Queues gives up on is left to the sweep.
   */
  async queue(batch: MessageBatch, env: Env): Promise<void> {
    const config = configOf(env);
    const db = createPostgresDb(env.HYPERDRIVE.connectionString, { max: 1 });
    try {
      await ensureSchema(db);
      const deps = consumeDeps(env, db, config);
      for (const message of batch.messages) {
        const deliveryId = Number((message.body as { deliveryId?: unknown } | null)?.deliveryId);
        if (!Number.isInteger(deliveryId)) {
          message.ack();
          continue;
        }
        try {
          await processDelivery(deps, deliveryId);
          message.ack();
        } catch {
          message.retry({ delaySeconds: Math.min(5 * 2 ** message.attempts, 600) });
        }
      }
    } finally {
      await db.close();
    }
  },
};
