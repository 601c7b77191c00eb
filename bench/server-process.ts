/**
 * The built demo server (`dist/server/server.js`) in a process of its own, on a fresh database,
 * so the bench reads that process's resident memory and latency and not its own: the load
 * clients' sockets and buffers live in the bench process, as they would on other machines.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { createPasswordHasher } from '../src/auth/password';
import { nodeScrypt } from '../src/auth/password.node';
import { migrate } from '../src/db/migrate';
import { createPostgresDb } from '../src/db/postgres';
import { createUser } from '../src/db/users';

export type BenchDatabase = 'pglite' | 'postgresql';

export interface ServerProcess {
  url: string;
  pid: number;
  database: BenchDatabase;
  /** Milliseconds from spawn until it listened (migrations, demo seed and first sync included). */
  startMs: number;
  adminEmail: string;
  adminPassword: string;
  /** Resident memory of the server process, from /proc (Linux). */
  memory(): { rssMB: number; anonMB: number; fileMB: number; peakMB: number };
  /** CPU time the server process has used so far (user + system), in milliseconds. */
  cpuMs(): number;
  /**
   * CPU time used so far by the PostgreSQL backends serving this server's database (ms), or null
   * on the embedded database (its work is in the server process). Backends that have ended are
   * not counted; the pool keeps its connections open while the load runs.
   */
  databaseCpuMs(): Promise<Map<number, number> | null>;
  /** What the server printed, for a failure message. */
  output(): string;
  stop(): Promise<void>;
  /** Kills the process with SIGKILL, as a crash would: nothing of it runs after. */
  kill(): Promise<void>;
}

const ADMIN_EMAIL = 'bench-admin@agency.test';
const ADMIN_PASSWORD = 'bench-password-123';

function readStatus(pid: number) {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(text.match(new RegExp(`^${key}:\\s+(\\d+)`, 'm'))?.[1] ?? NaN);
  const mb = (key: string) => Math.round(kb(key) / 1024);
  return {
    rssMB: mb('VmRSS'),
    anonMB: mb('RssAnon'),
    fileMB: mb('RssFile'),
    peakMB: mb('VmHWM'),
  };
}

/** utime and stime from /proc/<pid>/stat, in clock ticks of 10 ms (USER_HZ is 100 on Linux). */
function readCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A new empty PostgreSQL database next to the one DATABASE_URL names, dropped by `drop`. */
export async function freshPostgresDatabase(baseUrl: string) {
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const a = postgres(baseUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/**
 * Starts the demo server as `npm run serve` does (production mode, demo Jira and Forecast,
 * demo seed), on an empty data directory (PGlite) or an empty PostgreSQL database, and
 * resolves when it listens.
 */
export async function startServerProcess(options: {
  distDir: string;
  database: BenchDatabase;
  /** Required for 'postgresql': the server one new database is made on. */
  databaseUrl?: string;
  /**
   * 'postgresql' only: this database, migrated and kept as it is (several processes on one
   * database); the caller drops it.
   */
  sharedDatabaseUrl?: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-server-'));
  let dropDatabase = async () => {};
  let databaseUrl = '';
  let databaseName = '';
  if (options.database === 'postgresql' && options.sharedDatabaseUrl) {
    databaseUrl = options.sharedDatabaseUrl;
    databaseName = new URL(databaseUrl).pathname.slice(1);
  } else if (options.database === 'postgresql') {
    if (!options.databaseUrl) throw new Error('PostgreSQL needs DATABASE_URL');
    const fresh = await freshPostgresDatabase(options.databaseUrl);
    databaseUrl = fresh.url;
    databaseName = fresh.name;
    dropDatabase = fresh.drop;
    // The server makes a demo admin on the embedded database only
    // (docs/decisions/163-demo-credentials.md); on PostgreSQL the bench adds its own admin.
    const db = createPostgresDb(databaseUrl, { max: 1 });
    try {
      await migrate(db);
      await createUser(db, {
        email: ADMIN_EMAIL,
        passwordHash: await createPasswordHasher(nodeScrypt).hash(ADMIN_PASSWORD),
        role: 'admin',
        approved: true,
      });
    } finally {
      await db.close();
    }
  }
  const started = performance.now();
  // Through bin/server.sh, as `npm run serve` runs it, so the bench measures the server with its
  // memory settings; the script execs node, so the child's pid is the server's.
  const child: ChildProcess = spawn(
    'sh',
    [path.resolve(options.distDir, '../bin/server.sh'), ...(options.nodeArgs ?? [])],
    {
      env: {
        // The same node as the bench's, first on the PATH the script finds it on.
        PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        DEMO_ADMIN_EMAIL: ADMIN_EMAIL,
        DEMO_ADMIN_PASSWORD: ADMIN_PASSWORD,
        // Figures stay put while the bench measures them; its live section sends its own changes.
        DEMO_LIVE_SECONDS: '0',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const cleanUp = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase();
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('the server did not listen within 5 minutes')),
        300_000,
      );
      const look = () => {
        const m = output.match(/listening on (http:\/\/[^\s]+)/);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      };
      child.stdout!.on('data', look);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${code}) before listening:\n${output}`));
      });
    });
    const startMs = performance.now() - started;
    const pid = child.pid!;
    return {
      url,
      pid,
      database: options.database,
      startMs,
      adminEmail: ADMIN_EMAIL,
      adminPassword: ADMIN_PASSWORD,
      memory: () => readStatus(pid),
      cpuMs: () => readCpuMs(pid),
      async databaseCpuMs() {
        if (!databaseName || !options.databaseUrl) return null;
        const admin = postgres(options.databaseUrl, { max: 1, onnotice: () => {} });
        try {
          const rows = await admin<{ pid: number }[]>`
            SELECT pid FROM pg_stat_activity WHERE datname = ${databaseName}`;
          const cpu = new Map<number, number>();
          for (const { pid: backend } of rows) {
            try {
              cpu.set(backend, readCpuMs(backend));
            } catch {
              // Ended between the query and the read.
            }
          }
          return cpu;
        } finally {
          await admin.end();
        }
      },
      output: () => output,
      async kill() {
        child.kill('SIGKILL');
        await exited;
      },
      async stop() {
        child.kill('SIGTERM');
        await exited;
        await cleanUp();
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    await cleanUp();
    throw error;
  }
}

/** Signs in through the real form API and returns the `session=...` cookie. */
export async function signIn(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ email: server.adminEmail, password: server.adminPassword }),
  });
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('session='))
    ?.split(';')[0];
  if (!res.ok || !cookie) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookie;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
