import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyMigratedTemplate, copySeededDemo, DEMO_ADMIN, runBuiltScript } from '../e2e/harness';
import { BUILT_SCRIPT_NODE_OPTIONS } from '../helpers/node-options';

/**
 * The embedded database belongs to one process (docs/decisions/162-one-owner-of-the-data-folder.md),
 * checked on the BUILT server and users command as separate processes, on PGlite only: with
 * DATABASE_URL the data folder holds no database.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverJs = path.join(repoRoot, 'dist/server/server.js');

interface Running {
  child: ChildProcess;
  url: string;
  port: number;
  log: () => string;
}

const tmpDirs: string[] = [];
const children: ChildProcess[] = [];
async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'agency-owner-'));
  tmpDirs.push(dir);
  return dir;
}

/**
 * A folder that has run the demo: a copy of the run's seeded demo, as a server's first start in
 * demo mode leaves it (the demo admin, the demo agency's data), without seeding it again.
 */
async function demoDir() {
  const dir = await tempDir();
  await copySeededDemo(path.join(dir, 'data'));
  return dir;
}

/**
 * A folder whose embedded database is a copy of the run's migrated template, as a first start
 * leaves it before it records demo or real: the server's first start without PGlite's initdb.
 */
async function migratedDir() {
  const dir = await tempDir();
  await copyMigratedTemplate(path.join(dir, 'data'));
  return dir;
}

function envFor(
  dataDir: string,
  port = 0,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dataDir,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: path.join(dataDir, 'data'),
    // No daily snapshot (0.7 s of CPU a start): src/services/backup.test.ts tests them.
    BACKUPS_KEPT: '0',
    DEMO_LIVE_SECONDS: '0',
    ...extra,
  };
}

