import manifest from 'virtual:asset-manifest';
import { createApp } from './app';
import { createPasswordHasher } from './auth/password';
import { loadConfig } from './config';
import { migrate } from './db/migrate';
import type { Db } from './db/port';
import { createPostgresDb } from './db/postgres';
import type { AssetManifest } from './render/assets';
import { createIntegrations } from './services/integrations';
import { createRefreshRunner, refreshSettingsFrom } from './services/refresh';
import { alertsAfterRun } from './services/alerts';
import { runDigest } from './services/digest';
import { createSlackNotifier } from './services/slack';

export interface Env {
  /** The Hyperdrive binding of wrangler.toml; locally, wrangler dev points it at localConnectionString. */
  HYPERDRIVE: { connectionString: string };
  [key: string]: unknown;
}

interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
}

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

function refreshRunner(db: Db, config: ReturnType<typeof loadConfig>) {
  return createRefreshRunner({
    db,
    connect: (onRequest, onSkipped, limits) =>
      createIntegrations(config, { onRequest, onSkipped, ...limits }),
    clock: () => new Date(),
    timeZone: config.AGENCY_TIMEZONE,
    settings: refreshSettingsFrom(config),
    runner: 'worker',
    log: (line) => console.log(line),
    afterRun: alertsAfterRun({
      db,
      clock: () => new Date(),
      timeZone: config.AGENCY_TIMEZONE,
      qaStatus: config.JIRA_QA_STATUS,
      publicHolidays: config.publicHolidays,
      companyCurrency: config.COMPANY_CURRENCY,
      slack: config.SLACK_WEBHOOK_URL ? createSlackNotifier(config.SLACK_WEBHOOK_URL) : undefined,
      log: (line) => console.error(line),
    }),
  });
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
      const app = createApp({
        db,
        config,
        clock: () => new Date(),
        passwords: createPasswordHasher(),
        assets: manifest as AssetManifest,
        ...createIntegrations(config),
        clientAddress: (c) => c.req.header('cf-connecting-ip') ?? 'unknown',
        refresh: refreshRunner(db, config),
        defer: (task) => void deferred.push(task.catch(() => {})),
      });
      return await app.fetch(request);
    } finally {
      // The connection closes once work kept after the response (a Sync now run) has ended.
      ctx.waitUntil(Promise.allSettled(deferred).then(() => db.close()));
    }
  },

  /**
   * The Cron Trigger of wrangler.toml: the same refresh as Node's schedule, under the same lease
   * (a Node process beside it makes it find the slot taken), bounded by SYNC_PAGE_BUDGET so one
   * invocation stays within Workers' subrequest and time limits; what it leaves, the next does.
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
        await refreshRunner(db, config).run('schedule');
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
      } catch (error) {
        console.error('The scheduled refresh could not run:', error);
      } finally {
        await db.close();
      }
    })();
    ctx.waitUntil(work);
    await work;
  },
};
