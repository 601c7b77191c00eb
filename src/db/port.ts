/**
 * The one way the app talks to PostgreSQL. Two adapters implement it: postgres.js for a
 * real server (and Hyperdrive on Workers) and PGlite for the embedded default.
 * SQL is plain text with $1..$n parameters; rows come back with:
 * numeric and bigint as JS numbers, date as 'YYYY-MM-DD', timestamptz as Date.
 */
export interface Db {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs fn in one transaction; everything fn writes is undone when it throws. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Runs a multi-statement SQL file (migrations). */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'postgres' | 'pglite';
  /**
   * The embedded database only: a consistent snapshot of its data folder as one gzipped tarball,
   * taken between statements (PGlite runs one at a time). docs/decisions/273.
   */
  dumpDataDir?(): Promise<Blob>;
}

/**
 * A json column's value. Both drivers hand json and jsonb over parsed (postgres.js through the
 * `json` type in postgres.ts); a string is JSON that came as text, from a cast or a text column.
 */
export const jsonValue = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** Counts queries per request for the bench and for "same number of queries" checks. */
export function countingDb(db: Db, counter: { queries: number }): Db {
  const wrap = (inner: Db): Db => ({
    kind: inner.kind,
    query(text, params) {
      counter.queries++;
      return inner.query(text, params);
    },
    transaction(fn) {
      return inner.transaction((tx) => fn(wrap(tx)));
    },
    exec(text) {
      counter.queries++;
      return inner.exec(text);
    },
    close: () => inner.close(),
  });
  return wrap(db);
}
