import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSecureRandomString } from '../../src/auth/session';
import type { Db } from '../../src/db/port';
import { createUser } from '../../src/db/users';
import type { Role } from '../../src/shared/roles';
import { createForecastHandlers } from '../../src/mocks/forecast/handlers';
import { createJiraHandlers } from '../../src/mocks/jira/handlers';
import { DEMO_FORECAST, DEMO_JIRA } from '../../src/services/integrations';
import {
  cookieFrom,
  createTestApp,
  ORIGIN,
  type TestApp,
  testPasswords as passwords,
} from '../helpers/app';
import { createTestDb } from '../helpers/db';
import {
  INPUT_CALLS,
  NO_INPUT_GETS,
  pathFor,
  seedForInputTests,
  servedRoutes,
  type Seed,
} from './calls';
import { changedTables, snapshotDb } from './db-snapshot';

// Attacks on sessions and sign-in (docs/design.md, "Auth"): stolen and forged cookies, revoked and
// changed accounts, login bursts, cross-origin writes, unapproved logins, cookie flags, and secrets
// that must never leave.

const PASSWORD = 'a long enough password';
let now = Date.now();

let t: TestApp;
let db: Db;
let drop: () => Promise<void>;
let seed: Seed;
let passwordHash: string;
let counter = 0;

const server = setupServer(
  ...createJiraHandlers({ ...DEMO_JIRA, today: new Date() }),
  ...createForecastHandlers({ ...DEMO_FORECAST, today: new Date().toISOString().slice(0, 10) })
    .handlers,
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  const created = await createTestDb();
  db = created.db;
  drop = created.drop;
  t = createTestApp(db, {
    passwords,
    clock: () => new Date(now),
    internalToken: 'auth-attacks-internal-token',
  });
  seed = await seedForInputTests(db);
  passwordHash = await passwords.hash(PASSWORD);
});
afterAll(async () => {
  server.close();
  await drop();
});

/** Each test signs in from its own address, so one test's failed logins never limit another's. */
const address = () => `198.51.100.${++counter}`;

async function login(email: string, password: string, from = address()) {
  return t.request('POST', '/api/login', {
    body: { email, password },
    headers: { 'x-test-client-address': from },
  });
}

async function account(role: Role | 'unapproved') {
  const email = `${role}-${++counter}@agency.test`;
  const user = await createUser(db, {
    email,
    passwordHash,
    role: role === 'unapproved' ? 'user' : role,
    approved: role !== 'unapproved',
  });
  return { id: user!.id, email };
}

async function signedIn(role: Role) {
  const a = await account(role);
  const res = await login(a.email, PASSWORD);
  expect(res.status).toBe(200);
  return { ...a, cookie: cookieFrom(res) };
}

const tokenOf = (cookie: string) => decodeURIComponent(cookie.slice('session='.length));
const asCookie = (token: string) => `session=${encodeURIComponent(token)}`;
const sessionCount = async () =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions'))[0]!.n;
const isApproved = async (id: string) =>
  (await db.query<{ approved: boolean }>('SELECT approved FROM users WHERE id = $1', [id]))[0]!
    .approved;

/** What a signed-out visitor must get with this cookie: 401 on calls, /auth for pages, no writes. */
async function expectSignedOut(cookie: string) {
  const me = await t.request('GET', '/api/user', { cookie });
  expect(me.status).toBe(401);
  expect(((await me.json()) as { message: string }).message).toBeTruthy();
  const page = await t.request('GET', '/', { cookie });
  expect(page.status).toBe(302);
  expect(page.headers.get('location')).toBe('/auth');
  const adminList = await t.request('GET', '/api/admin/users', { cookie });
  expect(adminList.status).toBe(401);

  const before = await snapshotDb(db);
  const approve = await t.request('PATCH', `/api/admin/users/${seed.unapprovedUserId}`, {
    cookie,
    body: { approved: true },
  });
  expect(approve.status).toBe(401);
  expect(changedTables(before, await snapshotDb(db))).toEqual([]);
  expect(await isApproved(seed.unapprovedUserId)).toBe(false);
}

