import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { startSmtpCatcher } from '../helpers/smtp';
import type { Db } from '../../src/db/port';
import { createSmtpMailer } from '../../src/server/smtp-mailer';

// Passwords (docs/decisions/167): everyone changes their own; an admin issues a one-time reset
// link, shown to them and e-mailed through a real SMTP server when one is configured.
let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let mailed: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  smtp = await startSmtpCatcher();
  const { port } = smtp;
  t = createTestApp(db);
  mailed = createTestApp(db, {
    mailer: createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Dashboard <dash@agency.test>'),
  });
});
afterAll(async () => {
  await smtp.close();
  await drop();
});

const login = (email: string, password: string) =>
  t.request('POST', '/api/login', { body: { email, password } });
const message = async (res: Response) => ((await res.json()) as { message: string }).message;
const userId = async (email: string) =>
  (await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;

describe('changing your own password', () => {
  it('needs the current password, applies the policy, and signs out only the other sessions', async () => {
    const email = 'changer@agency.test';
    const here = await t.signIn('user', email);
    const elsewhere = await login(email, TEST_PASSWORD);
    const otherCookie = elsewhere.headers.getSetCookie()[0]!.split(';')[0]!;
    expect((await t.request('GET', '/api/user', { cookie: otherCookie })).status).toBe(200);

    const wrong = await t.request('POST', '/api/account/password', {
      cookie: here,
      body: { currentPassword: 'not it at all', newPassword: 'a fresh long passphrase' },
    });
    expect(wrong.status).toBe(400);
    expect(await message(wrong)).toBe('Your current password is not right. Nothing was changed.');
    const common = await t.request('POST', '/api/account/password', {
      cookie: here,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'password123' },
    });
    expect(common.status).toBe(400);
    expect(await message(common)).toMatch(/common passwords/);
    expect((await t.request('GET', '/api/user', { cookie: otherCookie })).status).toBe(200);

    const ok = await t.request('POST', '/api/account/password', {
      cookie: here,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'a fresh long passphrase' },
    });
    expect(ok.status).toBe(200);
    expect(await message(ok)).toBe('Password changed. Your other sessions were signed out.');
    expect((await t.request('GET', '/api/user', { cookie: here })).status).toBe(200);
    expect((await t.request('GET', '/api/user', { cookie: otherCookie })).status).toBe(401);
    expect((await login(email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(email, 'a fresh long passphrase')).status).toBe(200);
  });

  it('is open to every role and closed to a signed-out visitor', async () => {
    const res = await t.request('POST', '/api/account/password', {
      body: { currentPassword: 'x', newPassword: 'a fresh long passphrase' },
    });
    expect(res.status).toBe(401);
  });
});

