import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { dbTemplate } from '../../tests/helpers/db';
import { migrate } from '../db/migrate';
import { createPgliteDb } from '../db/pglite';
import { createUser, getUserByEmail } from '../db/users';
import { openDatabase } from '../db/open';
import { BackupError, dailySnapshot, restoreSnapshot, writeSnapshot } from './backup';

const root = mkdtempSync(path.join(os.tmpdir(), 'agency-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * A migrated embedded database in `dir`: a copy of the run's template when it has one, else of
 * one migrated here once per file (on a PostgreSQL run, each migration of PGlite costs seconds).
 */
let migratedOnce: Promise<string> | undefined;
async function migrateOnce(): Promise<string> {
  const once = path.join(root, 'migrated-once');
  const db = await createPgliteDb(once);
  await migrate(db);
  await db.close();
  return once;
}

async function migratedDataDir(dir: string) {
  const template = dbTemplate();
  if (template.kind !== 'pglite') migratedOnce ??= migrateOnce();
  const source = template.kind === 'pglite' ? template.dataDir : await migratedOnce!;
  await cp(source, dir, { recursive: true });
  return createPgliteDb(dir);
}

describe('backups of the embedded database', () => {
  it('back up, restore into a new folder, and read the same data; never over a full one', async () => {
    const db = await migratedDataDir(path.join(root, 'a/pglite'));
    await createUser(db, {
      email: 'finance@agency.test',
      passwordHash: 'hash',
      role: 'admin',
      approved: true,
    });
    const file = path.join(root, 'backup.tar.gz');
    expect(await writeSnapshot(db, file)).toBeGreaterThan(1000);

    // Daily snapshots: one per day, the newest `keep` kept.
    const dir = path.join(root, 'a/backups');
    for (const day of ['2026-11-20', '2026-11-21', '2026-11-22'])
      await dailySnapshot(db, { dir, keep: 2, now: new Date(`${day}T03:00:00Z`) });
    expect(
      await dailySnapshot(db, { dir, keep: 2, now: new Date('2026-11-22T09:00:00Z') }),
    ).toBeNull();
    expect(readdirSync(dir).sort()).toEqual([
      'snapshot-2026-11-21.tar.gz',
      'snapshot-2026-11-22.tar.gz',
    ]);
    await db.close();

    const target = path.join(root, 'b/pglite');
    await restoreSnapshot(file, target);
    expect(existsSync(path.join(target, 'PG_VERSION'))).toBe(true);
    const restored = await createPgliteDb(target);
    expect(await getUserByEmail(restored, 'finance@agency.test')).toMatchObject({
      role: 'admin',
      approved: true,
    });
    await restored.close();

    await expect(restoreSnapshot(file, target)).rejects.toThrow(BackupError);
  }, 300_000);
});

/** Every folder and file under `dir` whose mode is not owner-only, as 'mode path'. */
function notPrivate(dir: string): string[] {
  const found: string[] = [];
  const visit = (at: string) => {
    const stat = lstatSync(at);
    const mode = stat.mode & 0o777;
    if (mode !== (stat.isDirectory() ? 0o700 : 0o600))
      found.push(`${mode.toString(8)} ${path.relative(dir, at)}`);
    if (stat.isDirectory()) for (const name of readdirSync(at)) visit(path.join(at, name));
  };
  visit(dir);
  return found;
}

/** Runs `fn` with the process's umask at 0, as a careless service manager might start it. */
async function withUmask0<T>(fn: () => Promise<T>): Promise<T> {
  const before = process.umask(0);
  try {
    return await fn();
  } finally {
    process.umask(before);
  }
}

describe('the data folder is owner-only, whatever the umask', () => {
  it('makes the database, its snapshots and a restored folder 0700 and 0600 under umask 0', async () => {
    await withUmask0(async () => {
      // A new data folder, as the server opens it: initdb's files come from a tarball at 0666.
      const dataDir = path.join(root, 'umask/data');
      const db = await openDatabase({ DATA_DIR: dataDir });
      await migrate(db);
      await createUser(db, { email: 'hash@agency.test', passwordHash: 'scrypt$…' });
      expect(notPrivate(dataDir)).toEqual([]);

      const file = path.join(root, 'umask/out/agency.tar.gz');
      await writeSnapshot(db, file);
      await dailySnapshot(db, {
        dir: path.join(dataDir, 'backups'),
        keep: 1,
        now: new Date('2026-11-29T03:00:00Z'),
      });
      await db.close();
      expect(notPrivate(dataDir)).toEqual([]);
      expect(notPrivate(path.dirname(file))).toEqual([]);

      // A restored folder: the snapshot records every file at 0666.
      const restored = path.join(root, 'umask/restored/pglite');
      await restoreSnapshot(file, restored);
      expect(notPrivate(path.dirname(restored))).toEqual([]);
    });
  }, 300_000);

  it('narrows a folder an older version left world-readable when it opens it again', async () => {
    const dir = path.join(root, 'old/pglite');
    const db = await migratedDataDir(dir);
    await db.close();
    // As versions before this one left it: PGlite's files at 0666, its folders at 0777.
    chmodSync(dir, 0o777);
    for (const name of readdirSync(dir)) {
      const at = path.join(dir, name);
      chmodSync(at, statSync(at).isFile() ? 0o666 : 0o777);
    }
    expect(notPrivate(dir).length).toBeGreaterThan(10);
    const again = await createPgliteDb(dir);
    await again.close();
    expect(notPrivate(dir)).toEqual([]);
  }, 120_000);
});

describe('a restore bounds what it unpacks, before writing anything', () => {
  it('refuses a gzip bomb: 64 MB of zeros in a file of a few KB', async () => {
    const bomb = path.join(root, 'bomb.tar.gz');
    const archive = gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
    writeFileSync(bomb, archive);
    // A thousand times its size, where a database's snapshot unpacks to seven to ten.
    expect(archive.length).toBeLessThan(100_000);
    const target = path.join(root, 'bombed/pglite');
    const refused = restoreSnapshot(bomb, target);
    await expect(refused).rejects.toThrow(BackupError);
    await expect(refused).rejects.toThrow(
      /unpacks to more than 20 times its size of 0\.\d MB.*Nothing was restored/,
    );
    expect(existsSync(target)).toBe(false);
  });

  it('refuses a genuine snapshot when the disk has not the room for it', async () => {
    const db = await migratedDataDir(path.join(root, 'room/pglite'));
    const file = path.join(root, 'room.tar.gz');
    await writeSnapshot(db, file);
    await db.close();
    const target = path.join(root, 'full-disk/pglite');
    await expect(
      restoreSnapshot(file, target, { freeSpace: async () => 10_000_000 }),
    ).rejects.toThrow(/unpacks to more than the 10 MB free where .* would be/);
    expect(existsSync(target)).toBe(false);
  }, 120_000);

  it('says a file that is not a snapshot is not one', async () => {
    const file = path.join(root, 'notes.txt');
    writeFileSync(file, 'not a snapshot');
    await expect(restoreSnapshot(file, path.join(root, 'notes/pglite'))).rejects.toThrow(
      /is not a snapshot written by npm run backup/,
    );
  });
});
