import manifest from 'virtual:asset-manifest';
import { createApp } from './app';
import { createPasswordHasher } from './auth/password';
import { loadConfig } from './config';
import { migrate } from './db/migrate';
import type { Db } from './db/port';
import { createPostgresDb } from './db/postgres';
import type { AssetManifest } from './render/assets';
import { createIntegrations } from './services/integrations';

export interface Env {
  /** The Hyperdrive binding of wrangler.toml; locally, wrangler dev points it at localConnectionString. */
  HYPERDRIVE: { connectionString: string };
  [key: string]: unknown;
}

interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
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
  if (new URL(request.url).pathname.startsWith('/api/')) return Response.json({ message }, { status: 503 });
  return new Response(message, { status: 503, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

/**
 * Cloudflare Workers entry: the same app, over Hyperdrive with postgres.js (its workerd build,
 * on cloudflare:sockets), hashing in pure JS. /assets/* never reach this code: Workers assets
 * serve them from dist/public.
 */
export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const vars = Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
    const config = loadConfig({ ...vars, DATABASE_URL: env.HYPERDRIVE.connectionString });
    // Hyperdrive pools connections itself: one short-lived client per request.
    const db = createPostgresDb(env.HYPERDRIVE.connectionString, { max: 1 });
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
      });
      return await app.fetch(request);
    } finally {
      ctx.waitUntil(db.close());
    }
  },
};
