import { existsSync, readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { lockDataDirFor, runCommand } from './command';
import { migrate } from '../db/migrate';
import { openDatabase, serverInfoPath } from '../db/open';
import { type DataDirLock, isProcessRunning } from '../server/data-dir-lock';
import {
  runUsersCommand,
  SHELL_USER_NAME,
  USERS_USAGE,
  usersCommandActor,
} from '../services/users-command';

/** The shell's user name, for the audit log; empty when the system has none for this uid. */
function shellUser(): string {
  try {
    const name = userInfo().username;
    return SHELL_USER_NAME.test(name) ? name : '';
  } catch {
    return '';
  }
}

/** Where the embedded database was looked for, and why there: the line both outcomes print. */
function folderNamed(dataDir: string): string {
  return process.env.DATA_DIR
    ? `${dataDir} (DATA_DIR)`
    : `${dataDir} (DATA_DIR is unset: ./data in the current folder)`;
}

/**
 * `npm run users -- list | approve <email> | role <email> <role> | revoke <email>`.
 * On PostgreSQL it works on the database directly. The embedded database belongs to one
 * process: while a server runs on it, the command is carried out by that server. It says which
 * data folder it read, and never makes one: a folder with no database is refused by name, since
 * an empty one would only answer "No accounts yet." about a database nobody uses.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length === 0) {
    console.log(USERS_USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  const by = shellUser();
  const actor = usersCommandActor(by);
  const dataDir = path.resolve(config.DATA_DIR);
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
          body: JSON.stringify({ args, by }),
        });
        const result = (await res.json()) as { ok: boolean; output?: string; message?: string };
        console.error(
          `Through the dashboard server with PID ${info.pid} (${info.url}) on ${folderNamed(dataDir)}.`,
        );
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
    const noDatabase = `No dashboard database in ${folderNamed(dataDir)}. Set DATA_DIR to the data folder the server runs on. Nothing was created.`;
    if (!existsSync(dataDir)) {
      console.error(noDatabase);
      return 1;
    }
    const taken = lockDataDirFor(config.DATA_DIR, 'users command');
    if (typeof taken === 'number') return taken;
    lock = taken;
    if (!existsSync(path.join(dataDir, 'pglite/PG_VERSION'))) {
      lock.release();
      console.error(noDatabase);
      return 1;
    }
    console.error(`Embedded database in ${folderNamed(dataDir)}.`);
  }
  try {
    const db = await openDatabase(config);
    try {
      await migrate(db);
      const result = await runUsersCommand(db, args, actor);
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