describe('an admin-issued reset link', () => {
  it('is shown to the admin, e-mailed when SMTP is set, works once and ends every session', async () => {
    const email = 'forgetful@agency.test';
    const victimSession = await t.signIn('staff', email);
    const admin = await mailed.signIn('admin');
    const issued = await mailed.request(
      'POST',
      `/api/admin/users/${await userId(email)}/reset-link`,
      {
        cookie: admin,
      },
    );
    expect(issued.status).toBe(201);
    const body = (await issued.json()) as {
      link: string;
      email: string;
      expiresAt: string;
      emailed: boolean;
    };
    expect(body).toMatchObject({ email, emailed: true });
    expect(body.link).toMatch(
      /^http:\/\/localhost\/reset-password\?token=[a-z2-9]{24}\.[a-z2-9]{24}$/,
    );
    const hours = (Date.parse(body.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);

    // The link read back from the mail the SMTP server received.
    const mail = await simpleParser(smtp.received.at(-1)!.raw);
    expect(mail.subject).toBe('Agency Dashboard: reset your password');
    const to = Array.isArray(mail.to) ? mail.to : [mail.to];
    expect(to.flatMap((a) => a?.value.map((v) => v.address))).toEqual([email]);
    const link = /http:\/\/localhost\/reset-password\?token=\S+/.exec(mail.text ?? '')![0];
    expect(link).toBe(body.link);
    // Only the hash of the secret is stored.
    const secret = link.split('.').at(-1)!;
    const stored = await db.query<{ row: string }>(
      'SELECT row_to_json(r)::text AS row FROM password_resets r',
    );
    expect(stored.map((r) => r.row).join()).not.toContain(secret);

    const token = new URL(link).searchParams.get('token')!;
    const weak = await t.request('POST', '/api/password-reset', {
      body: { token, newPassword: '        ' },
    });
    expect(weak.status).toBe(400);
    const used = await t.request('POST', '/api/password-reset', {
      body: { token, newPassword: 'my new remembered phrase' },
    });
    expect(used.status).toBe(200);
    expect(await message(used)).toBe(`Password set for ${email}. Sign in with it now.`);
    expect((await t.request('GET', '/api/user', { cookie: victimSession })).status).toBe(401);
    expect((await login(email, 'my new remembered phrase')).status).toBe(200);

    const again = await t.request('POST', '/api/password-reset', {
      body: { token, newPassword: 'yet another long phrase' },
    });
    expect(again.status).toBe(400);
    expect(await message(again)).toBe(
      'This reset link has expired or was already used. Ask an admin for a new one.',
    );
    expect((await login(email, 'yet another long phrase')).status).toBe(401);
  });

  it('expires, refuses a forged secret, and is shown without e-mail when SMTP is not set', async () => {
    const email = 'late@agency.test';
    await t.signIn('user', email);
    const admin = await t.signIn('admin');
    const res = await t.request('POST', `/api/admin/users/${await userId(email)}/reset-link`, {
      cookie: admin,
    });
    const { link, emailed } = (await res.json()) as { link: string; emailed: boolean };
    expect(emailed).toBe(false);
    const token = new URL(link).searchParams.get('token')!;
    const forged = `${token.split('.')[0]}.${'a'.repeat(24)}`;
    const bad = await t.request('POST', '/api/password-reset', {
      body: { token: forged, newPassword: 'a forged attempt phrase' },
    });
    expect(bad.status).toBe(400);
    await db.query(`UPDATE password_resets SET expires_at = now() - interval '1 minute'`);
    const expired = await t.request('POST', '/api/password-reset', {
      body: { token, newPassword: 'too late for this phrase' },
    });
    expect(expired.status).toBe(400);
    expect((await login(email, TEST_PASSWORD)).status).toBe(200);
  });

  it('is for admins only', async () => {
    const staff = await t.signIn('staff');
    const res = await t.request(
      'POST',
      `/api/admin/users/${await userId('late@agency.test')}/reset-link`,
      {
        cookie: staff,
      },
    );
    expect(res.status).toBe(403);
  });
});

describe('reset links and current passwords under attack', () => {
  it('refuses bogus reset links before any hashing, and stops an address after 10', async () => {
    let hashes = 0;
    const counted = createTestApp(db, {
      passwords: {
        hash: (p) => {
          hashes++;
          return t.deps.passwords.hash(p);
        },
        verify: (p, s) => t.deps.passwords.verify(p, s),
      },
    });
    const bogus = (i: number) =>
      counted.request('POST', '/api/password-reset', {
        headers: { 'x-test-client-address': '198.51.100.66' },
        body: {
          token: `${'b'.repeat(22)}${'cdefghjk'[i % 8]}${'mnpqrstu'[i >> 3]}.${'c'.repeat(24)}`,
          newPassword: 'a bogus but long phrase',
        },
      });
    const answers = await Promise.all(Array.from({ length: 32 }, (_, i) => bogus(i)));
    const statuses = answers.map((r) => r.status);
    expect(hashes).toBe(0);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(22);
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await message(refused)).toMatch(/^Too many password reset attempts .* Try again in/);

    // Another address with a real link is not held up by them.
    const email = 'reset-elsewhere@agency.test';
    await t.signIn('user', email);
    const admin = await t.signIn('admin');
    const issued = await t.request('POST', `/api/admin/users/${await userId(email)}/reset-link`, {
      cookie: admin,
    });
    const token = new URL(((await issued.json()) as { link: string }).link).searchParams.get(
      'token',
    )!;
    const real = await counted.request('POST', '/api/password-reset', {
      body: { token, newPassword: 'a genuinely new phrase' },
    });
    expect(real.status).toBe(200);
    expect(hashes).toBe(1);
  });

  it('limits wrong current passwords like sign-in: the 11th in a row is refused with 429', async () => {
    const email = 'guessed@agency.test';
    const cookie = await t.signIn('user', email);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.request('POST', '/api/account/password', {
        cookie,
        headers: { 'x-test-client-address': '198.51.100.77' },
        body: { currentPassword: `guess number ${i}`, newPassword: 'a fresh long passphrase' },
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(await message(res)).toMatch(
          /^Too many wrong current passwords\. Nothing was changed\. Try again in/,
        );
        expect(res.headers.get('Retry-After')).toMatch(/^\d+$/);
      }
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);
    // Even the right one waits, and nothing changed.
    const right = await t.request('POST', '/api/account/password', {
      cookie,
      headers: { 'x-test-client-address': '198.51.100.77' },
      body: { currentPassword: TEST_PASSWORD, newPassword: 'a fresh long passphrase' },
    });
    expect(right.status).toBe(429);
    expect((await login(email, TEST_PASSWORD)).status).toBe(200);
  });
});

