import { PGlite } from '@electric-sql/pglite';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { migrate } from '../../src/db/migrate';
import { PGLITE_START_PARAMS, pgliteAsDb } from '../../src/db/pglite';
import { createPostgresDb } from '../../src/db/postgres';

/**
 * The migrated database every test file copies, made once per run by the suite's global setup
 * (tests/global-setup.ts): initdb plus every migration took 2-14 s a file; a copy takes a few
 * hundred milliseconds (docs/decisions/250-test-databases-from-a-template.md).
 */
export type DbTemplate =
  /** A database on the DATABASE_URL server, copied by CREATE DATABASE … TEMPLATE. */
  | { kind: 'postgres'; name: string }
  /**
   * `tarball`: the data directory as PGlite's dumpDataDir writes it, loaded into an in-memory
   * PGlite per file; `dataDir`: the same directory on disk, for servers that open their own.
   */
  | { kind: 'pglite'; tarball: string; dataDir: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** Made once per run by tests/global-setup.ts, read by createTestDb. */
    dbTemplate: DbTemplate;
  }
}

/** A database name no other run on the same server picks. */
export function uniqueDbName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(base: string, text: string): Promise<void> {
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(text);
  } finally {
    await admin.end();
  }
}

/** The demo dashboard seeded once per run from the template (tests/e2e/seeded-demo.ts). */
export const seededDemoName = (templateName: string) => `${templateName}_demo`;

/** Makes the template; `remove` deletes it at the end of the run. */
export async function createDbTemplate(
  base = process.env.DATABASE_URL,
): Promise<{ template: DbTemplate; remove: () => Promise<void> }> {
  if (base) {
    const name = uniqueDbName('test_template');
    await adminQuery(base, `CREATE DATABASE ${name}`);
    const remove = async () => {
      await adminQuery(base, `DROP DATABASE IF EXISTS ${seededDemoName(name)} WITH (FORCE)`);
      await adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
    try {
      const db = createPostgresDb(databaseUrl(base, name), { max: 1 });
      try {
        await migrate(db);
      } finally {
        await db.close();
      }
      // CREATE DATABASE … TEMPLATE fails while any session is connected to the template: refuse
      // connections from now on, so a stray one cannot make another file's copy fail.
      await adminQuery(base, `ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    } catch (error) {
      await remove();
      throw error;
    }
    return { template: { kind: 'postgres', name }, remove };
  }

  const folder = await mkdtemp(path.join(os.tmpdir(), 'agency-test-template-'));
  const remove = () => rm(folder, { recursive: true, force: true });
  try {
    // Made in memory: initdb and the migrations ran several times slower on disk.
    // Small: every file loads the whole directory, about 7 ms a MB. Write-ahead log segments of
    // 1 MB, at most 4 MB of them kept, instead of one of 16 MB; and the templates dropped below.
    const pglite = await PGlite.create({
      initDbStartParams: ['--wal-segsize=1'],
      startParams: [...PGLITE_START_PARAMS, '-c', 'min_wal_size=2MB', '-c', 'max_wal_size=4MB'],
    });
    let dump: Blob;
    try {
      await migrate(pgliteAsDb(pglite));
      // PGlite uses the `postgres` database only; initdb's two templates were 15 MB of it.
      for (const name of ['template0', 'template1']) {
        await pglite.query(`ALTER DATABASE ${name} WITH is_template false`);
        await pglite.query(`DROP DATABASE ${name}`);
      }
      await pglite.query('CHECKPOINT');
      // Uncompressed: loading the gzipped dump was slower per file (5 MB against 42 MB, when the
      // directory still held initdb's templates and a 16 MB log segment).
      dump = await pglite.dumpDataDir('none');
    } finally {
      await pglite.close();
    }
    const tarball = path.join(folder, 'pglite.tar');
    await writeFile(tarball, new Uint8Array(await dump.arrayBuffer()));
    // The same database on disk, through PGlite's own loader, for servers the tests start.
    const dataDir = path.join(folder, 'pglite');
    await (
      await PGlite.create(dataDir, { loadDataDir: dump, startParams: [...PGLITE_START_PARAMS] })
    ).close();
    return { template: { kind: 'pglite', tarball, dataDir }, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
