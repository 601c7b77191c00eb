import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../tests/helpers/db';
import { cookieFrom, createTestApp, TEST_PASSWORD, type TestApp } from '../../../tests/helpers/app';
import type { Db } from '../../db/port';

let db: Db;
let drop: () => Promise<void>;
let t: TestApp;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db);
});
afterAll(() => drop());

const countUsers = async () =>
  Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n);

describe('sign-up, approval and sign-in', () => {
  it('creates an unapproved account that cannot sign in until approved', async () => {
    const signup = await t.request('POST', '/api/signup', {
      body: { email: 'New.Person@Agency.test', password: 'long enough password' },
    });
    expect(signup.status).toBe(201);
    expect(((await signup.json()) as { message: string }).message).toMatch(/admin will review/);
    const [created] = await db.query<{ role: string; approved: boolean }>(
      "SELECT role, approved FROM users WHERE email = 'new.person@agency.test'",
    );
    expect(created).toEqual({ role: 'user', approved: false });

    const early = await t.request('POST', '/api/login', {
      body: { email: 'new.person@agency.test', password: 'long enough password' },
    });
    expect(early.status).toBe(403);
    expect(((await early.json()) as { message: string }).message).toMatch(/awaiting approval/);
    expect(early.headers.getSetCookie()).toEqual([]);

    await db.query("UPDATE users SET approved = true WHERE email = 'new.person@agency.test'");
    const login = await t.request('POST', '/api/login', {
      body: { email: 'NEW.person@agency.test', password: 'long enough password' },
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);

    const me = await t.request('GET', '/api/user', { cookie: cookieFrom(login) });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'new.person@agency.test', role: 'user' });
  });

  it('stores only a hash of the password and of the session secret', async () => {
    const cookie = await t.signIn('user', 'hash-check@agency.test');
    const [user] = await db.query<{ password: string }>(
      "SELECT password FROM users WHERE email = 'hash-check@agency.test'",
    );
    expect(user!.password).toMatch(/^scrypt\$\d+\$\d+\$\d+\$/);
    expect(user!.password).not.toContain(TEST_PASSWORD);
    const token = decodeURIComponent(cookie.split('=')[1]!);
    const [id, secret] = token.split('.');
    const [row] = await db.query<{ secret_hash: Uint8Array }>(
      'SELECT secret_hash FROM sessions WHERE id = $1',
      [id],
    );
    expect(Buffer.from(row!.secret_hash).toString('utf8')).not.toContain(secret!);
    expect(Buffer.from(row!.secret_hash)).toHaveLength(32);
  });

  it('makes no second account for a taken email, and answers exactly as for a new one', async () => {
    const first = await t.request('POST', '/api/signup', {
      body: { email: 'twice@agency.test', password: 'long enough password' },
    });
    const [before] = await db.query("SELECT * FROM users WHERE email = 'twice@agency.test'");
    const count = await countUsers();
    const again = await t.request('POST', '/api/signup', {
      body: { email: 'TWICE@agency.test', password: 'another password' },
    });
    expect(again.status).toBe(first.status);
    expect(await again.json()).toEqual(await first.clone().json());
    expect(await countUsers()).toBe(count);
    // The existing account, its password included, is untouched.
    expect((await db.query("SELECT * FROM users WHERE email = 'twice@agency.test'"))[0]).toEqual(
      before,
    );
  });

  it('refuses passwords that are only spaces or common, as the attack run found them accepted', async () => {
    for (const password of ['        ', 'password', 'Password1', '12345678']) {
      const res = await t.request('POST', '/api/signup', {
        body: { email: 'weak@agency.test', password },
      });
      expect(res.status, password).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/spaces|common/);
    }
    expect((await db.query("SELECT 1 FROM users WHERE email = 'weak@agency.test'")).length).toBe(0);
  });

  it('names each refused field apart, in words, for the form to show by it', async () => {
    const res = await t.request('POST', '/api/signup', {
      body: { email: 'not an email', password: 'short' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: expect.stringMatching(
        /^email: Enter a valid email address; password: Password must be at least 8 characters/,
      ),
      fields: {
        email: 'Enter a valid email address',
        password: 'Password must be at least 8 characters',
      },
    });
    // The strength check runs after the shape's and is named by its field too.
    const common = await t.request('POST', '/api/signup', {
      body: { email: 'weak@agency.test', password: 'weak@agency.test' },
    });
    expect(((await common.json()) as { fields: unknown }).fields).toEqual({
      password: expect.not.stringMatching(/^password:/),
    });
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    await t.signIn('user', 'known@agency.test');
    const wrong = await t.request('POST', '/api/login', {
      body: { email: 'known@agency.test', password: 'nope' },
    });
    const unknown = await t.request('POST', '/api/login', {
      body: { email: 'nobody@agency.test', password: 'nope' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });
});

describe('sessions', () => {
  it('ends the session on the server at logout, so the old cookie no longer works', async () => {
    const cookie = await t.signIn('user');
    expect((await t.request('GET', '/api/user', { cookie })).status).toBe(200);
    const out = await t.request('POST', '/api/logout', { cookie });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join(';')).toMatch(/session=;/);
    expect((await t.request('GET', '/api/user', { cookie })).status).toBe(401);
  });

  it('rejects a forged token that reuses a real session id with another secret', async () => {
    const cookie = await t.signIn('user');
    const [id] = decodeURIComponent(cookie.split('=')[1]!).split('.');
    const forged = `session=${id}.${'a'.repeat(24)}`;
    expect((await t.request('GET', '/api/user', { cookie: forged })).status).toBe(401);
  });

  it('ends the sessions of an account when it is revoked', async () => {
    const cookie = await t.signIn('user', 'to-revoke@agency.test');
    await db.query("UPDATE users SET approved = false WHERE email = 'to-revoke@agency.test'");
    expect((await t.request('GET', '/api/user', { cookie })).status).toBe(401);
  });

  it('renews a session used in the second half of its life', async () => {
    const cookie = await t.signIn('user');
    const [id] = decodeURIComponent(cookie.split('=')[1]!).split('.');
    await db.query("UPDATE sessions SET expires_at = now() + interval '2 days' WHERE id = $1", [
      id,
    ]);
    const res = await t.request('GET', '/api/user', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(true);
    const [row] = await db.query<{ expires_at: Date }>(
      'SELECT expires_at FROM sessions WHERE id = $1',
      [id],
    );
    expect(row!.expires_at.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it('refuses an expired session', async () => {
    const cookie = await t.signIn('user');
    const [id] = decodeURIComponent(cookie.split('=')[1]!).split('.');
    await db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [
      id,
    ]);
    expect((await t.request('GET', '/api/user', { cookie })).status).toBe(401);
  });
});

describe('login limits', () => {
  it('answers 429 after ten failures for one email from one address, even with the right password', async () => {
    await t.signIn('user', 'target@agency.test');
    const from = { 'x-test-client-address': '198.51.100.77' };
    for (let i = 0; i < 10; i++) {
      const res = await t.request('POST', '/api/login', {
        body: { email: 'target@agency.test', password: `guess-${i}` },
        headers: from,
      });
      expect(res.status).toBe(401);
    }
    const blocked = await t.request('POST', '/api/login', {
      body: { email: 'target@agency.test', password: TEST_PASSWORD },
      headers: from,
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('bad input to the auth calls', () => {
  const cases: [string, string, unknown][] = [
    ['missing fields', '/api/signup', {}],
    ['wrong types', '/api/signup', { email: 42, password: true }],
    [
      'an invalid email',
      '/api/signup',
      { email: 'not-an-email', password: 'long enough password' },
    ],
    [
      'an over-long email',
      '/api/signup',
      { email: `${'a'.repeat(300)}@agency.test`, password: 'long enough password' },
    ],
    ['a short password', '/api/signup', { email: 'short@agency.test', password: 'short' }],
    [
      'extra fields',
      '/api/signup',
      { email: 'extra@agency.test', password: 'long enough password', role: 'admin' },
    ],
    ['an array body', '/api/login', [1, 2]],
    ['missing password', '/api/login', { email: 'a@agency.test' }],
  ];
  for (const [what, path, body] of cases) {
    it(`answers ${what} on ${path} with 400 and a message, creating nothing`, async () => {
      const before = await countUsers();
      const res = await t.request('POST', path, { body });
      expect(res.status).toBe(400);
      const json = (await res.json()) as { message: string };
      expect(json.message.length).toBeGreaterThan(3);
      expect(await countUsers()).toBe(before);
    });
  }

  it('answers malformed JSON with 400', async () => {
    const res = await t.request('POST', '/api/login', { body: '{"email": ' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/json/i);
  });

  it('answers a 1 MB body with 413 and creates nothing', async () => {
    const before = await countUsers();
    const res = await t.request('POST', '/api/signup', {
      body: { email: 'big@agency.test', password: 'x'.repeat(1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(await countUsers()).toBe(before);
  });

  it('refuses a state-changing call from another origin', async () => {
    const res = await t.request('POST', '/api/signup', {
      body: { email: 'csrf@agency.test', password: 'long enough password' },
      headers: { Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect((await db.query("SELECT 1 FROM users WHERE email = 'csrf@agency.test'")).length).toBe(0);
  });
});