/** Starts the server; resolves once it listens, or with its exit code and output if it stops. */
function start(
  dataDir: string,
  port = 0,
  extra: Record<string, string> = {},
): Promise<{ running: Running } | { code: number | null; output: string }> {
  const child = spawn(process.execPath, [...BUILT_SCRIPT_NODE_OPTIONS, serverJs], {
    cwd: repoRoot,
    env: envFor(dataDir, port, extra),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const out: string[] = [];
  child.stdout!.setEncoding('utf8').on('data', (d: string) => out.push(d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => out.push(d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in 90 s:\n${out.join('')}`)), 90_000);
    child.stdout!.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(out.join(''));
      if (!match) return;
      clearTimeout(timer);
      const url = match[1]!;
      resolve({
        running: { child, url, port: Number(new URL(url).port), log: () => out.join('') },
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output: out.join('') });
    });
  });
}

async function startOk(dataDir: string, extra: Record<string, string> = {}): Promise<Running> {
  const result = await start(dataDir, 0, extra);
  if (!('running' in result)) throw new Error(`server stopped (${result.code}):\n${result.output}`);
  return result.running;
}

function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

const users = (dataDir: string, args: string[]) => runBuiltScript('users', args, envFor(dataDir));
const resetDemo = (dataDir: string) => runBuiltScript('reset-demo', [], envFor(dataDir));

async function signIn(url: string): Promise<string | null> {
  const res = await signInAnswer(url);
  if (res.status !== 200) return null;
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

const signInAnswer = (url: string) =>
  fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify(DEMO_ADMIN),
  });

const embedded = !process.env.DATABASE_URL;

afterAll(async () => {
  for (const child of children) await stop(child, 'SIGKILL');
  for (const d of tmpDirs) await rm(d, { recursive: true, force: true });
});

describe.skipIf(!embedded)('one process owns the embedded database', () => {
  let dir: string;
  let first: Running;

  beforeAll(async () => {
    // A first start of its own, not the seeded demo: this file runs early in a whole run, and
    // the seeded demo may still be in the making (tests/sequencer.ts).
    dir = await migratedDir();
    first = await startOk(dir);
  }, 120_000);

  it('refuses a second server on the same DATA_DIR, naming the first, and leaves the first alone', async () => {
    const infoBefore = readFileSync(path.join(dir, 'data/server.json'), 'utf8');
    const second = await start(dir);
    expect('code' in second && second.code).toBe(3);
    const output = 'output' in second ? second.output : '';
    expect(output).toContain(`PID ${first.child.pid}`);
    expect(output).toContain(`port ${first.port}`);
    // The first server's server.json and lock are untouched, and it still answers.
    expect(readFileSync(path.join(dir, 'data/server.json'), 'utf8')).toBe(infoBefore);
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    // The users command still goes through the running server, and says so.
    const listed = await users(dir, ['list']);
    expect(listed.code).toBe(0);
    expect(listed.output).toContain(DEMO_ADMIN.email);
    expect(listed.output).toContain(
      `Through the dashboard server with PID ${first.child.pid} (${first.url}) on ${path.join(dir, 'data')} (DATA_DIR).`,
    );
  }, 120_000);

  it('stops with a clear message and exit code on a busy port, without touching the data', async () => {
    const other = await tempDir();
    const busy = await start(other, first.port);
    expect('code' in busy && busy.code).toBe(4);
    expect('output' in busy && busy.output).toMatch(
      new RegExp(`Port ${first.port} on 127\\.0\\.0\\.1 is already in use`),
    );
    expect(existsSync(path.join(other, 'data/pglite'))).toBe(false);
    expect(existsSync(path.join(other, 'data/owner.lock'))).toBe(false);
  }, 120_000);

  it('refuses the users command when the owner does not answer for it, naming its PID and port', async () => {
    const other = await tempDir();
    // A lock held by a live process (this test) on port 4321, with no server.json to reach it.
    mkdirSync(path.join(other, 'data'), { recursive: true });
    writeFileSync(
      path.join(other, 'data/owner.lock'),
      JSON.stringify({ pid: process.pid, role: 'server', port: 4321, startedAt: 'now' }),
    );
    const result = await users(other, ['list']);
    expect(result.code).toBe(3);
    expect(result.output).toContain(`PID ${process.pid}`);
    expect(result.output).toContain('port 4321');
    expect(existsSync(path.join(other, 'data/pglite'))).toBe(false);
  }, 120_000);

  it('users command: names the folder it looked in, and never makes one', async () => {
    // DATA_DIR unset, run where there is no ./data: refused, naming the folder; nothing made.
    const cwd = await tempDir();
    const { DATA_DIR: _unset, ...withoutDataDir } = envFor(cwd);
    const unset = await runBuiltScript('users', ['list'], withoutDataDir, cwd);
    expect(unset.code).toBe(1);
    expect(unset.output).toBe(
      `No dashboard database in ${path.join(cwd, 'data')} (DATA_DIR is unset: ./data in the current folder). Set DATA_DIR to the data folder the server runs on. Nothing was created.`,
    );
    expect(existsSync(path.join(cwd, 'data'))).toBe(false);
    // An empty folder named by DATA_DIR: refused the same way, left empty.
    mkdirSync(path.join(cwd, 'data'));
    const empty = await users(cwd, ['approve', DEMO_ADMIN.email]);
    expect(empty.code).toBe(1);
    expect(empty.output).toMatch(/^No dashboard database in .*\/data \(DATA_DIR\)\./);
    expect(readdirSync(path.join(cwd, 'data'))).toEqual([]);
    // A folder with a database and no server: read directly, and said so.
    const direct = await users(await migratedDir(), ['list']);
    expect(direct.code).toBe(0);
    expect(direct.output).toContain('No accounts yet.');
    expect(direct.output).toMatch(/Embedded database in .*\/data \(DATA_DIR\)\./);
  }, 120_000);

  it('backup command: says a folder holds no database, and leaves it unmade', async () => {
    const cwd = await tempDir();
    const result = await runBuiltScript('backup', [], envFor(path.join(cwd, 'mistyped')), cwd);
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/^There is no database in .*mistyped\/data to back up\.$/);
    expect(readdirSync(cwd)).toEqual([]);
  }, 60_000);

  it('loses no acknowledged write to kill -9 mid-write, and the next server takes the folder over', async () => {
    // Sign-ins are writes (a session row each); a burst runs while the server is killed.
    const acknowledged: string[] = [];
    let stopped = false;
    const writer = async () => {
      while (!stopped) {
        // Any answer that arrives was acknowledged, even one read after the kill.
        const cookie = await signIn(first.url).catch(() => null);
        if (!cookie) return;
        acknowledged.push(cookie);
      }
    };
    const writers = [writer(), writer(), writer()];
    while (acknowledged.length < 12) await new Promise((r) => setTimeout(r, 20));
    await stop(first.child, 'SIGKILL');
    stopped = true;
    await Promise.all(writers);
    const count = acknowledged.length;
    expect(count).toBeGreaterThanOrEqual(12);

    const next = await startOk(dir);
    for (const cookie of acknowledged) {
      const me = await fetch(`${next.url}/api/user`, { headers: { Cookie: cookie } });
      expect(me.status, 'an acknowledged sign-in is still there after kill -9').toBe(200);
    }
    expect(JSON.parse(readFileSync(path.join(dir, 'data/server.json'), 'utf8')).pid).toBe(
      next.child.pid,
    );
    // A clean stop removes its own files.
    await stop(next.child);
    expect(existsSync(path.join(dir, 'data/server.json'))).toBe(false);
    expect(existsSync(path.join(dir, 'data/owner.lock'))).toBe(false);
  }, 240_000);
});

describe.skipIf(!embedded)('demo credentials never open real data', () => {
  // Forecast pointed at a closed local port: real credentials, no network beyond 127.0.0.1.
  const REAL_FORECAST = { FORECAST_API_KEY: 'a-real-key', FORECAST_BASE_URL: 'http://127.0.0.1:9' };

  it('makes no demo admin with a real Forecast key and Jira unset', async () => {
    const server = await startOk(await migratedDir(), REAL_FORECAST);
    expect((await signInAnswer(server.url)).status).toBe(401);
    expect(server.log()).not.toContain('Demo admin:');
    await stop(server.child);
  }, 120_000);

  it('does not re-approve the demo admin an admin revoked, at the next start', async () => {
    const dir = await demoDir();
    const first = await startOk(dir);
    expect((await signInAnswer(first.url)).status).toBe(200);
    expect((await users(dir, ['revoke', DEMO_ADMIN.email])).code).toBe(0);
    await stop(first.child);
    const again = await startOk(dir);
    expect((await signInAnswer(again.url)).status).toBe(403);
    await stop(again.child);
  }, 120_000);

  it('refuses to start in production on real data with the demo password set, or with a demo admin left over', async () => {
    const refused = await start(await migratedDir(), 0, {
      ...REAL_FORECAST,
      DEMO_ADMIN_PASSWORD: 'demo-admin-password',
    });
    expect('code' in refused && refused.code).toBe(1);
    expect('output' in refused && refused.output).toMatch(/DEMO_ADMIN_PASSWORD is set/);

    // A folder that ran the demo, then gets a real key: it holds the demo's data.
    const dir = await demoDir();
    const leftover = await start(dir, 0, REAL_FORECAST);
    expect('code' in leftover && leftover.code).toBe(1);
    expect('output' in leftover && leftover.output).toMatch(
      /holds the demo agency's data .*started with .*Forecast http:\/\/127\.0\.0\.1:9\. Nothing was written\..*npm run reset-demo/,
    );
    expect(existsSync(path.join(dir, 'data/owner.lock'))).toBe(false);
  }, 180_000);
});

describe.skipIf(!embedded)('demo data never joins real data', () => {
  const REAL = { FORECAST_API_KEY: 'a-real-key', FORECAST_BASE_URL: 'http://127.0.0.1:9' };

  it('refuses demo mode on a folder that held real data, and writes nothing', async () => {
    const dir = await migratedDir();
    const real = await startOk(dir, REAL);
    await stop(real.child);
    const demo = await start(dir);
    expect('code' in demo && demo.code).toBe(1);
    const output = 'output' in demo ? demo.output : '';
    expect(output).toContain(
      'this database holds real data (Jira from the built-in demo agency, Forecast http://127.0.0.1:9)',
    );
    expect(output).toContain('in demo mode');
    expect(output).not.toContain('Demo admin:');
    // Back on real credentials: no demo admin was made, no demo project stored.
    const again = await startOk(dir, REAL);
    expect((await signInAnswer(again.url)).status).toBe(401);
    await stop(again.child);
    const listed = await users(dir, ['list']);
    expect(listed.output).not.toContain(DEMO_ADMIN.email);
    // reset-demo deletes demo folders only.
    const reset = await resetDemo(dir);
    expect(reset.code).toBe(1);
    expect(reset.output).toMatch(/holds real data .*Nothing was deleted/);
    expect(existsSync(path.join(dir, 'data/pglite/PG_VERSION'))).toBe(true);
  }, 240_000);

  it('after reset-demo, a demo folder starts with real credentials', async () => {
    const dir = await demoDir();
    const reset = await resetDemo(dir);
    expect(reset, reset.output).toMatchObject({ code: 0 });
    const real = await startOk(dir, REAL);
    expect((await signInAnswer(real.url)).status).toBe(401);
    await stop(real.child);
  }, 240_000);
});
