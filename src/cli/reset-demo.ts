import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { lockDataDirFor, runCommand } from './command';
import { getDatabaseMode, holdsAnyData } from '../db/database-mode';
import { openDatabase, serverInfoPath } from '../db/open';
import { getUserByEmail } from '../db/users';
import { describeSources } from '../services/database-mode';

/**
 * `npm run reset-demo`: deletes the embedded demo database in DATA_DIR so the next start begins
 * afresh. It refuses a folder that holds real data, one a running server owns, and PostgreSQL
 * (docs/decisions/270-the-database-knows-what-it-holds.md). Backups in DATA_DIR/backups stay.
 */
async function main(): Promise<number> {
  const config = loadConfig(process.env);
  if (config.DATABASE_URL) {
    console.error(
      'reset-demo works on the embedded database only. On PostgreSQL, drop and create the database yourself (dropdb, createdb).',
    );
    return 2;
  }
  const dir = path.resolve(config.DATA_DIR, 'pglite');
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    console.log(`There is no database in ${config.DATA_DIR}; nothing to reset.`);
    return 0;
  }
  const lock = lockDataDirFor(config.DATA_DIR, 'reset-demo command');
  if (typeof lock === 'number') return lock;
  try {
    const db = await openDatabase(config);
    let refusal: string | null = null;
    try {
      // Opened as it is, unmigrated: a folder from before the record has no mode table.
      const recorded = await getDatabaseMode(db).catch(() => null);
      if (recorded?.mode === 'real')
        refusal = `${config.DATA_DIR} holds real data (${describeSources(recorded)}): reset-demo deletes demo data only. Nothing was deleted.`;
      else if (!recorded && (await holdsAnyData(db).catch(() => false)))
        if (!(await getUserByEmail(db, config.DEMO_ADMIN_EMAIL)))
          refusal = `${config.DATA_DIR} holds accounts or projects but no demo admin, so it may be real data. Nothing was deleted.`;
    } finally {
      await db.close();
    }
    if (refusal) {
      console.error(refusal);
      return 1;
    }
    rmSync(dir, { recursive: true, force: true });
    rmSync(serverInfoPath(config), { force: true });
    console.log(
      `The demo database in ${config.DATA_DIR} was deleted; the next start makes a new one.`,
    );
    return 0;
  } finally {
    lock.release();
  }
}

runCommand('reset-demo', main);
