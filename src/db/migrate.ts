import type { Db } from './port';
import { migrations as allMigrations } from './migrations';

// Any fixed 64-bit number; two processes starting together serialise on it.
const MIGRATION_LOCK_KEY = 724_011_903;

/**
 * Applies pending migrations in one transaction under an advisory lock, so two processes
 * starting at once cannot race, and a failing migration leaves the schema as it was.
 * Returns the names applied now.
 */
export async function migrate(db: Db, migrations = allMigrations): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const rows = await tx.query<{ name: string }>('SELECT name FROM schema_migrations');
    const applied = new Set(rows.map((r) => r.name));
    const done: string[] = [];
    for (const m of migrations) {
      if (applied.has(m.name)) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [m.name]);
      done.push(m.name);
    }
    return done;
  });
}

/** The migrations not applied to this database; all of them when it was never migrated. */
export async function pendingMigrations(db: Db, migrations = allMigrations): Promise<string[]> {
  const [table] = await db.query<{ t: string | null }>(
    "SELECT to_regclass('schema_migrations')::text AS t",
  );
  if (!table?.t) return migrations.map((m) => m.name);
  const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
  const applied = new Set(rows.map((r) => r.name));
  return migrations.filter((m) => !applied.has(m.name)).map((m) => m.name);
}
