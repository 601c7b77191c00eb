import path from 'node:path';
import type { Config } from '../config';
import type { Db } from './port';

/** Node only: PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR. */
export async function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): Promise<Db> {
  if (config.DATABASE_URL) {
    const { createPostgresDb } = await import('./postgres');
    return createPostgresDb(config.DATABASE_URL);
  }
  const { createPgliteDb } = await import('./pglite');
  // Made owner-only there (docs/decisions/380).
  return createPgliteDb(path.resolve(config.DATA_DIR, 'pglite'));
}

/** Where a server that owns the embedded database says how to reach it (for `npm run users`). */
export const serverInfoPath = (config: Pick<Config, 'DATA_DIR'>) =>
  path.resolve(config.DATA_DIR, 'server.json');
