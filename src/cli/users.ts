import { existsSync, readFileSync } from 'node:fs';
import { loadConfig } from '../config';
import { lockDataDirFor, runCommand } from './command';
import { migrate } from '../db/migrate';
import { openDatabase, serverInfoPath } from '../db/open';
import { type DataDirLock, isProcessRunning } from '../server/data-dir-lock';
import { runUsersCommand, USERS_USAGE } from '../services/users-command';

/**
 * `npm run users -- list | approve <email> | role <email> <role> | revoke <email>`.
 * On PostgreSQL it works on the database directly. The embedded database belongs to one
 * process: while a server runs on it, the command is carried out by that server.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length === 0) {
    console.log(USERS_USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  const infoPath = serverInfoPath(config);
  if (!config.DATABASE_URL && existsSync(infoPath)) {
    const info = JSON.parse(readFileSync(infoPath, 'utf8')) as {
      pid: number;
      url: string;
      token: string;
    };
    if (isProcessRunning(info.pid)) {
      try {
        const res = await fetch(`${info.url}/internal/users-command`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Internal-Token': info.token },
          body: JSON.stringify({ args }),
        });
        const result = (await res.json()) as { ok: boolean; output?: string; message?: string };
        console.log(result.output ?? result.message);
        return result.ok ? 0 : 1;
      } catch (error) {
        console.error(
          `The dashboard server with PID ${info.pid} (${info.url}) owns the embedded database but did not answer (${(error as Error).message}). Stop it first, then run this command again.`,
        );
        return 1;
      }
    }
  }
  // No server to act through: this command becomes the database's one owner while it runs, so
  // a server started meanwhile refuses rather than opening it too.
  let lock: DataDirLock | null = null;
  if (!config.DATABASE_URL) {
    const taken = lockDataDirFor(config.DATA_DIR, 'users command');
    if (typeof taken === 'number') return taken;
    lock = taken;
  }
  try {
    const db = await openDatabase(config);
    try {
      await migrate(db);
      const result = await runUsersCommand(db, args);
      console.log(result.output);
      return result.ok ? 0 : 1;
    } finally {
      await db.close();
    }
  } finally {
    lock?.release();
  }
}

runCommand('users', main);