describe('weak new passwords, through every way of setting one', () => {
  const WEAK = (email: string) =>
    [
      ['aaaaaaaa', /too easy to guess/],
      ['\u200b'.repeat(8), /only spaces/],
      [email, /your email address/],
      ['demo-admin-password', /demo admin/],
    ] as const;

  it('are refused by sign-up, change password and a reset link, and nothing changes', async () => {
    for (const [password, why] of WEAK('weak-signup@agency.test')) {
      const res = await t.request('POST', '/api/signup', {
        headers: { 'x-test-client-address': '198.51.100.90' },
        body: { email: 'weak-signup@agency.test', password },
      });
      expect([res.status, await message(res)], JSON.stringify(password)).toEqual([
        400,
        expect.stringMatching(why),
      ]);
    }
    expect(await db.query("SELECT 1 FROM users WHERE email = 'weak-signup@agency.test'")).toEqual(
      [],
    );

    const email = 'weak-changer@agency.test';
    const cookie = await t.signIn('user', email);
    for (const [newPassword, why] of WEAK(email)) {
      const res = await t.request('POST', '/api/account/password', {
        cookie,
        body: { currentPassword: TEST_PASSWORD, newPassword },
      });
      expect([res.status, await message(res)], JSON.stringify(newPassword)).toEqual([
        400,
        expect.stringMatching(why),
      ]);
    }

    const admin = await t.signIn('admin');
    const issued = await t.request('POST', `/api/admin/users/${await userId(email)}/reset-link`, {
      cookie: admin,
    });
    const token = new URL(((await issued.json()) as { link: string }).link).searchParams.get(
      'token',
    )!;
    for (const [newPassword, why] of WEAK(email)) {
      const res = await t.request('POST', '/api/password-reset', {
        body: { token, newPassword },
      });
      expect([res.status, await message(res)], JSON.stringify(newPassword)).toEqual([
        400,
        expect.stringMatching(why),
      ]);
    }
    expect((await login(email, TEST_PASSWORD)).status).toBe(200);
    // The link still works for a good password.
    const good = await t.request('POST', '/api/password-reset', {
      body: { token, newPassword: 'lantern meadow copper sixty' },
    });
    expect(good.status).toBe(200);
  });
});
