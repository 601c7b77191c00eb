import { PGlite, types } from '@electric-sql/pglite';
import type { Db } from './port';

interface Queryable {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(text: string): Promise<unknown>;
}

const parsers = {
  [types.NUMERIC]: (x: string) => Number(x),
  [types.INT8]: (x: string) => Number(x),
  [types.DATE]: (x: string) => x,
};

function adapt(q: Queryable, root: PGlite | null): Db {
  return {
    kind: 'pglite',
    async query(text, params = []) {
      return (await q.query(text, params as unknown[])).rows as never;
    },
    async transaction(fn) {
      if (root) return root.transaction((tx) => fn(adapt(tx as unknown as Queryable, null)));
      // PGlite has no savepoint helper: run nested work in the outer transaction.
      return fn(adapt(q, null));
    },
    async exec(text) {
      await q.exec(text);
    },
    async close() {
      if (root && !root.closed) await root.close();
    },
  };
}

/** Opens the embedded database; no dataDir means in memory (tests). */
export async function createPgliteDb(dataDir?: string): Promise<Db> {
  const db = await PGlite.create(dataDir, { parsers });
  return adapt(db as unknown as Queryable, db);
}
