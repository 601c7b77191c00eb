import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieFrom,
  createTestApp,
  ORIGIN,
  TEST_PASSWORD,
  type TestApp,
} from '../../../tests/helpers/app';
import { allowConsoleErrors } from '../../../tests/helpers/console';
import { createTestDb } from '../../../tests/helpers/db';
import {
  oidcEnv,
  signInAtProvider,
  startFaultyIssuer,
  startOidcProvider,
  type TestProvider,
} from '../../../tests/helpers/oidc-provider';
import type { Db } from '../../db/port';

/**
 * Sign-in through a real OpenID provider (`oidc-provider` on 127.0.0.1) as a browser without
 * JavaScript does it: the app's link, the provider's login page, the callback.
 */
let db: Db;
let drop: () => Promise<void>;
let provider: TestProvider;
let t: TestApp;

const CALLBACK = `${ORIGIN}/auth/oidc/callback`;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  provider = await startOidcProvider();
  provider.configure(CALLBACK);
  t = createTestApp(db, {
    env: oidcEnv(provider.issuer, { OIDC_ALLOWED_DOMAINS: 'agency.test' }),
  });
});
afterAll(async () => {
  await provider?.close();
  await drop?.();
});

const loginCookie = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('oidc_login='))!
    .split(';')[0]!;

/** The test app's client address for a request (tests/helpers/app.ts). */
const from = (address: string) => ({ 'x-test-client-address': address });

/**
 * Starts at the app, signs in at the provider as `login`, and returns the callback's answer; the
 * browser's network address is the tests' default unless given.
 */
async function signIn(app: TestApp, login: string, address?: string) {
  const headers = address ? from(address) : undefined;
  const start = await app.request('GET', '/auth/oidc', { headers });
  expect(start.status).toBe(302);
  const cookie = loginCookie(start);
  const back = await signInAtProvider(start.headers.get('location')!, login, ORIGIN);
  const callback = await app.request('GET', `${back.pathname}${back.search}`, { cookie, headers });
  return { callback, cookie, back };
}

const sessionCookie = (res: Response) =>
  res.headers.getSetCookie().find((c) => c.startsWith('session=') && !/Max-Age=0/i.test(c));

const sessions = async (email: string) =>
  Number(
    (
      await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1',
        [email],
      )
    )[0]!.n,
  );

const audit = async (target: string) =>
  db.query<{ kind: string; summary: string }>(
    'SELECT kind, summary FROM audit_log WHERE target = $1 OR actor_email = $1 ORDER BY id',
    [target],
  );

/** The notice the sign-in page shows for where the callback sent the browser. */
async function noticeAt(res: Response): Promise<string> {
  expect(res.status).toBe(303);
  const location = res.headers.get('location')!;
  expect(location).toMatch(/^\/auth\?sso=/);
  const page = await t.request('GET', location);
  const html = await page.text();
  const notice = /data-testid="auth-notice"[^>]*>([\s\S]*?)<\/div><\/div>/.exec(html)?.[1] ?? '';
  return notice
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
}

