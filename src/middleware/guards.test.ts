import { Hono } from 'hono';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { SessionUser } from '../auth/session';
import type { AppEnv } from '../env';
import type { Role } from '../shared/roles';
import { requireAbility, requireUser } from './guards';

/** An app whose session middleware is stood in by the `x-role` header; each route says who it saw. */
function appWith() {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      const role = c.req.header('x-role') as Role | undefined;
      c.set('user', role ? { id: 'u1', email: `${role}@agency.test`, role, approved: true } : null);
      await next();
    })
    .get('/api/own', requireUser(), (c) => {
      expectTypeOf(c.var.user).toEqualTypeOf<SessionUser>();
      return c.text(c.var.user.email);
    })
    .get('/api/money', requireAbility('money.view'), (c) => c.text(c.var.user.role))
    .get('/agency', requireAbility('money.view'), (c) => c.text(c.var.user.role))
    .get('/capacity', requireAbility('capacity.view'), (c) => c.text(c.var.user.role));
}

const get = (path: string, role?: Role) =>
  appWith().request(path, { headers: role ? { 'x-role': role } : {} });

describe('one guard for calls and pages', () => {
  it('lets the signed-in through, with the user it saw', async () => {
    expect(await (await get('/api/own', 'user')).text()).toBe('user@agency.test');
    expect(await (await get('/capacity', 'staff')).text()).toBe('staff');
    expect(await (await get('/agency', 'admin')).text()).toBe('admin');
  });

  it('answers a call 401 without a session and 403 with the reason, never a redirect', async () => {
    const out = await get('/api/own');
    expect(out.status).toBe(401);
    expect(await out.json()).toEqual({
      message: 'You are not signed in. Sign in and try again.',
    });
    const staff = await get('/api/money', 'staff');
    expect(staff.status).toBe(403);
    expect(await staff.json()).toEqual({
      message: 'Only admins can see money figures. Your role is staff.',
    });
  });

  it('sends a page visitor without a session to /auth and one without the ability to /', async () => {
    const out = await get('/agency');
    expect([out.status, out.headers.get('location')]).toEqual([302, '/auth']);
    const user = await get('/capacity', 'user');
    expect([user.status, user.headers.get('location')]).toEqual([302, '/']);
  });
});
