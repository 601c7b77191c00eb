import path from 'node:path';
import { existsSync } from 'node:fs';
import { loadConfig } from '../config';
import { lockDataDirFor, runCommand } from './command';
import { BackupError, restoreSnapshot } from '../services/backup';

/**
 * `npm run restore -- FILE`: fills an empty DATA_DIR from a snapshot `npm run backup` wrote; it
 * refuses a folder that holds a database (docs/decisions/273). On PostgreSQL: pg_restore.
 */
async function main(): Promise<number> {
  const config = loadConfig(process.env);
  const file = process.argv[2];
  if (config.DATABASE_URL) {
    console.error(
      'On PostgreSQL, restore with pg_restore: pg_restore --dbname="$DATABASE_URL" FILE.',
    );
    return 2;
  }
  if (!file || !existsSync(file)) {
    console.error('Usage: npm run restore -- FILE (a snapshot written by npm run backup).');
    return 2;
  }
  const lock = lockDataDirFor(config.DATA_DIR, 'restore command');
  if (typeof lock === 'number') return lock;
  try {
    await restoreSnapshot(path.resolve(file), path.resolve(config.DATA_DIR, 'pglite'));
    console.log(`Restored ${file} into ${config.DATA_DIR}.`);
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    lock.release();
  }
}

runCommand('restore', main);
