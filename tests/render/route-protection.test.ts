import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/port';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { oidcEnv, startOidcProvider } from '../helpers/oidc-provider';

// The route table of docs/product-spec.md, "Route table", enforced on the server (docs/design.md,
// "Roles").

let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
const cookies: Record<'user' | 'staff' | 'admin', string> = { user: '', staff: '', admin: '' };

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db);
  cookies.user = await t.signIn('user');
  cookies.staff = await t.signIn('staff');
  cookies.admin = await t.signIn('admin');
});
afterAll(() => drop());

const get = (path: string, cookie?: string) => t.request('GET', path, { cookie });
const PAGES = [
  '/',
  '/developer',
  '/capacity',
  '/utilisation',
  '/people',
  '/agency',
  '/agency/settings',
  '/agency/users',
];
const ADMIN_PAGES = ['/agency', '/agency/users'];
/** Staff and admins (docs/decisions/330, 395, 396). */
const STAFF_PAGES = ['/capacity', '/utilisation', '/people'];
const SIGNED_IN_PAGES = ['/', '/developer', '/agency/settings'];

describe('a signed-out visitor', () => {
  it.each(PAGES)('is sent from %s to /auth', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth');
  });

  it('is treated as signed out with a cookie for a session that does not exist, and the cookie is cleared', async () => {
    const res = await get('/', `session=${'a'.repeat(24)}.${'b'.repeat(24)}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth');
    expect(res.headers.getSetCookie().join('\n')).toMatch(/^session=;/m);
  });

  it('gets the sign-in form at /auth', async () => {
    const res = await get('/auth');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Sign in to access your project management dashboard');
    // A real form, so signing in works without JavaScript.
    expect(html).toMatch(/<form [^>]*action="\/auth" method="post"/);
  });
});

describe('a signed-in user without the admin role', () => {
  for (const role of ['user', 'staff'] as const) {
    it.each(ADMIN_PAGES)(`(${role}) is sent from %s to /`, async (path) => {
      const res = await get(path, cookies[role]);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/');
    });
  }

  it.each(SIGNED_IN_PAGES)('reaches %s', async (path) => {
    const res = await get(path, cookies.user);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    // The top bar of docs/product-spec.md, "What the product does and for whom", without the
    // admin-only Insights tab.
    expect(html).toMatch(/>Projects</);
    expect(html).toMatch(/>Developers</);
    expect(html).not.toMatch(/>Insights</);
  });

  it.each(STAFF_PAGES)(
    '(user) is sent from %s to /, without its tab in the top bar',
    async (path) => {
      const res = await get(path, cookies.user);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/');
      expect(await (await get('/', cookies.user)).text()).not.toMatch(/>Capacity</);
    },
  );

  it.each(STAFF_PAGES)('(staff) reaches %s, with its tab but no Insights', async (path) => {
    const res = await get(path, cookies.staff);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/>Capacity</);
    expect(html).not.toMatch(/>Insights</);
  });

  it('is sent from /auth to /', async () => {
    const res = await get('/auth', cookies.user);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });
});

describe('an admin', () => {
  it.each([...ADMIN_PAGES, ...STAFF_PAGES])('reaches %s, with the Insights tab', async (path) => {
    const res = await get(path, cookies.admin);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/>Insights</);
  });

  it('is sent from /auth to /', async () => {
    const res = await get('/auth', cookies.admin);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });
});

describe('any other path', () => {
  for (const who of ['signed out', 'admin'] as const) {
    it(`shows the not-found screen to a visitor who is ${who}, with no JavaScript`, async () => {
      const res = await get('/no/such/page', who === 'admin' ? cookies.admin : undefined);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain('<h1>404 Page Not Found</h1>');
      expect(html).toContain('<p>Did you forget to add the page to the router?</p>');
      expect(html).toContain('<a href="/">Go to the dashboard</a>');
      expect(html).not.toMatch(/<script\b/i);
    });
  }
});

describe('API calls', () => {
  const message = async (res: Response) => ((await res.json()) as { message: unknown }).message;

  it('answer 401 with a message, not a redirect, without a session', async () => {
    for (const path of ['/api/user', '/api/admin/users']) {
      const res = await get(path);
      expect(res.status, path).toBe(401);
      expect(res.headers.get('location')).toBeNull();
      expect(await message(res)).toEqual(expect.stringMatching(/\w{3}/));
    }
  });

  it('answer 403 with a message, not a redirect, to a user calling an admin-only one', async () => {
    for (const role of ['user', 'staff'] as const) {
      const res = await get('/api/admin/users', cookies[role]);
      expect(res.status, role).toBe(403);
      expect(res.headers.get('location')).toBeNull();
      expect(await message(res)).toMatch(/admin/);
    }
  });

  it('answer an admin-only one for an admin', async () => {
    const res = await get('/api/admin/users', cookies.admin);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { users: unknown[] }).users.length).toBeGreaterThanOrEqual(3);
  });

  it('answer an unknown path with a 404 message, not the HTML page', async () => {
    const res = await get('/api/no-such-call', cookies.admin);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await message(res)).toContain('/api/no-such-call');
  });
});

describe('sign-in at an OpenID provider (docs/decisions/290)', () => {
  it('is not offered, and its routes do not exist, unless configured', async () => {
    expect(await (await get('/auth')).text()).not.toContain('/auth/oidc');
    expect((await get('/auth/oidc')).status).toBe(404);
  });

  it('sends a signed-out visitor to the provider, a signed-in one to /, and a stray callback to /auth', async () => {
    const provider = await startOidcProvider();
    try {
      provider.configure('http://localhost/auth/oidc/callback');
      const sso = createTestApp(db, { env: oidcEnv(provider.issuer) });
      const page = await (await sso.request('GET', '/auth')).text();
      expect(page).toMatch(/<a [^>]*href="\/auth\/oidc"[^>]*>Sign in with Test IdP<\/a>/);
      const start = await sso.request('GET', '/auth/oidc');
      expect(start.status).toBe(302);
      expect(start.headers.get('location')).toMatch(new RegExp(`^${provider.issuer}/auth\\?`));
      const signedIn = await sso.request('GET', '/auth/oidc', { cookie: cookies.user });
      expect(signedIn.status).toBe(302);
      expect(signedIn.headers.get('location')).toBe('/');
      const stray = await sso.request('GET', '/auth/oidc/callback?code=x&state=y');
      expect(stray.status).toBe(303);
      expect(stray.headers.get('location')).toBe('/auth?sso=state');
      expect(stray.headers.getSetCookie().join('\n')).not.toMatch(/^session=[^;]/m);
    } finally {
      await provider.close();
    }
  });
});
