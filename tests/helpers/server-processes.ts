import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILT_SCRIPT_NODE_OPTIONS } from './node-options';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Built servers (`dist/server/server.js`) running as processes of their own. */
export interface ServerProcesses {
  /** Each process's output so far, stdout and stderr together. */
  logs: string[];
  /** Stops every process and waits until each has exited. */
  stop(): Promise<void>;
}

/**
 * Starts `count` built servers in production mode on one PostgreSQL database, each with its own
 * data folder (removed by stop()) and the extra environment `envFor(i)` gives, and waits until
 * every one says it is listening, so each runs its schedules before a test counts.
 */
export async function startServerProcesses(
  count: number,
  databaseUrl: string,
  envFor: (i: number) => Record<string, string> = () => ({}),
): Promise<ServerProcesses> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'agency-processes-'));
  const children: ChildProcess[] = [];
  const logs: string[] = [];
  const stop = async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      // A child a test killed has a signal code and no exit code: it has exited already.
      children.map((c) =>
        c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null,
      ),
    );
    rmSync(scratch, { recursive: true, force: true });
  };
  for (let i = 0; i < count; i++) {
    const child = spawn(
      process.execPath,
      [...BUILT_SCRIPT_NODE_OPTIONS, path.join(root, 'dist/server/server.js')],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: '0',
          DATA_DIR: path.join(scratch, `data-${i}`),
          DATABASE_URL: databaseUrl,
          ...envFor(i),
        },
      },
    );
    const log = (chunk: Buffer) => (logs[i] = (logs[i] ?? '') + chunk.toString());
    child.stdout?.on('data', log);
    child.stderr?.on('data', log);
    children.push(child);
  }
  const deadline = Date.now() + 60_000;
  while (children.some((_, i) => !(logs[i] ?? '').includes('listening on'))) {
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`servers did not start:\n${logs.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { logs, stop };
}