describe('stolen and forged cookies', () => {
  it('refuses a cookie replayed after logout, everywhere, and tells the browser to drop it', async () => {
    const admin = await signedIn('admin');
    expect((await t.request('GET', '/api/admin/users', { cookie: admin.cookie })).status).toBe(200);
    const out = await t.request('POST', '/api/logout', { cookie: admin.cookie });
    expect(out.status).toBe(200);

    await expectSignedOut(admin.cookie);
    const replay = await t.request('GET', '/api/user', { cookie: admin.cookie });
    expect(replay.headers.getSetCookie().join('\n')).toMatch(/^session=;.*Max-Age=0/m);
  });

  it('refuses forged tokens of every shape, and none of them can end the real session', async () => {
    const victim = await signedIn('admin');
    const other = await signedIn('user');
    const [id, secret] = tokenOf(victim.cookie).split('.') as [string, string];
    const [otherId, otherSecret] = tokenOf(other.cookie).split('.') as [string, string];
    const forged = [
      `${generateSecureRandomString()}.${generateSecureRandomString()}`,
      `${id}.${'a'.repeat(24)}`,
      `${id}.${otherSecret}`,
      `${otherId}.${secret}`,
      `${id}.${secret.toUpperCase()}`,
      `${id.toUpperCase()}.${secret}`,
      `${id}.${secret.slice(0, 23)}`,
      `${id}.${secret}x`,
      `${id}.${secret}.${secret}`,
      `${id}${secret}`,
      id,
      secret,
      '',
      '.',
      '..',
      `${"' OR '1'='1".padEnd(24, '-')}.${'a'.repeat(24)}`,
      `${'\u0000'.repeat(24)}.${'\u0000'.repeat(24)}`,
      `${'😀'.repeat(12)}.${'😀'.repeat(12)}`,
      `${'%'.repeat(24)}.${'%'.repeat(24)}`,
      `${'a'.repeat(8000)}.${'b'.repeat(8000)}`,
      'x'.repeat(100_000),
    ];
    for (const token of forged) {
      const label =
        token.length > 60
          ? `${token.slice(0, 57)}... (${token.length} chars)`
          : JSON.stringify(token);
      const res = await t.request('GET', '/api/user', { cookie: asCookie(token) });
      expect(res.status, label).toBe(401);
      const page = await t.request('GET', '/agency/users', { cookie: asCookie(token) });
      expect([page.status, page.headers.get('location')], label).toEqual([302, '/auth']);
    }
    // Several cookies of the same name, the real one last, still do not pass as the victim.
    const crowded = `session=${encodeURIComponent(`${id}.${'b'.repeat(24)}`)}; session=${encodeURIComponent(tokenOf(victim.cookie))}`;
    expect((await t.request('GET', '/api/admin/users', { cookie: crowded })).status).toBe(401);

    expect((await t.request('GET', '/api/admin/users', { cookie: victim.cookie })).status).toBe(
      200,
    );
  });

  it('ignores a session id planted before login: signing in always starts a new session', async () => {
    const user = await account('user');
    const planted = `${generateSecureRandomString()}.${generateSecureRandomString()}`;
    const res = await t.request('POST', '/api/login', {
      body: { email: user.email, password: PASSWORD },
      cookie: asCookie(planted),
      headers: { 'x-test-client-address': address() },
    });
    expect(res.status).toBe(200);
    const issued = tokenOf(cookieFrom(res));
    expect(issued).not.toBe(planted);
    expect(issued.split('.')[0]).not.toBe(planted.split('.')[0]);
    expect((await t.request('GET', '/api/user', { cookie: asCookie(planted) })).status).toBe(401);
  });
});