describe('sign-in with an OpenID provider', () => {
  it('shows a plain link to the provider on the sign-in page, beside the password form', async () => {
    const page = await t.request('GET', '/auth');
    const html = await page.text();
    expect(html).toContain('href="/auth/oidc"');
    expect(html).toContain('Sign in with Test IdP');
    expect(html).toContain('Sign In');
    expect(html).toContain('Sign in to access your project management dashboard');
  });

  it('signs in an allowed domain approved as user, and lands on the portfolio', async () => {
    provider.accounts.set('ana', {
      email: 'Ana@Agency.test',
      email_verified: true,
      name: 'Ana',
    });
    const { callback } = await signIn(t, 'ana');
    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toBe('/');
    const cookie = sessionCookie(callback);
    expect(cookie).toMatch(/HttpOnly/i);
    const me = await t.request('GET', '/api/user', { cookie: cookieFrom(callback) });
    expect(await me.json()).toMatchObject({
      email: 'ana@agency.test',
      role: 'user',
      approved: true,
    });
    const portfolio = await t.request('GET', '/', { cookie: cookieFrom(callback) });
    expect(portfolio.status).toBe(200);
    expect(await audit('ana@agency.test')).toEqual([
      {
        kind: 'account.sso-sign-in',
        summary: 'account created approved (domain agency.test) as user; signed in with Test IdP',
      },
    ]);

    // The second time is the same account, not a new one.
    const again = await signIn(t, 'ana');
    expect(again.callback.headers.get('location')).toBe('/');
    const [{ n }] = (await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE email = 'ana@agency.test'",
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('makes another domain wait for approval, then signs it in once an admin approves', async () => {
    provider.accounts.set('olly', { email: 'olly@elsewhere.test', email_verified: true });
    const first = await signIn(t, 'olly');
    expect(sessionCookie(first.callback)).toBeUndefined();
    const notice = await noticeAt(first.callback);
    expect(notice).toContain('Waiting for approval');
    expect(notice).toContain('domain is not one this dashboard approves automatically');
    const [row] = await db.query<{ approved: boolean; role: string }>(
      "SELECT approved, role FROM users WHERE email = 'olly@elsewhere.test'",
    );
    expect(row).toEqual({ approved: false, role: 'user' });
    expect(await sessions('olly@elsewhere.test')).toBe(0);

    const second = await signIn(t, 'olly');
    expect(await noticeAt(second.callback)).toContain('awaiting approval by an admin');

    await db.query("UPDATE users SET approved = true WHERE email = 'olly@elsewhere.test'");
    const third = await signIn(t, 'olly');
    expect(third.callback.headers.get('location')).toBe('/');
    expect(await sessions('olly@elsewhere.test')).toBe(1);
    expect((await audit('olly@elsewhere.test')).map((e) => e.summary)).toEqual([
      'Test IdP sign-in refused: account created waiting for approval; domain not allowed',
      'Test IdP sign-in refused: waiting for approval',
      'signed in with Test IdP',
    ]);
  });

  it('refuses an unverified email, making no account and no session', async () => {
    provider.accounts.set('una', { email: 'una@agency.test', email_verified: false });
    const { callback } = await signIn(t, 'una');
    expect(sessionCookie(callback)).toBeUndefined();
    const notice = await noticeAt(callback);
    expect(notice).toContain('Email not verified');
    expect(await db.query("SELECT 1 FROM users WHERE email = 'una@agency.test'")).toEqual([]);
    expect(await audit('una@agency.test')).toEqual([
      { kind: 'account.sso-refused', summary: 'Test IdP sign-in refused: email not verified' },
    ]);
  });

  it('links a password account with the same verified email instead of making a second', async () => {
    const cookie = await t.signIn('staff', 'pat@agency.test');
    expect(cookie).not.toBe('');
    provider.accounts.set('pat-at-idp', { email: 'pat@agency.test', email_verified: true });
    const { callback } = await signIn(t, 'pat-at-idp');
    expect(callback.headers.get('location')).toBe('/');
    const me = await t.request('GET', '/api/user', { cookie: cookieFrom(callback) });
    // The account keeps its role: the link does not make it a new `user`.
    expect(await me.json()).toMatchObject({ email: 'pat@agency.test', role: 'staff' });
    expect(
      await db.query("SELECT count(*)::int AS n FROM users WHERE email = 'pat@agency.test'"),
    ).toEqual([{ n: 1 }]);
    expect((await audit('pat@agency.test')).map((e) => e.kind)).toEqual([
      'account.sso-link',
      'account.sso-sign-in',
    ]);
  });

  it('keeps the password of a linked account that had signed in with it', async () => {
    await t.signIn('user', 'pia@agency.test');
    provider.accounts.set('pia-at-idp', { email: 'pia@agency.test', email_verified: true });
    expect((await signIn(t, 'pia-at-idp')).callback.headers.get('location')).toBe('/');
    const again = await t.request('POST', '/api/login', {
      body: { email: 'pia@agency.test', password: TEST_PASSWORD },
    });
    expect(again.status).toBe(200);
  });

  it('signs in no one when an admin revoked the account', async () => {
    provider.accounts.set('rev', { email: 'rev@agency.test', email_verified: true });
    expect((await signIn(t, 'rev')).callback.headers.get('location')).toBe('/');
    await db.query("UPDATE users SET approved = false WHERE email = 'rev@agency.test'");
    const { callback } = await signIn(t, 'rev');
    expect(await noticeAt(callback)).toContain('awaiting approval');
    expect(sessionCookie(callback)).toBeUndefined();
  });

  it('refuses a tampered state, and the started sign-in cannot be finished afterwards', async () => {
    provider.accounts.set('sam', { email: 'sam@agency.test', email_verified: true });
    const start = await t.request('GET', '/auth/oidc');
    const cookie = loginCookie(start);
    const back = await signInAtProvider(start.headers.get('location')!, 'sam', ORIGIN);
    const tampered = new URL(back);
    tampered.searchParams.set('state', 'forged-state');
    const refused = await t.request('GET', `${tampered.pathname}${tampered.search}`, { cookie });
    expect(sessionCookie(refused)).toBeUndefined();
    expect(await noticeAt(refused)).toContain('was changed on the way');
    // The genuine answer no longer works either: the started sign-in was used up.
    const genuine = await t.request('GET', `${back.pathname}${back.search}`, { cookie });
    expect(await noticeAt(genuine)).toContain('not started in this browser');
    expect(await db.query("SELECT 1 FROM users WHERE email = 'sam@agency.test'")).toEqual([]);
  });

  it('refuses a callback from a browser that did not start the sign-in', async () => {
    provider.accounts.set('sam', { email: 'sam@agency.test', email_verified: true });
    const start = await t.request('GET', '/auth/oidc');
    const back = await signInAtProvider(start.headers.get('location')!, 'sam', ORIGIN);
    const res = await t.request('GET', `${back.pathname}${back.search}`);
    expect(sessionCookie(res)).toBeUndefined();
    expect(await noticeAt(res)).toContain('not started in this browser');
  });

  it('refuses a replayed code: the provider will not exchange it twice', async () => {
    provider.accounts.set('rita', { email: 'rita@agency.test', email_verified: true });
    const first = await signIn(t, 'rita');
    expect(first.callback.headers.get('location')).toBe('/');
    expect(await sessions('rita@agency.test')).toBe(1);
    // The same code again, under a sign-in this browser really started (so state matches).
    const start = await t.request('GET', '/auth/oidc');
    const cookie = loginCookie(start);
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const replay = new URL(first.back);
    replay.searchParams.set('state', state);
    const res = await t.request('GET', `${replay.pathname}${replay.search}`, { cookie });
    expect(sessionCookie(res)).toBeUndefined();
    expect(await noticeAt(res)).toContain('already used or has expired');
    expect(await sessions('rita@agency.test')).toBe(1);
  });

  it('says so plainly when the sign-in is cancelled at the provider', async () => {
    const start = await t.request('GET', '/auth/oidc');
    const cookie = loginCookie(start);
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const res = await t.request(
      'GET',
      `/auth/oidc/callback?${new URLSearchParams({ error: 'access_denied', state, iss: provider.issuer })}`,
      { cookie },
    );
    expect(await noticeAt(res)).toContain('cancelled at Test IdP');
  });

  it('says the provider cannot be reached when it is down, and starts nothing', async () => {
    allowConsoleErrors();
    const down = await startOidcProvider();
    await down.close();
    const app = createTestApp(db, { env: oidcEnv(down.issuer) });
    const start = await app.request('GET', '/auth/oidc');
    expect(start.headers.getSetCookie()).toEqual([]);
    expect(start.headers.get('location')).toBe('/auth?sso=provider');
    const page = await (await app.request('GET', '/auth?sso=provider')).text();
    expect(page).toContain('Test IdP could not be reached or refused the sign-in');
  });

  it('refuses passwords to everyone but admins under PASSWORD_SIGN_IN=admins-only', async () => {
    const strict = createTestApp(db, {
      env: oidcEnv(provider.issuer, { PASSWORD_SIGN_IN: 'admins-only' }),
    });
    await expect(strict.signIn('user', 'pw-user@agency.test')).rejects.toThrow(
      /403.*Passwords are for admins only here. Sign in with Test IdP/,
    );
    expect(await strict.signIn('admin', 'pw-admin@agency.test')).toMatch(/^session=/);
    const signup = await strict.request('POST', '/api/signup', {
      body: { email: 'newbie@agency.test', password: 'long enough password' },
    });
    expect(signup.status).toBe(403);
    expect(await db.query("SELECT 1 FROM users WHERE email = 'newbie@agency.test'")).toEqual([]);
    const page = await (await strict.request('GET', '/auth')).text();
    expect(page).toContain('or, for admins, with a password');
  });
});

describe("a password sign-up for a colleague's address (the hijack chain)", () => {
  const STRANGER_PASSWORD = 'a stranger chose this long passphrase 42';
  const strangerSignsUp = async (email: string) => {
    const res = await t.request('POST', '/api/signup', {
      body: { email, password: STRANGER_PASSWORD },
      headers: from('198.51.100.66'),
    });
    expect(res.status).toBe(201);
  };
  const strangerSignsIn = async (email: string) =>
    (
      await t.request('POST', '/api/login', {
        body: { email, password: STRANGER_PASSWORD },
        headers: from('198.51.100.66'),
      })
    ).status;

  it('is taken over by the colleague from an allowed domain, and the password no longer opens it', async () => {
    await strangerSignsUp('vic@agency.test');
    expect(await strangerSignsIn('vic@agency.test')).toBe(403); // waiting for approval

    // The step that matters: the colleague signs in at the company's provider.
    provider.accounts.set('vic', { email: 'Vic@Agency.test', email_verified: true });
    const { callback } = await signIn(t, 'vic');
    expect(callback.headers.get('location')).toBe('/');
    const me = await t.request('GET', '/api/user', { cookie: cookieFrom(callback) });
    expect(await me.json()).toMatchObject({ email: 'vic@agency.test', approved: true });

    // The stranger's password opens nothing, though the account is approved now.
    expect(await strangerSignsIn('vic@agency.test')).toBe(401);
    const [link] = await db.query<{ summary: string; before: unknown; after: unknown }>(
      "SELECT summary, before, after FROM audit_log WHERE kind = 'account.sso-link' AND target = 'vic@agency.test'",
    );
    expect(link!.summary).toBe(
      'Test IdP sign-in took over the waiting account of the same email, which nobody had proven: the password it was signed up with was discarded; approved (domain agency.test) as user',
    );
    expect(link!.before).toEqual({ approved: false, role: 'user', password: 'set at sign-up' });
    expect(link!.after).toMatchObject({ approved: true, password: 'discarded' });
  });

  it('stays waiting for another domain, and once an admin approves it the password still fails', async () => {
    await strangerSignsUp('wren@elsewhere.test');
    provider.accounts.set('wren', { email: 'wren@elsewhere.test', email_verified: true });
    const first = await signIn(t, 'wren');
    expect(await noticeAt(first.callback)).toContain('awaiting approval by an admin');

    const admin = await t.signIn('admin');
    const [{ id }] = (await db.query<{ id: string }>(
      "SELECT id FROM users WHERE email = 'wren@elsewhere.test'",
    )) as [{ id: string }];
    const approve = await t.request('PATCH', `/api/admin/users/${id}`, {
      cookie: admin,
      body: { approved: true },
    });
    expect(approve.status).toBe(200);

    expect(await strangerSignsIn('wren@elsewhere.test')).toBe(401);
    const again = await signIn(t, 'wren');
    expect(again.callback.headers.get('location')).toBe('/');
    expect((await audit('wren@elsewhere.test')).map((e) => e.kind)).toEqual([
      'account.sso-link',
      'account.sso-refused',
      'account.access',
      'account.sso-sign-in',
    ]);
  });

  it('ends a reset link issued for the waiting account before the colleague came', async () => {
    await strangerSignsUp('rae@agency.test');
    const [{ id }] = (await db.query<{ id: string }>(
      "SELECT id FROM users WHERE email = 'rae@agency.test'",
    )) as [{ id: string }];
    const admin = await t.signIn('admin');
    const link = await t.request('POST', `/api/admin/users/${id}/reset-link`, { cookie: admin });
    expect(link.status).toBeLessThan(300);
    provider.accounts.set('rae', { email: 'rae@agency.test', email_verified: true });
    await signIn(t, 'rae');
    expect(
      await db.query('SELECT 1 FROM password_resets WHERE user_id = $1 AND used_at IS NULL', [id]),
    ).toEqual([]);
  });
});

describe('an email that only matches after folding', () => {
  const KELVIN = '\u212A';

  it('is refused, not linked to the ASCII address it imitates', async () => {
    await t.signIn('staff', 'kate@agency.test');
    provider.accounts.set('kelvin', { email: `${KELVIN}ate@agency.test`, email_verified: true });
    const { callback } = await signIn(t, 'kelvin');
    expect(sessionCookie(callback)).toBeUndefined();
    expect(await noticeAt(callback)).toContain('only looks like a plain letter');
    expect(await db.query("SELECT 1 FROM user_identities WHERE subject = 'kelvin'")).toEqual([]);
    const [refused] = await db.query<{ summary: string }>(
      "SELECT summary FROM audit_log WHERE kind = 'account.sso-refused' ORDER BY id DESC LIMIT 1",
    );
    expect(refused!.summary).toBe(
      `Test IdP sign-in refused: the email has a look-alike character, U+212A (${KELVIN}, read as k)`,
    );
  });

  it('does not pass the allowed domains, in the email or the hosted domain', async () => {
    const kit = createTestApp(db, {
      env: oidcEnv(provider.issuer, { OIDC_ALLOWED_DOMAINS: 'kit.test' }),
    });
    provider.accounts.set('kelvin-domain', {
      email: `ana@${KELVIN}it.test`,
      email_verified: true,
    });
    const byEmail = await signIn(kit, 'kelvin-domain', '198.51.100.70');
    expect(await noticeAt(byEmail.callback)).toContain('only looks like a plain letter');
    expect(await db.query("SELECT 1 FROM users WHERE email = 'ana@kit.test'")).toEqual([]);

    provider.accounts.set('kelvin-hd', {
      email: 'ana@mail.test',
      email_verified: true,
      hd: `${KELVIN}it.test`,
    });
    const byHd = await signIn(kit, 'kelvin-hd', '198.51.100.70');
    expect(sessionCookie(byHd.callback)).toBeUndefined();
    expect(await noticeAt(byHd.callback)).toContain('not one this dashboard approves');
    const [row] = await db.query<{ approved: boolean }>(
      "SELECT approved FROM users WHERE email = 'ana@mail.test'",
    );
    expect(row).toEqual({ approved: false });
  });

  it('is refused by password sign-up too, which takes plain addresses only', async () => {
    const res = await t.request('POST', '/api/signup', {
      body: { email: `${KELVIN}ate@agency.test`, password: 'a long enough passphrase 42' },
    });
    expect(res.status).toBe(400);
  });
});

describe('limits on single sign-on', () => {
  it('makes at most 10 waiting accounts an hour from one address, counting password sign-ups', async () => {
    const address = '198.51.100.80';
    for (let i = 0; i < 4; i++) {
      const res = await t.request('POST', '/api/signup', {
        body: { email: `burst-pw-${i}@elsewhere.test`, password: 'a long enough passphrase 42' },
        headers: from(address),
      });
      expect(res.status).toBe(201);
    }
    for (let i = 0; i < 6; i++) {
      provider.accounts.set(`burst-${i}`, {
        email: `burst-${i}@elsewhere.test`,
        email_verified: true,
      });
      const { callback } = await signIn(t, `burst-${i}`, address);
      expect(callback.headers.get('location')).toBe('/auth?sso=domain');
    }
    provider.accounts.set('burst-6', { email: 'burst-6@elsewhere.test', email_verified: true });
    const { callback } = await signIn(t, 'burst-6', address);
    expect(callback.headers.get('location')).toMatch(/^\/auth\?sso=signups&retry=\d+$/);
    expect(await noticeAt(callback)).toMatch(
      /Too many accounts were created from your network\. Try again in \d+ minutes?\./,
    );
    expect(await db.query("SELECT 1 FROM users WHERE email = 'burst-6@elsewhere.test'")).toEqual(
      [],
    );
    // An allowed domain's people are not held back by it: their domain approves them.
    provider.accounts.set('burst-ok', { email: 'burst-ok@agency.test', email_verified: true });
    expect((await signIn(t, 'burst-ok', address)).callback.headers.get('location')).toBe('/');
  });

  it('counts a started sign-in against its address until it signs someone in', async () => {
    const address = '198.51.100.90';
    const start = () => t.request('GET', '/auth/oidc', { headers: from(address) });
    // A finished sign-in is forgiven: it leaves the address's allowance whole.
    provider.accounts.set('fin', { email: 'fin@agency.test', email_verified: true });
    expect((await signIn(t, 'fin', address)).callback.headers.get('location')).toBe('/');
    for (let i = 0; i < 50; i++) expect((await start()).status).toBe(302);
    const rows = async () =>
      Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM oidc_logins'))[0]!.n);
    const before = await rows();
    const refused = await start();
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toMatch(/^\/auth\?sso=limited&retry=\d+$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(await rows()).toBe(before);
    expect(await noticeAt(refused)).toMatch(
      /Too many sign-ins were started from your network\. Try again in \d+ minutes?\./,
    );
    // The same allowance as passwords: this address's failed sign-ins are refused too.
    const login = await t.request('POST', '/api/login', {
      body: { email: 'fin@agency.test', password: 'not the password' },
      headers: from(address),
    });
    expect(login.status).toBe(429);
    // Another address is not held back.
    expect((await t.request('GET', '/auth/oidc', { headers: from('198.51.100.91') })).status).toBe(
      302,
    );
  });
});

describe('ID tokens the app must not accept', () => {
  let faulty: Awaited<ReturnType<typeof startFaultyIssuer>>;
  let app: TestApp;
  beforeAll(async () => {
    faulty = await startFaultyIssuer({
      sub: 'vera',
      email: 'vera@agency.test',
      email_verified: true,
    });
    app = createTestApp(db, {
      env: oidcEnv(faulty.issuer, { OIDC_ALLOWED_DOMAINS: 'agency.test' }),
    });
  });
  afterAll(() => faulty?.close());

  async function through(defect: 'none' | 'nonce' | 'expired' | 'audience') {
    faulty.defect = defect;
    const start = await app.request('GET', '/auth/oidc');
    const cookie = loginCookie(start);
    const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location')!);
    return app.request('GET', `${back.pathname}${back.search}`, { cookie });
  }

  it.each([
    ['nonce', 'its nonce does not match'],
    ['expired', 'has expired'],
    ['audience', 'issued to another application'],
  ] as const)('refuses an ID token with a wrong %s, making no session', async (defect, says) => {
    const res = await through(defect);
    expect(sessionCookie(res)).toBeUndefined();
    expect(await noticeAt(res)).toContain(says);
    expect(await sessions('vera@agency.test')).toBe(0);
    const [last] = await db.query<{ summary: string }>(
      "SELECT summary FROM audit_log WHERE kind = 'account.sso-refused' ORDER BY id DESC LIMIT 1",
    );
    expect(last!.summary).toMatch(/^Test IdP sign-in refused: The identity token/);
  });

  it('accepts the same issuer once its token is right (the checks above are the only difference)', async () => {
    const res = await through('none');
    expect(res.headers.get('location')).toBe('/');
    expect(await sessions('vera@agency.test')).toBe(1);
  });
});
