import postgres from 'postgres';
import { migrate } from '../../src/db/migrate';
import { createPgliteDb } from '../../src/db/pglite';
import type { Db } from '../../src/db/port';
import { createPostgresDb } from '../../src/db/postgres';

/**
 * A fresh, migrated database for one test file: a new PostgreSQL database when DATABASE_URL
 * is set (the suite runs against the real server in CI), otherwise an in-memory PGlite.
 * Call `drop()` in afterAll.
 */
export async function createTestDb(): Promise<{ db: Db; drop: () => Promise<void>; url?: string }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const db = await createPgliteDb();
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  const name = `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = createPostgresDb(url.toString(), { max: 4 });
  await migrate(db);
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.close();
      const a = postgres(base, { max: 1, onnotice: () => {} });
      await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
