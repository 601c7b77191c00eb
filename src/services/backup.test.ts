import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dbTemplate } from '../../tests/helpers/db';
import { migrate } from '../db/migrate';
import { createPgliteDb } from '../db/pglite';
import { createUser, getUserByEmail } from '../db/users';
import { BackupError, dailySnapshot, restoreSnapshot, writeSnapshot } from './backup';

const root = mkdtempSync(path.join(os.tmpdir(), 'agency-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A migrated embedded database in `dir`: a copy of the run's template when it has one. */
async function migratedDataDir(dir: string) {
  const template = dbTemplate();
  if (template.kind === 'pglite') {
    await cp(template.dataDir, dir, { recursive: true });
    return createPgliteDb(dir);
  }
  mkdirSync(dir, { recursive: true });
  const db = await createPgliteDb(dir);
  await migrate(db);
  return db;
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
