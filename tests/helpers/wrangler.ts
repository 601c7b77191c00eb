import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

/**
 * The built Worker (dist/worker/worker.js) in workerd through `wrangler dev --local`, its
 * Hyperdrive binding pointed at a fresh database on the local PostgreSQL.
 */

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const workerBundle = path.join(root, 'dist/worker/worker.js');
const wranglerBin = path.join(root, 'node_modules/.bin/wrangler');

// The server the suite already uses when DATABASE_URL is set, else the local default.
export const adminUrl = new URL(
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
);

function answers(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.connect(port, host);
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Why the Worker tests cannot run here, or null when PostgreSQL answers. */
export async function whyNoWorkerTests(): Promise<string | null> {
  const host = adminUrl.hostname;
  const port = Number(adminUrl.port || 5432);
  return (await answers(host, port, 1000))
    ? null
    : `no PostgreSQL answered on ${host}:${port} within 1 s, and the Worker needs one behind its Hyperdrive binding`;
}

export interface WranglerDev {
  origin: string;
  /** wrangler's and the Worker's output so far. */
  output(): string;
  /** A connection to the Worker's own database. */
  inDatabase(): postgres.Sql;
  stop(): Promise<void>;
}

/**
 * Starts `wrangler dev --local` on a fresh database and waits until /healthz answers (the first
 * request migrates the database). `vars` are passed with --var. `withoutAssets` runs it from a
 * copy of wrangler.toml with no [assets] section: with assets, wrangler dev puts its asset
 * router in front of the Worker, and that router does not take scheduled events.
 */
export async function startWranglerDev(options: {
  name: string;
  vars?: Record<string, string>;
  withoutAssets?: boolean;
}): Promise<WranglerDev> {
  if (!existsSync(workerBundle))
    throw new Error(
      `${path.relative(root, workerBundle)} is missing: build first with \`node build.mjs\` (npm test does).`,
    );
  const dbName = `${options.name}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const scratch = mkdtempSync(path.join(tmpdir(), `agency-${options.name}-`));
  const admin = () => postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  let databaseCreated = false;
  let child: ChildProcess | null = null;
  let output = '';

  const stop = async () => {
    if (child?.pid && child.exitCode === null) {
      const running = child;
      const exited = new Promise((r) => running.once('exit', r));
      process.kill(-running.pid!, 'SIGTERM');
      const stopped = await Promise.race([
        exited.then(() => true),
        new Promise((r) => setTimeout(() => r(false), 5000)),
      ]);
      if (!stopped) process.kill(-running.pid!, 'SIGKILL');
    }
    if (databaseCreated) {
      const sql = admin();
      try {
        await sql.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      } finally {
        await sql.end();
      }
    }
    rmSync(scratch, { recursive: true, force: true });
  };

  try {
    const sql = admin();
    try {
      await sql.unsafe(`CREATE DATABASE ${dbName}`);
      databaseCreated = true;
    } finally {
      await sql.end();
    }
    const config: string[] = [];
    if (options.withoutAssets) {
      const file = path.join(scratch, 'wrangler.toml');
      writeFileSync(
        file,
        readFileSync(path.join(root, 'wrangler.toml'), 'utf8')
          .replace(/^main = "([^"]+)"/m, (_, main: string) => `main = "${path.join(root, main)}"`)
          .replace(/^\[assets\]\ndirectory = "[^"]+"\n/m, ''),
      );
      config.push('--config', file);
    }
    // miniflare refuses a connection string without a password; a trust-auth server ignores it.
    const hyperdriveUrl = new URL(dbUrl);
    if (!hyperdriveUrl.password) hyperdriveUrl.password = 'unused';
    const [port, inspectorPort] = [await freePort(), await freePort()];
    const origin = `http://127.0.0.1:${port}`;
    child = spawn(
      wranglerBin,
      [
        'dev',
        ...config,
        '--local',
        '--ip',
        '127.0.0.1',
        '--port',
        String(port),
        '--inspector-port',
        String(inspectorPort),
        '--persist-to',
        path.join(scratch, 'state'),
        '--show-interactive-dev-session=false',
        ...Object.entries(options.vars ?? {}).flatMap(([k, v]) => ['--var', `${k}:${v}`]),
      ],
      {
        cwd: root,
        // Its own process group, so stop() ends wrangler and the workerd it starts together.
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          WRANGLER_SEND_METRICS: 'false',
          CLOUDFLARE_HYPERDRIVE_LOCAL_CONNECTION_STRING_HYPERDRIVE: hyperdriveUrl.toString(),
          // Offline: no Request.cf download; logs and config in the scratch folder, not under ~.
          CLOUDFLARE_CF_FETCH_ENABLED: 'false',
          WRANGLER_LOG_PATH: path.join(scratch, 'logs'),
          XDG_CONFIG_HOME: path.join(scratch, 'config'),
        },
      },
    );
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 40_000;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`wrangler dev exited with code ${child.exitCode}:\n${output}`);
      if (Date.now() > deadline)
        throw new Error(`wrangler dev did not serve /healthz within the time allowed:\n${output}`);
      try {
        const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(5000) });
        if (res.ok) break;
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    return {
      origin,
      output: () => output,
      inDatabase: () => postgres(dbUrl.toString(), { max: 1, onnotice: () => {} }),
      stop,
    };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}
