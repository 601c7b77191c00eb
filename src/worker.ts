import manifest from 'virtual:asset-manifest';
import { createApp } from './app';
import { createPasswordHasher } from './auth/password';
import { loadConfig } from './config';
import { migrate } from './db/migrate';
import { createPostgresDb } from './db/postgres';
import type { AssetManifest } from './render/assets';

interface Env {
  HYPERDRIVE: { connectionString: string };
  [key: string]: unknown;
}

// Migrations run once per isolate, on its first request.
let migrated: Promise<unknown> | null = null;

/** Cloudflare Workers entry: the same app, over Hyperdrive with postgres.js, hashing in pure JS. */
export default {
  async fetch(request: Request, env: Env, ctx: { waitUntil(p: Promise<unknown>): void }): Promise<Response> {
    const vars = Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
    const config = loadConfig({ ...vars, DATABASE_URL: env.HYPERDRIVE.connectionString });
    // Hyperdrive pools connections itself: one short-lived client per request.
    const db = createPostgresDb(env.HYPERDRIVE.connectionString, { max: 1 });
    try {
      migrated ??= migrate(db).catch((e) => {
        migrated = null;
        throw e;
      });
      await migrated;
      const app = createApp({
        db,
        config,
        clock: () => new Date(),
        passwords: createPasswordHasher(),
        assets: manifest as AssetManifest,
        clientAddress: (c) => c.req.header('cf-connecting-ip') ?? 'unknown',
      });
      return await app.fetch(request);
    } finally {
      ctx.waitUntil(db.close());
    }
  },
};
