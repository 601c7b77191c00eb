import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../tests/helpers/app';
import { createTestDb } from '../../../tests/helpers/db';
import type { Db } from '../../db/port';

let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
const EMAIL = 'form-user@agency.test';

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db);
  await t.signIn('user', EMAIL);
});
afterAll(() => drop());

/** The sign-in form as a browser without JavaScript posts it. */
const post = (fields: Record<string, string>) =>
  t.request('POST', '/auth', {
    body: new URLSearchParams(fields).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });

describe("the sign-in form's own POST", () => {
  it('signs in and goes to the local next, never to another origin', async () => {
    const res = await post({
      mode: 'signin',
      email: EMAIL,
      password: TEST_PASSWORD,
      next: '/alerts',
    });
    expect([res.status, res.headers.get('location')]).toEqual([303, '/alerts']);
    expect(res.headers.getSetCookie().join('\n')).toMatch(/^session=/m);
    const away = { mode: 'signin', email: EMAIL, password: TEST_PASSWORD, next: '//evil.example' };
    expect((await post(away)).headers.get('location')).toBe('/');
  });

  it('renders a refused form again with what is wrong, the email and next kept', async () => {
    const res = await post({
      mode: 'signin',
      email: 'not an email',
      password: 'x',
      next: '/alerts',
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    // Said under the field, in words: no "email:" prefix, no notice far above.
    expect(html).toMatch(
      /aria-invalid="true" aria-describedby="auth-email-error"[^>]*\/><p id="auth-email-error"[^>]*role="alert">Enter a valid email address<\/p>/,
    );
    expect(html).not.toContain('email: ');
    expect(html).not.toContain('data-testid="auth-notice"');
    expect(html).toContain('value="not an email"');
    expect(html).toContain('name="next" value="/alerts"');
  });

  it("says a refused sign-up password under the password field, after the rule's hint", async () => {
    const res = await post({ mode: 'signup', email: 'weak-form@agency.test', password: 'short' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('aria-describedby="auth-password-hint auth-password-error"');
    expect(html).toMatch(
      /<p id="auth-password-error"[^>]*role="alert">Password must be at least 8 characters<\/p>/,
    );
    expect(html).not.toContain('password: ');
    expect(html).not.toContain('data-testid="auth-notice"');
  });

  it('asks for a mode when the form has none, in one sentence', async () => {
    const res = await post({ email: EMAIL, password: TEST_PASSWORD });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Choose whether to sign in or to sign up, then send the form again.');
    expect(html).not.toContain('mode: ');
  });

  it('refuses a weak sign-up password with the policy, in sign-up mode', async () => {
    const res = await post({ mode: 'signup', email: 'new@agency.test', password: 'password' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(
      'role="alert">This password is on a list of common passwords that attackers try first; choose another</p>',
    );
    expect(html).toContain('name="mode" value="signup"');
  });
});
