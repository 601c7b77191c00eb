import type { Db } from '../../src/db/port';

/** Per table of the public schema: how many rows were inserted, changed and deleted so far. */
export type DbSnapshot = Record<
  string,
  { inserted: number; updated: number; deleted: number; truncated: number }
>;

/**
 * Tests check that a refused request changed nothing anywhere, not only in the table it aimed
 * at. Reading every row of every table for that cost about 20 ms a snapshot, and the bad-input
 * suite takes thousands; so a trigger on every table writes one line per real change into a
 * log outside the public schema, and a snapshot counts that log. An UPDATE that leaves a row as
 * it was is not a change, as before; a write rolled back leaves no line.
 *
 * The run of syncs and its lease are bookkeeping, not stored data: a failed run is recorded on
 * purpose (the sync history shows it), so their tables are not watched.
 */
const UNWATCHED = ['sync_runs', 'sync_lease'];

const watched = new WeakSet<Db>();

/** Puts the log and a trigger on each table once per database; later calls only read. */
async function watch(db: Db): Promise<void> {
  if (watched.has(db)) return;
  const tables = (
    await db.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
        ORDER BY table_name`,
    )
  )
    .map((t) => t.name)
    .filter((name) => !UNWATCHED.includes(name));
  if (tables.length === 0) throw new Error('snapshotDb found no tables: is the database migrated?');
  await db.exec(`
    CREATE SCHEMA IF NOT EXISTS test_watch;
    CREATE TABLE IF NOT EXISTS test_watch.writes (table_name text NOT NULL, op text NOT NULL);
    CREATE OR REPLACE FUNCTION test_watch.log_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND NEW IS NOT DISTINCT FROM OLD THEN RETURN NULL; END IF;
      INSERT INTO test_watch.writes VALUES (TG_TABLE_NAME, TG_OP);
      RETURN NULL;
    END $$;
    ${tables
      .map(
        (name) => `
    CREATE OR REPLACE TRIGGER test_watch_rows AFTER INSERT OR UPDATE OR DELETE ON ${quoteIdent(name)}
      FOR EACH ROW EXECUTE FUNCTION test_watch.log_row();
    CREATE OR REPLACE TRIGGER test_watch_truncate AFTER TRUNCATE ON ${quoteIdent(name)}
      FOR EACH STATEMENT EXECUTE FUNCTION test_watch.log_row();`,
      )
      .join('')}
  `);
  watched.add(db);
}

export async function snapshotDb(db: Db): Promise<DbSnapshot> {
  await watch(db);
  const rows = await db.query<{ name: string; op: string; n: number }>(
    `SELECT table_name AS name, op, count(*)::int AS n FROM test_watch.writes GROUP BY 1, 2`,
  );
  const snapshot: DbSnapshot = {};
  for (const { name, op, n } of rows) {
    snapshot[name] ??= { inserted: 0, updated: 0, deleted: 0, truncated: 0 };
    const counts = snapshot[name];
    const key = ({ INSERT: 'inserted', UPDATE: 'updated', DELETE: 'deleted' } as const)[
      op as 'INSERT' | 'UPDATE' | 'DELETE'
    ];
    counts[key ?? 'truncated'] += Number(n);
  }
  return snapshot;
}

const NONE = { inserted: 0, updated: 0, deleted: 0, truncated: 0 };

/** What happened to each table between two snapshots, in words. */
function changes(before: DbSnapshot, after: DbSnapshot) {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return names.map((name) => {
    const a = before[name] ?? NONE;
    const b = after[name] ?? NONE;
    const inserted = b.inserted - a.inserted;
    const updated = b.updated - a.updated;
    const deleted = b.deleted - a.deleted;
    const truncated = b.truncated - a.truncated;
    const parts = [
      inserted && `${inserted} inserted`,
      updated && `${updated} changed`,
      deleted && `${deleted} deleted`,
      truncated && 'truncated',
    ].filter(Boolean);
    return {
      name,
      line: `${name}: ${parts.join(', ')}`,
      any: parts.length > 0,
      rowCountChanged: truncated > 0 || inserted !== deleted,
    };
  });
}

/** The tables whose rows changed between two snapshots, as readable lines (empty when none). */
export function changedTables(before: DbSnapshot, after: DbSnapshot): string[] {
  return changes(before, after)
    .filter((c) => c.any)
    .map((c) => c.line);
}

/** The tables that gained or lost rows between two snapshots (empty when none). */
export function changedRowCounts(before: DbSnapshot, after: DbSnapshot): string[] {
  return changes(before, after)
    .filter((c) => c.rowCountChanged)
    .map((c) => c.line);
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
