import type { Db } from '../../src/db/port';

/** Per table of the public schema: its row count and a digest of every row's full text. */
export type DbSnapshot = Record<string, { rows: number; digest: string }>;

/**
 * A fingerprint of every row of every table, in one query, so a test can check that a
 * rejected request changed nothing anywhere (not only in the table it aimed at). Tables are
 * read from the catalogue each time, so tables added by later migrations are covered too.
 */
export async function snapshotDb(db: Db): Promise<DbSnapshot> {
  const tables = (
    await db.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
          AND table_name NOT IN ('sync_runs', 'sync_lease')
        ORDER BY table_name`,
    )
  ).map((t) => t.name);
  // A failed run is recorded on purpose (the sync history shows it); the record of runs and their
  // lease are bookkeeping, not stored data a refused or failed call may change.
  if (tables.length === 0) throw new Error('snapshotDb found no tables: is the database migrated?');
  // Row text (t::text) covers every column; sorting it makes the digest independent of scan order.
  const parts = tables.map(
    (name) =>
      `SELECT ${quoteLiteral(name)} AS name, count(*)::int AS rows,
              md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest
         FROM ${quoteIdent(name)} t`,
  );
  const rows = await db.query<{ name: string; rows: number; digest: string }>(
    parts.join('\nUNION ALL\n'),
  );
  return Object.fromEntries(rows.map((r) => [r.name, { rows: Number(r.rows), digest: r.digest }]));
}

/** The tables whose rows differ between two snapshots, as readable lines (empty when none). */
export function changedTables(before: DbSnapshot, after: DbSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((n) => before[n]?.digest !== after[n]?.digest || before[n]?.rows !== after[n]?.rows)
    .map(
      (n) =>
        `${n}: ${before[n]?.rows ?? 'absent'} rows before, ${after[n]?.rows ?? 'absent'} after (contents differ)`,
    );
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The tables that gained or lost rows between two snapshots (empty when none). */
export function changedRowCounts(before: DbSnapshot, after: DbSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((n) => before[n]?.rows !== after[n]?.rows)
    .map(
      (n) =>
        `${n}: ${before[n]?.rows ?? 'absent'} rows before, ${after[n]?.rows ?? 'absent'} after`,
    );
}
