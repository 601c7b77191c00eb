import type { Db } from './port';

/** Rows per statement: keeps each JSON parameter to a few hundred kilobytes. */
export const BULK_CHUNK = 2_000;

/**
 * Runs `statement` once per chunk of `rows`, the chunk as its one parameter `$1`: the rows travel
 * as JSON and `jsonb_to_recordset($1::text::jsonb)` turns them back into typed columns (PGlite
 * and postgres.js alike). Typed text, then cast: typed jsonb, postgres.js would encode the
 * string as a JSON string instead of passing the array through. Every bulk insert goes through
 * here (docs/decisions/112-one-owner-per-table.md).
 */
export async function bulkInsert(
  db: Db,
  statement: string,
  rows: readonly object[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += BULK_CHUNK) {
    await db.query(statement, [JSON.stringify(rows.slice(i, i + BULK_CHUNK))]);
  }
}
