import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate';
import { createPgliteDb } from '../../src/db/pglite';
import type { Db } from '../../src/db/port';
import { createPostgresDb } from '../../src/db/postgres';
import { createTestApp, type TestApp } from '../helpers/app';
import { allowConsoleErrors } from '../helpers/console';
import { createTestDb } from '../helpers/db';

// The database going away and coming back. Meanwhile /readyz answers 503 and
// every request fails cleanly (a 5xx with a plain message, no stack, no crash); afterwards
// /readyz answers 200 and the stored data is all there.

/** A Db whose connection the test can pull out and put back, as an outage would. */
function swappableDb(first: Db) {
  let current = first;
  const db: Db = {
    get kind() {
      return current.kind;
    },
    query: (text, params) => current.query(text, params),
    transaction: (fn) => current.transaction(fn),
    exec: (text) => current.exec(text),
    close: () => current.close(),
  };
  return { db, swap: (next: Db) => (current = next), current: () => current };
}

/** What a request must look like while the database is away: a 5xx that explains itself and shows no internals. */
async function expectCleanFailure(t: TestApp, cookie: string) {
  const health = await t.request('GET', '/readyz');
  expect(health.status).toBe(503);
  expect(((await health.json()) as { message: string }).message).toMatch(/^Database unreachable/);

  const calls: [string, string, unknown?][] = [
    ['GET', '/api/user'],
    ['GET', '/api/projects'],
    ['PATCH', '/api/projects/1/team', { teamName: 'Team 2' }],
    ['POST', '/api/login', { email: 'someone@agency.test', password: 'a password' }],
  ];
  for (const [method, path, body] of calls) {
    const res = await t.request(method, path, { cookie, body });
    expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(500);
    expect(res.headers.get('content-type'), `${method} ${path}`).toMatch(/^application\/json/);
    const text = await res.text();
    expect((JSON.parse(text) as { message: string }).message, `${method} ${path}`).toMatch(/\w/);
    expect(text, `${method} ${path} leaks internals`).not.toMatch(
      /\bat \S+ \(|node_modules|\/src\/|ECONNREFUSED|PGlite|postgres/i,
    );
  }
  for (const path of ['/', '/agency/settings']) {
    const page = await t.request('GET', path, { cookie });
    expect(page.status, path).toBeGreaterThanOrEqual(500);
    expect(await page.text(), path).not.toMatch(/\bat \S+ \(|node_modules|\/src\//);
  }
}

async function expectBack(t: TestApp, cookie: string, projectName: string) {
  await expect
    .poll(async () => (await t.request('GET', '/readyz')).status, { timeout: 20_000 })
    .toBe(200);
  expect((await t.request('GET', '/api/user', { cookie })).status).toBe(200);
  const projects = (await (await t.request('GET', '/api/projects', { cookie })).json()) as {
    name: string;
  }[];
  expect(projects.map((p) => p.name)).toContain(projectName);
}

describe('the embedded database closing and opening again', () => {
  let dir: string | undefined;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('answers 503 and clean 5xx while it is closed, then 200 with every row still there', async () => {
    allowConsoleErrors();
    dir = await mkdtemp(path.join(os.tmpdir(), 'agency-db-fault-'));
    const first = await createPgliteDb(dir);
    await migrate(first);
    const handle = swappableDb(first);
    const t = createTestApp(handle.db);
    const cookie = await t.signIn('admin');
    await first.query(`INSERT INTO projects (name) VALUES ('Survives the outage')`);
    expect((await t.request('GET', '/readyz')).status).toBe(200);

    await first.close();
    await expectCleanFailure(t, cookie);

    const reopened = await createPgliteDb(dir);
    handle.swap(reopened);
    await expectBack(t, cookie, 'Survives the outage');
    await reopened.close();
  }, 120_000);
});

describe.runIf(process.env.DATABASE_URL)('PostgreSQL going away and coming back', () => {
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await drop?.();
  });

  it('answers 503 and clean 5xx while the server cannot be reached, then 200 when it can', async () => {
    allowConsoleErrors();
    const created = await createTestDb();
    drop = created.drop;
    const handle = swappableDb(created.db);
    const t = createTestApp(handle.db);
    const cookie = await t.signIn('admin');
    await created.db.query(`INSERT INTO projects (name) VALUES ('Survives the outage')`);

    // Nothing listens on port 1: every connection attempt is refused.
    const unreachable = createPostgresDb('postgres://postgres@127.0.0.1:1/nowhere', {
      max: 1,
      connectTimeoutSeconds: 1,
    });
    handle.swap(unreachable);
    await expectCleanFailure(t, cookie);
    await unreachable.close();

    handle.swap(created.db);
    await expectBack(t, cookie, 'Survives the outage');
  }, 120_000);

  it('recovers by itself when an administrator ends every connection of the pool', async () => {
    allowConsoleErrors();
    const created = await createTestDb();
    const previousDrop = drop;
    drop = async () => {
      await previousDrop?.();
      await created.drop();
    };
    const t = createTestApp(created.db);
    const cookie = await t.signIn('admin');
    await created.db.query(`INSERT INTO projects (name) VALUES ('Survives the outage')`);
    // Open several pooled connections, then have the server end them all.
    await Promise.all(
      Array.from({ length: 4 }, () => t.request('GET', '/api/projects', { cookie })),
    );
    const name = new URL(created.url!).pathname.slice(1);
    const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    const ended = await admin.unsafe(
      'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    await admin.end();
    expect(ended.length).toBeGreaterThan(0);

    // Requests meanwhile either work (a fresh connection) or fail cleanly; none crashes.
    for (let i = 0; i < 6; i++) {
      const res = await t.request('GET', '/api/projects', { cookie });
      const text = await res.text();
      if (res.status !== 200) {
        expect(res.status).toBeGreaterThanOrEqual(500);
        expect(text).not.toMatch(/\bat \S+ \(|node_modules|terminating connection/);
      }
    }
    await expectBack(t, cookie, 'Survives the outage');
  }, 120_000);
});
