/**
 * Backups of the embedded database (docs/decisions/273): one gzipped tarball of its data folder,
 * taken by the process that owns it (PGlite runs one statement at a time, so the snapshot falls
 * between statements), restored only into an empty folder. On PostgreSQL, pg_dump does this.
 */
import { mkdir, readdir, readFile, rename, rm, statfs, writeFile } from 'node:fs/promises';
import { createReadStream, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { pendingMigrations } from '../db/migrate';
import { createPgliteDb } from '../db/pglite';
import type { Db } from '../db/port';
import { makePrivateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../db/private-files';
import { formatMegabytes } from '../shared/format';

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
  // A folder made here is owner-only, like the snapshot (docs/decisions/380).
  await mkdir(path.dirname(path.resolve(file)), { recursive: true, mode: PRIVATE_DIR_MODE });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, bytes, { mode: PRIVATE_FILE_MODE });
  await rename(tmp, file);
  return bytes.length;
}

/** Whether a data folder holds nothing a restore could overwrite (a database or anything else). */
export function isEmptyPgliteDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * The most a snapshot may unpack to, as a multiple of its own size. Snapshots of real databases
 * unpack to 7 to 10 times theirs (docs/decisions/380); a crafted gzip unpacks to a thousand
 * times, and PGlite holds all of it in memory at once (a 1 MB file took 3.3 GB).
 */
export const MAX_UNPACK_RATIO = 20;

class TooLarge extends Error {}

/** Bytes the gzip file unpacks to, read as a stream and stopped past `limit` (then null). */
async function unpackedSize(file: string, limit: number): Promise<number | null> {
  let total = 0;
  const count = new Writable({
    write(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      done(total > limit ? new TooLarge() : null);
    },
  });
  try {
    await pipeline(createReadStream(file), createGunzip(), count);
  } catch (error) {
    if (error instanceof TooLarge) return null;
    throw new BackupError(
      `${file} is not a snapshot written by npm run backup (${(error as Error).message}).`,
    );
  }
  return total;
}

/** Free bytes for an unprivileged writer on the filesystem that holds `dir` (or its parent). */
export async function freeSpace(dir: string): Promise<number> {
  let at = path.resolve(dir);
  while (!existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  const stats = await statfs(at);
  return stats.bavail * stats.bsize;
}

/**
 * Fills an empty embedded data folder from a snapshot file; refuses one that holds anything, and
 * a snapshot that would unpack to more than `MAX_UNPACK_RATIO` times its size or than the free
 * space, before anything is written or loaded.
 */
export async function restoreSnapshot(
  file: string,
  pgliteDir: string,
  options: { freeSpace?: (dir: string) => Promise<number> } = {},
): Promise<void> {
  if (!isEmptyPgliteDir(pgliteDir))
    throw new BackupError(
      `${pgliteDir} is not empty: a restore goes into an empty DATA_DIR only. Move the folder aside first.`,
    );
  const archive = await readFile(file);
  const free = await (options.freeSpace ?? freeSpace)(pgliteDir);
  const bound = Math.min(archive.length * MAX_UNPACK_RATIO, free);
  const unpacked = await unpackedSize(file, bound);
  if (unpacked === null) {
    const why =
      bound === free
        ? `the ${formatMegabytes(free)} free where ${pgliteDir} would be`
        : `${MAX_UNPACK_RATIO} times its size of ${formatMegabytes(archive.length)}, more than any snapshot of a database unpacks to`;
    throw new BackupError(
      `${file} unpacks to more than ${why}. Nothing was restored. If it is a genuine snapshot, unpack it by hand: mkdir -p ${pgliteDir} && tar -xzf ${file} -C ${pgliteDir}`,
    );
  }
  const db = await createPgliteDb(pgliteDir, { loadDataDir: new Blob([archive]) });
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
  // DATA_DIR/backups holds copies of the whole database: owner-only, as the database is.
  makePrivateDir(options.dir);
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
