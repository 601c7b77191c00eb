import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { lockDataDirFor, runCommand } from './command';
import { openDatabase, serverInfoPath } from '../db/open';
import { isProcessRunning } from '../server/data-dir-lock';
import { writeSnapshot } from '../services/backup';

/**
 * `npm run backup [-- FILE]`: a consistent snapshot of the embedded database in one file. While a
 * server owns the database, that server takes it; otherwise this command takes the data folder's
 * lock and takes it itself (docs/decisions/273). On PostgreSQL: pg_dump.
 */
async function main(): Promise<number> {
  const config = loadConfig(process.env);
  if (config.DATABASE_URL) {
    console.error(
      'On PostgreSQL, back up with pg_dump: pg_dump --format=custom --file=agency.dump "$DATABASE_URL" (restore with pg_restore).',
    );
    return 2;
  }
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '');
  const file = path.resolve(process.argv[2] ?? `agency-backup-${stamp}.tar.gz`);
  const infoPath = serverInfoPath(config);
  if (existsSync(infoPath)) {
    const info = JSON.parse(readFileSync(infoPath, 'utf8')) as {
      pid: number;
      url: string;
      token: string;
    };
    if (isProcessRunning(info.pid)) {
      const res = await fetch(`${info.url}/internal/backup`, {
        method: 'POST',
        headers: { 'X-Internal-Token': info.token },
      });
      if (!res.ok) {
        console.error(
          `The running server (PID ${info.pid}) did not take the snapshot: ${res.status}.`,
        );
        return 1;
      }
      const bytes = Buffer.from(await res.arrayBuffer());
      writeFileSync(`${file}.tmp`, bytes, { mode: 0o600 });
      renameSync(`${file}.tmp`, file);
      console.log(`Backup written by the running server: ${file} (${bytes.length} bytes).`);
      return 0;
    }
  }
  // Before the lock, which makes the folder: a mistyped DATA_DIR is left as it was.
  if (!existsSync(path.resolve(config.DATA_DIR, 'pglite/PG_VERSION'))) {
    console.error(`There is no database in ${config.DATA_DIR} to back up.`);
    return 1;
  }
  const lock = lockDataDirFor(config.DATA_DIR, 'backup command');
  if (typeof lock === 'number') return lock;
  try {
    const db = await openDatabase(config);
    try {
      const bytes = await writeSnapshot(db, file);
      console.log(`Backup written: ${file} (${bytes} bytes).`);
      return 0;
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}

runCommand('backup', main);
