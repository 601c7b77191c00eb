import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import {
  deleteSessionTokenCookie,
  SESSION_COOKIE,
  setSessionTokenCookie,
  validateSessionToken,
} from '../auth/session';
import type { AppEnv } from '../env';

/**
 * Puts the signed-in `user`, `session` and the user's `preferences` (or null) into `c.var`,
 * re-setting the cookie when validation extended the session and clearing it when the token is
 * no longer valid.
 *
 * @example app.use('*', session())
 */
export function session(): MiddlewareHandler<AppEnv> {
  return async function session(c, next) {
    const { db, clock } = c.var.deps;
    const token = getCookie(c, SESSION_COOKIE);
    c.set('user', null);
    c.set('session', null);
    c.set('preferences', null);
    if (token) {
      const result = await validateSessionToken(db, token, clock());
      if (result.session) {
        c.set('user', result.user);
        c.set('session', result.session);
        c.set('preferences', result.preferences);
        if (result.renewed) setSessionTokenCookie(c, token, result.session.expiresAt);
      } else {
        deleteSessionTokenCookie(c);
      }
    }
    await next();
  };
}