describe('accounts that change while signed in', () => {
  it('ends every session of an account an admin revokes, and it cannot sign in again', async () => {
    const admin = await signedIn('admin');
    const user = await signedIn('user');
    const second = await login(user.email, PASSWORD);
    const secondCookie = cookieFrom(second);

    const revoke = await t.request('PATCH', `/api/admin/users/${user.id}`, {
      cookie: admin.cookie,
      body: { approved: false },
    });
    expect(revoke.status).toBe(200);
    await expectSignedOut(user.cookie);
    await expectSignedOut(secondCookie);

    const again = await login(user.email, PASSWORD);
    expect(again.status).toBe(403);
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it('ends the sessions of an account whose role changes, so new rights start with a new sign-in', async () => {
    const admin = await signedIn('admin');
    const promoted = await signedIn('user');
    const demoted = await signedIn('admin');

    expect(
      (
        await t.request('PATCH', `/api/admin/users/${promoted.id}`, {
          cookie: admin.cookie,
          body: { role: 'admin' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.request('PATCH', `/api/admin/users/${demoted.id}`, {
          cookie: admin.cookie,
          body: { role: 'staff' },
        })
      ).status,
    ).toBe(200);

    await expectSignedOut(promoted.cookie);
    await expectSignedOut(demoted.cookie);
    // Signing in again gives each the rights of the new role.
    const promotedAgain = cookieFrom(await login(promoted.email, PASSWORD));
    expect((await t.request('GET', '/api/admin/users', { cookie: promotedAgain })).status).toBe(
      200,
    );
    const demotedAgain = cookieFrom(await login(demoted.email, PASSWORD));
    expect((await t.request('GET', '/api/admin/users', { cookie: demotedAgain })).status).toBe(403);
  });

  it('does not let a user approve, promote or revoke anyone, themselves included', async () => {
    const user = await signedIn('user');
    const before = await snapshotDb(db);
    for (const [id, body] of [
      [user.id, { role: 'admin' }],
      [seed.unapprovedUserId, { approved: true }],
    ] as const) {
      const res = await t.request('PATCH', `/api/admin/users/${id}`, { cookie: user.cookie, body });
      expect(res.status).toBe(403);
    }
    expect(changedTables(before, await snapshotDb(db))).toEqual([]);
  });
});

describe('login bursts', () => {
  it('answers 429 to the 11th attempt on one email from one address within 15 minutes, even with the right password', async () => {
    const target = await account('user');
    const from = address();
    for (let i = 0; i < 10; i++) {
      // Letter case does not matter: the limit follows the account.
      const email = i % 2 ? target.email.toUpperCase() : target.email;
      const res = await login(email, `wrong guess ${i}`, from);
      expect(res.status, `failure ${i + 1}`).toBe(401);
      now += 61_000; // past the per-email slowdown, so only the pair limit is tested here
    }
    const sessionsBefore = await sessionCount();
    const blocked = await login(target.email, PASSWORD, from);
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { message: string }).message).toMatch(/too many/i);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.headers.getSetCookie()).toEqual([]);
    expect(await sessionCount()).toBe(sessionsBefore);

    // Another account is not held up by this one's failures.
    const bystander = await account('user');
    expect((await login(bystander.email, PASSWORD, from)).status).toBe(200);

    // Once the failures are older than the window, the right password works again.
    now += 15 * 60 * 1000 + 1000;
    expect((await login(target.email, PASSWORD, from)).status).toBe(200);
  });

  it('checks at most 10 of 50 parallel guesses for one email, the right password among them', async () => {
    let verified = 0;
    const counting = createTestApp(db, {
      clock: () => new Date(now),
      passwords: {
        hash: (p) => passwords.hash(p),
        verify: (p, stored) => {
          verified++;
          return passwords.verify(p, stored);
        },
      },
    });
    const target = await account('user');
    const from = address();
    const guesses = Array.from({ length: 50 }, (_, i) => (i === 25 ? PASSWORD : `guess ${i}`));
    const answers = await Promise.all(
      guesses.map((password) =>
        counting.request('POST', '/api/login', {
          body: { email: target.email, password },
          headers: { 'x-test-client-address': from },
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(verified).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40);
    expect(statuses.filter((s) => s === 401 || s === 200).length).toBe(verified);
  });

  it('never locks the owner out from a new address, whatever others tried', async () => {
    const target = await account('admin');
    // Twenty wrong guesses from two addresses, each waiting out the slowdown: both are now
    // limited for this email.
    const attackers = [address(), address()];
    for (const from of attackers)
      for (let failures = 0; failures < 10; ) {
        const res = await login(target.email, `guess ${failures}`, from);
        if (res.status === 429) now += Number(res.headers.get('retry-after')) * 1000;
        else {
          expect(res.status).toBe(401);
          failures++;
        }
      }
    for (const from of attackers)
      expect((await login(target.email, PASSWORD, from)).status).toBe(429);
    // The owner, from an address of their own, signs in at the first try.
    expect((await login(target.email, PASSWORD, address())).status).toBe(200);
  });

  it('slows every address down for an email under attack: one attempt per address, then a wait', async () => {
    const target = await account('user');
    for (let i = 0; i < 10; i++) expect((await login(target.email, `guess ${i}`)).status).toBe(401);
    const from = address();
    expect((await login(target.email, 'one more guess', from)).status).toBe(401);
    const slowed = await login(target.email, PASSWORD, from);
    expect(slowed.status).toBe(429);
    const wait = Number(slowed.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    now += wait * 1000;
    expect((await login(target.email, PASSWORD, from)).status).toBe(200);
  });

  it('answers 429 to one client address after 50 failures across many emails, and only to that address', async () => {
    const from = address();
    for (let i = 0; i < 50; i++) {
      const res = await login(`sprayed-${i}@agency.test`, 'password1', from);
      expect(res.status, `failure ${i + 1}`).toBe(401);
    }
    const user = await account('user');
    const blocked = await login(user.email, PASSWORD, from);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login(user.email, PASSWORD, address())).status).toBe(200);
  }, 120_000);
});

describe('sign-up bursts', () => {
  it('creates at most 10 accounts per address in an hour, in parallel too, and answers 429 after', async () => {
    const from = address();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.request('POST', '/api/signup', {
          body: { email: `burst-${counter}-${i}@agency.test`, password: PASSWORD },
          headers: { 'x-test-client-address': from },
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE email LIKE 'burst-${counter}-%'`,
    );
    expect(row!.n).toBe(10);
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not held up.
    const other = await t.request('POST', '/api/signup', {
      body: { email: `burst-other-${counter}@agency.test`, password: PASSWORD },
      headers: { 'x-test-client-address': address() },
    });
    expect(other.status).toBe(201);
  });
});

describe('cross-origin writes', () => {
  // Every state-changing call, replayed from elsewhere with a valid body and an admin's cookie.
  const FOREIGN = [
    { what: 'another site', headers: { Origin: 'https://evil.example' } },
    { what: 'a look-alike host', headers: { Origin: 'http://localhost.evil.example' } },
    { what: 'another port', headers: { Origin: 'http://localhost:8080' } },
    { what: 'another scheme', headers: { Origin: 'https://localhost' } },
    { what: 'an opaque origin', headers: { Origin: 'null' } },
    { what: 'no Origin header', headers: {} as Record<string, string> },
    { what: 'only a Referer from our own origin', headers: { Referer: `${ORIGIN}/` } },
  ];

  it('refuses every POST, PATCH, PUT and DELETE from another origin or none, with 403 and nothing changed', async () => {
    const admin = await signedIn('admin');
    const writes = servedRoutes(t.app).filter(
      (r) => r.method !== 'GET' && r.path.startsWith('/api/'),
    );
    expect(writes.length).toBeGreaterThan(5);
    const failures: string[] = [];
    for (const route of writes) {
      const call = INPUT_CALLS.find((c) => c.method === route.method && c.route === route.path);
      const path = call ? pathFor(call, seed) : route.path;
      const body = call?.body ? JSON.stringify(call.body.valid(seed)) : undefined;
      for (const { what, headers } of FOREIGN) {
        const before = await snapshotDb(db);
        const res = await t.app.request(`${ORIGIN}${path}`, {
          method: route.method,
          headers: {
            Cookie: admin.cookie,
            ...(body ? { 'Content-Type': 'application/json' } : {}),
            ...headers,
          },
          body,
        });
        const changed = changedTables(before, await snapshotDb(db));
        const message = res.headers.get('content-type')?.startsWith('application/json')
          ? ((await res.json()) as { message?: string }).message
          : undefined;
        if (res.status !== 403 || !message || changed.length)
          failures.push(
            `${route.method} ${path} from ${what}: ${res.status} ${message ?? ''} ${changed.join('; ')}`,
          );
      }
    }
    expect(failures).toEqual([]);
    // The admin's session survived the refused logout attempts.
    expect((await t.request('GET', '/api/user', { cookie: admin.cookie })).status).toBe(200);
  });

  it('refuses a classic form post from another site', async () => {
    const before = await snapshotDb(db);
    const res = await t.app.request(`${ORIGIN}/api/signup`, {
      method: 'POST',
      headers: {
        Origin: 'https://evil.example',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'email=csrf%40agency.test&password=a+long+enough+password',
    });
    expect(res.status).toBe(403);
    expect(changedTables(before, await snapshotDb(db))).toEqual([]);
  });
});

describe('unapproved accounts', () => {
  it('refuses the right password with 403, a message saying why, and no session', async () => {
    const pending = await account('unapproved');
    const before = await sessionCount();
    const res = await login(pending.email, PASSWORD);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /awaiting approval by an admin/,
    );
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await sessionCount()).toBe(before);
  });

  it('answers a wrong password for an unapproved account exactly as for an unknown email', async () => {
    const pending = await account('unapproved');
    const wrong = await login(pending.email, 'not the password');
    const unknown = await login(`nobody-${counter}@agency.test`, 'not the password');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });
});

describe('the session cookie', () => {
  const cookieAt = async (origin: string, headers: Record<string, string> = {}, app = t) => {
    const user = await account('user');
    const res = await app.app.request(`${origin}/api/login`, {
      method: 'POST',
      headers: {
        Origin: origin,
        'Content-Type': 'application/json',
        'x-test-client-address': address(),
        ...headers,
      },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    return res.headers.getSetCookie().find((c) => c.startsWith('session='))!;
  };
  const attributes = (cookie: string) =>
    cookie
      .split(';')
      .slice(1)
      .map((a) => a.trim().toLowerCase());

  it('is HttpOnly, SameSite=Lax, Path=/ and lasts 30 days', async () => {
    const cookie = await cookieAt(ORIGIN);
    expect(attributes(cookie)).toEqual(
      expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']),
    );
    const expires = Date.parse(cookie.match(/Expires=([^;]+)/i)![1]!);
    expect(Math.round((expires - now) / 86_400_000)).toBe(30);
  });

  it('is Secure over HTTPS and only then, so a LAN address over plain HTTP keeps its session', async () => {
    expect(attributes(await cookieAt('https://dash.agency.example'))).toEqual(
      expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']),
    );
    // Plain HTTP to a LAN address: a Secure cookie would be dropped by the browser.
    expect(attributes(await cookieAt('http://192.168.1.20:3000'))).not.toContain('secure');
    expect(attributes(await cookieAt('http://dashboard.lan'))).not.toContain('secure');
    expect(attributes(await cookieAt('http://127.0.0.1:3000'))).not.toContain('secure');
    expect(attributes(await cookieAt(ORIGIN))).not.toContain('secure');
  });

  it('is Secure behind a proxy that ends HTTPS and says so in X-Forwarded-Proto', async () => {
    const cookie = await cookieAt('http://10.0.0.5:3000', { 'X-Forwarded-Proto': 'https' });
    expect(attributes(cookie)).toContain('secure');
  });

  it("follows PUBLIC_ORIGIN's scheme when it is set", async () => {
    const behind = createTestApp(db, {
      passwords,
      clock: () => new Date(now),
      env: { PUBLIC_ORIGIN: 'https://dash.agency.example' },
    });
    expect(attributes(await cookieAt('https://dash.agency.example', {}, behind))).toContain(
      'secure',
    );
    const lan = createTestApp(db, {
      passwords,
      clock: () => new Date(now),
      env: { PUBLIC_ORIGIN: 'http://192.168.1.20:3000' },
    });
    expect(attributes(await cookieAt('http://192.168.1.20:3000', {}, lan))).not.toContain('secure');
  });
});

describe('secrets never leave the server', () => {
  it('no page or call answers with a password hash, a session secret or its hash', async () => {
    const admin = await signedIn('admin');
    const user = await signedIn('user');
    const responses: { what: string; body: string }[] = [];
    const record = async (what: string, res: Response) =>
      responses.push({ what: `${what} (${res.status})`, body: await bodyOf(res) });

    // The answers of the calls that handle credentials.
    await record(
      'POST /api/signup',
      await t.request('POST', '/api/signup', {
        body: { email: `new-${counter}@agency.test`, password: PASSWORD },
      }),
    );
    await record('POST /api/login', await login(user.email, PASSWORD));
    await record(
      'PATCH /api/admin/users/:id',
      await t.request('PATCH', `/api/admin/users/${seed.unapprovedUserId}`, {
        cookie: admin.cookie,
        body: { approved: true },
      }),
    );
    await record(
      'internal users list',
      await t.request('POST', '/internal/users-command', {
        body: { args: ['list'] },
        headers: { 'x-internal-token': 'auth-attacks-internal-token' },
      }),
    );

    // Every GET the app serves, as an admin and as a user.
    const gets = servedRoutes(t.app).filter((r) => r.method === 'GET');
    for (const route of gets) {
      const call = INPUT_CALLS.find((c) => c.method === 'GET' && c.route === route.path);
      if (!call && !NO_INPUT_GETS.includes(route.path))
        throw new Error(
          `no request known for GET ${route.path}: add it to tests/security/calls.ts`,
        );
      const query = call?.query ? `?${new URLSearchParams(call.query.valid(seed))}` : '';
      const path = `${call ? pathFor(call, seed) : route.path}${query}`;
      for (const [who, cookie] of [
        ['admin', admin.cookie],
        ['user', user.cookie],
      ] as const) {
        const res = await t.request('GET', path, { cookie });
        expect(res.status, `GET ${path} as ${who}`).toBeLessThan(500);
        await record(`GET ${path} as ${who}`, res);
      }
    }

    const users = await db.query<{ password: string }>('SELECT password FROM users');
    const sessions = await db.query<{ secret_hash: Uint8Array }>(
      'SELECT secret_hash FROM sessions',
    );
    const secrets = new Set<string>(['scrypt$']);
    for (const { password } of users) {
      secrets.add(password);
      // Salt and key, each as stored (base64), when long enough not to occur by chance.
      for (const part of password.split('$').slice(4)) if (part.length >= 12) secrets.add(part);
    }
    for (const { secret_hash } of sessions) {
      const bytes = Buffer.from(secret_hash);
      secrets.add(bytes.toString('hex'));
      secrets.add(bytes.toString('base64'));
      secrets.add(bytes.toString('base64url'));
    }
    for (const cookie of [admin.cookie, user.cookie]) secrets.add(tokenOf(cookie).split('.')[1]!);
    secrets.add('auth-attacks-internal-token');
    expect(sessions.length).toBeGreaterThan(2);

    const leaks = responses.flatMap(({ what, body }) =>
      [...secrets]
        .filter((s) => body.includes(s))
        .map((s) => `${what} contains ${s.slice(0, 16)}...`),
    );
    expect(leaks).toEqual([]);
    expect(responses.length).toBeGreaterThan(2 * gets.length);
  });
});

describe('where the sign-in form goes next', () => {
  const signInWithNext = async (next: string) => {
    const user = await account('user');
    const body = new URLSearchParams({
      mode: 'signin',
      email: user.email,
      password: PASSWORD,
      next,
    });
    return t.app.request(`${ORIGIN}/auth`, {
      method: 'POST',
      headers: {
        Origin: ORIGIN,
        'Content-Type': 'application/x-www-form-urlencoded',
        'x-test-client-address': address(),
      },
      body: body.toString(),
    });
  };

  it('goes to a path on this site, query and all', async () => {
    const res = await signInWithNext('/developer?week=2026-11-16');
    expect([res.status, res.headers.get('location')]).toEqual([303, '/developer?week=2026-11-16']);
  });

  it('goes home instead of anywhere a browser would resolve off-site or a header cannot hold', async () => {
    const hostile = [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\u0000/evil.example',
      '/ /evil.example/\u007f',
      'https://evil.example/',
      ' //evil.example',
      'javascript:alert(1)',
    ];
    for (const next of hostile) {
      const res = await signInWithNext(next);
      expect([res.status, res.headers.get('location')], JSON.stringify(next)).toEqual([303, '/']);
    }
  });
});

/** A response's text; an event stream never ends, so its first event stands for it. */
async function bodyOf(res: Response): Promise<string> {
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) return res.text();
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return value ?? '';
}
