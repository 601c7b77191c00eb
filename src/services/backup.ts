/**
 * Backups of the embedded database (docs/decisions/273): one gzipped tarball of its data folder,
 * taken by the process that owns it (PGlite runs one statement at a time, so the snapshot falls
 * between statements), restored only into an empty folder. On PostgreSQL, pg_dump does this.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pendingMigrations } from '../db/migrate';
import { createPgliteDb } from '../db/pglite';
import type { Db } from '../db/port';

export class BackupError extends Error {
  override name = 'BackupError';
}

/** Writes the snapshot beside the file and renames it over, so a file there is always whole. */
export async function writeSnapshot(db: Db, file: string): Promise<number> {
  if (!db.dumpDataDir)
    throw new BackupError(
      'Only the embedded database is backed up this way; on PostgreSQL use pg_dump.',
    );
  const bytes = Buffer.from(await (await db.dumpDataDir()).arrayBuffer());
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, bytes, { mode: 0o600 });
  await rename(tmp, file);
  return bytes.length;
}

/** Whether a data folder holds nothing a restore could overwrite (a database or anything else). */
export function isEmptyPgliteDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/** Fills an empty embedded data folder from a snapshot file; refuses one that holds anything. */
export async function restoreSnapshot(file: string, pgliteDir: string): Promise<void> {
  if (!isEmptyPgliteDir(pgliteDir))
    throw new BackupError(
      `${pgliteDir} is not empty: a restore goes into an empty DATA_DIR only. Move the folder aside first.`,
    );
  const snapshot = new Blob([await readFile(file)]);
  await mkdir(pgliteDir, { recursive: true });
  const db = await createPgliteDb(pgliteDir, { loadDataDir: snapshot });
  try {
    // Reading the applied migrations proves the restored folder opens as a database.
    await pendingMigrations(db);
  } finally {
    await db.close();
  }
}

const DAILY = /^snapshot-(\d{4}-\d{2}-\d{2})\.tar\.gz$/;

/**
 * Today's snapshot in `dir` (UTC date), unless there is one already; then only the newest `keep`
 * are kept. Returns the file written, or null.
 */
export async function dailySnapshot(
  db: Db,
  options: { dir: string; keep: number; now: Date },
): Promise<string | null> {
  const name = `snapshot-${options.now.toISOString().slice(0, 10)}.tar.gz`;
  const file = path.join(options.dir, name);
  let written: string | null = null;
  if (!existsSync(file)) {
    await writeSnapshot(db, file);
    written = file;
  }
  const snapshots = (await readdir(options.dir)).filter((f) => DAILY.test(f)).sort();
  for (const old of snapshots.slice(0, Math.max(0, snapshots.length - options.keep)))
    await rm(path.join(options.dir, old), { force: true });
  return written;
}

/** Checks every hour whether today's snapshot is taken; the first check runs at once. */
export function startDailySnapshots(
  db: Db,
  options: { dir: string; keep: number; clock: () => Date; log: (line: string) => void },
): { stop(): void } {
  const take = () =>
    dailySnapshot(db, { dir: options.dir, keep: options.keep, now: options.clock() })
      .then((file) => file && options.log(`Daily snapshot written: ${file}`))
      .catch((error) => options.log(`The daily snapshot failed: ${(error as Error).message}`));
  void take();
  const timer = setInterval(take, 60 * 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
