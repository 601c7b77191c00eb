import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetManifest } from '../../src/render/assets';

/**
 * Runs the built Worker (dist/worker/worker.js) in workerd through `wrangler dev --local`, with
 * its Hyperdrive binding pointed at a fresh database on the local PostgreSQL, and walks the
 * first minutes of a new user: health, sign-up, approval, sign-in, the portfolio page and its
 * stylesheet. Needs no network: wrangler, workerd and the database are all local.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const workerBundle = path.join(root, 'dist/worker/worker.js');
const wranglerBin = path.join(root, 'node_modules/.bin/wrangler');
const PASSWORD = 'correct horse battery staple';
const EMAIL = 'worker-smoke@agency.test';

// The server the suite already uses when DATABASE_URL is set, else the local default.
const adminUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');

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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const pgHost = adminUrl.hostname;
const pgPort = Number(adminUrl.port || 5432);
const postgresAnswers = await answers(pgHost, pgPort, 1000);

if (!postgresAnswers) {
  describe('the Worker under wrangler dev', () => {
    it.skip(`skipped: no PostgreSQL answered on ${pgHost}:${pgPort} within 1 s, and the Worker needs one behind its Hyperdrive binding`, () => {});
  });
} else {
  describe('the Worker under wrangler dev', () => {
    const dbName = `worker_smoke_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const dbUrl = new URL(adminUrl);
    dbUrl.pathname = `/${dbName}`;
    const scratch = mkdtempSync(path.join(tmpdir(), 'agency-worker-smoke-'));
    let wrangler: ChildProcess | null = null;
    let output = '';
    let origin = '';
    let manifest: AssetManifest;
    let cookie = '';
    let databaseCreated = false;

    const admin = () => postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
    const inDatabase = () => postgres(dbUrl.toString(), { max: 1, onnotice: () => {} });

    async function waitUntilServing(deadline: number): Promise<void> {
      while (Date.now() < deadline) {
        if (wrangler && wrangler.exitCode !== null)
          throw new Error(`wrangler dev exited with code ${wrangler.exitCode}:\n${output}`);
        try {
          const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(5000) });
          if (res.ok) return;
        } catch {
          // Not listening yet.
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(`wrangler dev did not serve /healthz within the time allowed:\n${output}`);
    }

    beforeAll(async () => {
      if (!existsSync(workerBundle)) {
        throw new Error(
          `${path.relative(root, workerBundle)} is missing: build first with \`node build.mjs\` (npm test does).`,
        );
      }
      manifest = JSON.parse(
        readFileSync(path.join(root, 'dist/manifest.json'), 'utf8'),
      ) as AssetManifest;

      const sql = admin();
      try {
        await sql.unsafe(`CREATE DATABASE ${dbName}`);
        databaseCreated = true;
      } finally {
        await sql.end();
      }

      // miniflare refuses a connection string without a password; a trust-auth server ignores it.
      const hyperdriveUrl = new URL(dbUrl);
      if (!hyperdriveUrl.password) hyperdriveUrl.password = 'unused';
      const [port, inspectorPort] = [await freePort(), await freePort()];
      origin = `http://127.0.0.1:${port}`;
      wrangler = spawn(
        wranglerBin,
        [
          'dev',
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
        ],
        {
          cwd: root,
          // Its own process group, so afterAll can stop wrangler and the workerd it starts together.
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
      wrangler.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      wrangler.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await waitUntilServing(Date.now() + 40_000);
    }, 60_000);

    afterAll(async () => {
      const child = wrangler;
      if (child?.pid && child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(-child.pid, 'SIGTERM');
        const stopped = await Promise.race([
          exited.then(() => true),
          new Promise((r) => setTimeout(() => r(false), 5000)),
        ]);
        if (!stopped) process.kill(-child.pid, 'SIGKILL');
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
    }, 30_000);

    it('answers /healthz and has migrated the empty database on its first request', async () => {
      const res = await fetch(`${origin}/healthz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok' });
      const sql = inDatabase();
      try {
        const [row] = await sql<
          { count: number }[]
        >`SELECT count(*)::int AS count FROM schema_migrations`;
        expect(row?.count).toBeGreaterThan(0);
      } finally {
        await sql.end();
      }
    });

    it('signs up, and once approved signs in with a session cookie', async () => {
      const headers = { Origin: origin, 'Content-Type': 'application/json' };
      const body = JSON.stringify({ email: EMAIL, password: PASSWORD });

      const signup = await fetch(`${origin}/api/signup`, { method: 'POST', headers, body });
      expect(signup.status).toBe(201);

      const early = await fetch(`${origin}/api/login`, { method: 'POST', headers, body });
      expect(early.status).toBe(403);

      const sql = inDatabase();
      try {
        const approved =
          await sql`UPDATE users SET approved = true WHERE email = ${EMAIL} RETURNING id`;
        expect(approved).toHaveLength(1);
      } finally {
        await sql.end();
      }

      const login = await fetch(`${origin}/api/login`, { method: 'POST', headers, body });
      expect(login.status).toBe(200);
      expect(await login.json()).toMatchObject({ email: EMAIL, approved: true });
      const session = login.headers.getSetCookie().find((c) => c.startsWith('session='));
      expect(session).toMatch(/HttpOnly/i);
      cookie = session!.split(';')[0]!;
    });

    it('renders the Project Portfolio page for the signed-in user, its CSS inline under the nonce and the hashed stylesheet for later', async () => {
      const signedOut = await fetch(`${origin}/`, { redirect: 'manual' });
      expect(signedOut.status).toBe(302);
      expect(signedOut.headers.get('location')).toBe('/auth');

      const res = await fetch(`${origin}/`, { headers: { Cookie: cookie }, redirect: 'manual' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const page = await res.text();
      expect(page).toContain('Project Portfolio');
      expect(manifest.css).toMatch(/^\/assets\/app-[0-9A-F]{10}\.css$/);
      const nonce = /style-src 'self' 'nonce-([^']+)'/.exec(
        res.headers.get('content-security-policy') ?? '',
      )?.[1];
      expect(nonce).toBeTruthy();
      expect(page).toContain(`<style nonce="${nonce}">`);
      expect(page).toContain(`data-css="${manifest.css}"`);
    });

    it('serves the hashed stylesheet from Workers assets, cached for a year', async () => {
      const res = await fetch(`${origin}${manifest.css}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/css/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await res.text()).toBe(
        readFileSync(path.join(root, 'dist/public', manifest.css), 'utf8'),
      );
    });
  });
}
