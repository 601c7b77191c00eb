import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { Db } from '../../src/db/port';
import { createPostgresDb } from '../../src/db/postgres';
import { dbTemplate } from '../helpers/db';
import { adminQuery, databaseUrl, seededDemoName } from '../helpers/db-template';

/**
 * The demo dashboard as a server's first start seeds it (projects imported from the demo
 * Forecast, linked to the demo Jira, synced), made once per run and copied by each end-to-end
 * server: the seed took 4-15 s of every server's start under a whole run's load.
 * Whichever test file asks first makes it; the others wait. It lives beside the run's template
 * and goes with it.
 */
export type SeededDemo =
  /** A DATA_DIR holding the seeded embedded database. */
  | { kind: 'pglite'; dataDir: string }
  /** A database on the DATABASE_URL server, to copy with CREATE DATABASE … TEMPLATE. */
  | { kind: 'postgres'; name: string };

/** What the harness lends to start one server for the seed. */
export interface SeedServer {
  environment(place: {
    home: string;
    dataDir: string;
    databaseUrl?: string;
  }): Record<string, string>;
  start(env: Record<string, string>): Promise<{ child: ChildProcess; log: string[] }>;
  stop(child: ChildProcess): Promise<void>;
  createAdmin(db: Db): Promise<void>;
}

const WAIT_MS = 180_000;
let made: Promise<SeededDemo> | undefined;

export function seededDemo(server: SeedServer): Promise<SeededDemo> {
  made ??= makeOnce(server);
  return made;
}

/** Runs the built server once on `place` until it listens (after its seed), then stops it. */
async function seedWithServer(
  server: SeedServer,
  place: { home: string; dataDir: string; databaseUrl?: string },
): Promise<void> {
  const started = await server.start(server.environment(place));
  try {
    // The refresh after listen() reads what the seed does not (Forecast's plan, the pipeline).
    // Copies taken before it ends would each run it again, racing their tests for it.
    await firstRefreshEnded(started.log);
  } finally {
    await server.stop(started.child);
  }
}

async function firstRefreshEnded(log: string[]): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    // A whole line only: the output arrives in chunks that may end inside one.
    const run = /^\{"event":"sync_run".*\}$/m.exec(log.join(''));
    if (run) {
      const { outcome, failure } = JSON.parse(run[0]) as {
        outcome: string;
        failure: string | null;
      };
      if (outcome !== 'succeeded')
        throw new Error(`The seed's first refresh ${outcome}: ${failure}`);
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The seed's first refresh did not end within ${WAIT_MS / 1000} s`);
}

async function makeOnce(server: SeedServer): Promise<SeededDemo> {
  const template = dbTemplate();
  if (template.kind === 'postgres') {
    const base = process.env.DATABASE_URL!;
    const name = seededDemoName(template.name);
    // One file makes it while the others wait on the same lock, then find it made.
    const lock = postgres(base, { max: 1, onnotice: () => {} });
    try {
      await lock`SELECT pg_advisory_lock(hashtext(${name}))`;
      const exists = await lock`SELECT 1 FROM pg_database WHERE datname = ${name}`;
      if (exists.length === 0) {
        await adminQuery(base, `CREATE DATABASE ${name} TEMPLATE ${template.name}`);
        const db = createPostgresDb(databaseUrl(base, name), { max: 1 });
        try {
          await server.createAdmin(db);
        } finally {
          await db.close();
        }
        const home = await mkdtemp(path.join(os.tmpdir(), 'agency-seed-'));
        try {
          await seedWithServer(server, {
            home,
            dataDir: path.join(home, 'data'),
            databaseUrl: databaseUrl(base, name),
          });
        } finally {
          await rm(home, { recursive: true, force: true });
        }
        await adminQuery(base, `ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      }
    } finally {
      await lock.end();
    }
    return { kind: 'postgres', name };
  }

  const folder = path.dirname(template.dataDir);
  const ready = path.join(folder, 'seeded-demo');
  const failed = path.join(folder, 'seeded-demo.failed');
  try {
    // mkdir is atomic: the file that makes the lock makes the copy.
    await mkdir(path.join(folder, 'seeded-demo.lock'));
  } catch {
    return { kind: 'pglite', dataDir: await waitFor(ready, failed) };
  }
  const partial = path.join(folder, 'seeded-demo.partial');
  try {
    await cp(template.dataDir, path.join(partial, 'pglite'), { recursive: true });
    await seedWithServer(server, { home: path.join(folder, 'seed-home'), dataDir: partial });
    await rename(partial, ready);
  } catch (error) {
    await writeFile(failed, (error as Error).message);
    throw error;
  }
  return { kind: 'pglite', dataDir: ready };
}

async function waitFor(ready: string, failed: string): Promise<string> {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    if (existsSync(ready)) return ready;
    if (existsSync(failed))
      throw new Error(`The seeded demo copy failed: ${await readFile(failed, 'utf8')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The seeded demo copy was not made within ${WAIT_MS / 1000} s`);
}
