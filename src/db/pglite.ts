import { PGlite, types } from '@electric-sql/pglite';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Db } from './port';
import { makePrivateDir, makeTreePrivate } from './private-files';
import { redactParameters } from './redact';

/**
 * PostgreSQL's own defaults size a server for many connections and gigabytes of data; here one
 * process holds it in its WebAssembly heap, which never shrinks. 128 MB of shared buffers were
 * 120 MB of the server's resident memory while the whole demo database is a few MB; pages past
 * the buffers come from the operating system's file cache. docs/decisions/150-server-memory.md
 */
export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'temp_buffers=2MB',
  '-c',
  'maintenance_work_mem=16MB',
];

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
      try {
        return (await q.query(text, params as unknown[])).rows as never;
      } catch (error) {
        throw redactParameters(error);
      }
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
    ...(root ? { dumpDataDir: () => root.dumpDataDir('gzip') } : {}),
  };
}

/** An open PGlite as a `Db` (for callers that also need PGlite's own API, such as dumpDataDir). */
export function pgliteAsDb(pglite: PGlite): Db {
  return adapt(pglite as unknown as Queryable, pglite);
}

/**
 * A new data directory is made by initdb in a short-lived child process: PGlite runs initdb
 * in a second WebAssembly instance and copies the result through a tarball, about 500 MB that
 * a long-running server would otherwise keep until a full garbage collection that an idle
 * server never does. When the child ends, all of it goes back to the operating system.
 */
async function initialiseDataDir(dataDir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `const { PGlite } = require(${JSON.stringify(pglite)});
PGlite.create(process.argv[1], { startParams: JSON.parse(process.argv[2]) })
  .then((db) => db.close())
  .catch((error) => { console.error(error.message); process.exit(1); });`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['-e', script, dataDir, JSON.stringify(PGLITE_START_PARAMS)],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`initdb for ${dataDir} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

/**
 * Opens the embedded database; no dataDir means in memory (tests). `loadDataDir` (a tarball from
 * PGlite's dumpDataDir) fills the new database with it instead of initdb: the tests' template,
 * or a snapshot restored into a new, empty data folder. A folder on disk is owner-only, made so
 * before PGlite starts (PostgreSQL then creates its files 0600) and again once it has unpacked.
 */
export async function createPgliteDb(
  dataDir?: string,
  options: { loadDataDir?: Blob } = {},
): Promise<Db> {
  if (dataDir) makePrivateDir(dataDir);
  if (dataDir && !options.loadDataDir && !existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await initialiseDataDir(dataDir);
  }
  const db = await PGlite.create(dataDir, {
    parsers,
    startParams: [...PGLITE_START_PARAMS],
    loadDataDir: options.loadDataDir,
  });
  if (dataDir) makeTreePrivate(dataDir);
  return pgliteAsDb(db);
}
