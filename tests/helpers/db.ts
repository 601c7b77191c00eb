import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { createPgliteDb } from '../../src/db/pglite';
import type { Db } from '../../src/db/port';
import { createPostgresDb } from '../../src/db/postgres';
import { adminQuery, databaseUrl, uniqueDbName, type DbTemplate } from './db-template';

/** The run's migrated template (tests/global-setup.ts). */
export const dbTemplate = (): DbTemplate => inject('dbTemplate');

/**
 * A fresh, migrated database for one test file, copied from the run's template: a new
 * PostgreSQL database when DATABASE_URL is set (the suite runs against the real server in CI),
 * otherwise an in-memory PGlite loaded from the template's data directory.
 * Call `drop()` in afterAll.
 */
export async function createTestDb(
  /** On PostgreSQL, another template than the run's migrated one (an end-to-end seeded copy). */
  postgresTemplate?: string,
): Promise<{ db: Db; drop: () => Promise<void>; url?: string }> {
  const template = dbTemplate();
  const base = process.env.DATABASE_URL;
  if (template.kind === 'pglite') {
    const tarball = new Blob([await readFile(template.tarball)]);
    const db = await createPgliteDb(undefined, { loadDataDir: tarball });
    return { db, drop: () => db.close() };
  }
  if (!base)
    throw new Error('The run made a PostgreSQL template, but DATABASE_URL is not set here');
  const name = uniqueDbName('test');
  await adminQuery(base, `CREATE DATABASE ${name} TEMPLATE ${postgresTemplate ?? template.name}`);
  const url = databaseUrl(base, name);
  const db = createPostgresDb(url, { max: 4 });
  return {
    db,
    url,
    drop: async () => {
      await db.close();
      await adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
