import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createOidcClient, describeOidcError, type IdentityClaims } from '../../auth/oidc';
import type { OidcSettings } from '../../shared/oidc-settings';
import {
  generateSecureRandomString,
  hashSecret,
  isSecureRequest,
  setSessionTokenCookie,
} from '../../auth/session';
import { LOGIN_WINDOW_MS, OIDC_START_KEY, oidcStartRetryAfter } from '../../auth/login-limit';
import { claimLoginAttempt, forgiveLoginAttempt } from '../../db/login_attempts';
import { insertOidcLogin, takeOidcLogin } from '../../db/oidc-logins';
import type { AppEnv } from '../../env';
import { auditSsoRefusal, signInWithIdentity } from '../../services/oidc-sign-in';
import { OIDC_PATH, type SsoRefusalReason } from '../../shared/sso-texts';

/**
 * Sign-in through the OpenID provider (docs/decisions/290), public routes under /auth/oidc:
 * `GET /auth/oidc` starts it (a plain link, so it works without JavaScript) and the provider
 * sends the browser back to `GET /auth/oidc/callback`. A refusal goes to `/auth?sso=<reason>`.
 */
const LOGIN_COOKIE = 'oidc_login';
/** How long a person has at the provider before the started sign-in runs out. */
const LOGIN_LIFETIME_MS = 10 * 60 * 1000;
const LOGIN_TOKEN = /^[a-km-np-z2-9]{24}\.[a-km-np-z2-9]{24}$/;

/** The address the provider sends the browser back to: registered with the provider as is. */
export function oidcRedirectUri(c: Context<AppEnv>): string {
  const publicOrigin = c.var.deps.config.PUBLIC_ORIGIN;
  const origin = publicOrigin ? new URL(publicOrigin).origin : new URL(c.req.url).origin;
  return `${origin}${OIDC_PATH}/callback`;
}

const refusedTo = (c: Context<AppEnv>, reason: SsoRefusalReason) =>
  c.redirect(`/auth?sso=${reason}`, 303);

/** A limit's refusal: the sign-in page says how long to wait (a number in the address). */
const limitedTo = (c: Context<AppEnv>, reason: 'limited' | 'signups', seconds: number) => {
  c.header('Retry-After', String(seconds));
  return c.redirect(`/auth?sso=${reason}&retry=${seconds}`, 303);
};

/** The routes, or none when OpenID Connect is not configured (the paths then answer 404). */
export function oidcRoutes(settings: OidcSettings | null) {
  const routes = new Hono<AppEnv>();
  if (!settings) return routes;
  const oidc = createOidcClient(settings);

  return routes
    .get('/', async (c) => {
      if (c.var.user) return c.redirect('/', 302);
      const { db, clock, clientAddress } = c.var.deps;
      const now = clock();
      // Counted as a failed sign-in of this address until it signs someone in, under the same
      // allowance as passwords (docs/decisions/290, "Limits").
      const claim = await claimLoginAttempt(db, {
        email: OIDC_START_KEY,
        clientAddress: clientAddress(c),
        now,
        windowMs: LOGIN_WINDOW_MS,
        decide: (counts) => oidcStartRetryAfter(counts, now),
      });
      if ('retryAfterSeconds' in claim) return limitedTo(c, 'limited', claim.retryAfterSeconds);
      let started: Awaited<ReturnType<typeof oidc.begin>>;
      try {
        started = await oidc.begin(oidcRedirectUri(c));
      } catch (error) {
        console.error(`[oidc] ${settings.label}:`, describeOidcError(error, settings.label).cause);
        return refusedTo(c, 'provider');
      }
      const id = generateSecureRandomString();
      const secret = generateSecureRandomString();
      await insertOidcLogin(
        db,
        {
          id,
          secretHash: hashSecret(secret),
          state: started.state,
          nonce: started.nonce,
          codeVerifier: started.codeVerifier,
          expiresAt: new Date(now.getTime() + LOGIN_LIFETIME_MS),
          attemptId: claim.attemptId,
        },
        now,
      );
      // Lax, so the provider's top-level redirect back brings it; only the callback reads it.
      setCookie(c, LOGIN_COOKIE, `${id}.${secret}`, {
        httpOnly: true,
        sameSite: 'Lax',
        path: OIDC_PATH,
        secure: isSecureRequest(c),
        maxAge: LOGIN_LIFETIME_MS / 1000,
      });
      c.header('Cache-Control', 'no-store');
      return c.redirect(started.url.href, 302);
    })
    .get('/callback', async (c) => {
      const { db, passwords, clock, clientAddress } = c.var.deps;
      c.header('Cache-Control', 'no-store');
      const cookie = getCookie(c, LOGIN_COOKIE);
      deleteCookie(c, LOGIN_COOKIE, { path: OIDC_PATH, secure: isSecureRequest(c) });
      // A sign-in this browser did not start (or an old one) is refused before anything else;
      // nothing is recorded for a callback no browser started, so it cannot fill the audit log.
      if (!cookie || !LOGIN_TOKEN.test(cookie)) return refusedTo(c, 'state');
      const [id, secret] = cookie.split('.') as [string, string];
      const login = await takeOidcLogin(db, id);
      if (
        !login ||
        !constantTimeEqual(hashSecret(secret), login.secretHash) ||
        login.expiresAt.getTime() <= clock().getTime()
      )
        return refusedTo(c, 'state');
      const anonymous = { id: null, email: `(${settings.label} sign-in)` };
      if (c.req.query('state') !== login.state) {
        await auditSsoRefusal(db, settings, anonymous, 'the state did not match this browser');
        return refusedTo(c, 'state');
      }
      const callback = new URL(oidcRedirectUri(c));
      callback.search = new URL(c.req.url).search;
      let claims: IdentityClaims;
      try {
        claims = await oidc.finish(callback, login);
      } catch (error) {
        const failure = describeOidcError(error, settings.label);
        await auditSsoRefusal(db, settings, anonymous, failure.message);
        return refusedTo(c, failure.reason);
      }
      const outcome = await signInWithIdentity(
        { db, passwords, now: clock(), settings, clientAddress: clientAddress(c) },
        claims,
      );
      if (!outcome.ok)
        return outcome.reason === 'signups'
          ? limitedTo(c, 'signups', outcome.retryAfterSeconds)
          : refusedTo(c, outcome.reason);
      // Signed in: the started sign-in no longer counts against the address.
      if (login.attemptId !== null) await forgiveLoginAttempt(db, login.attemptId);
      setSessionTokenCookie(c, outcome.token, outcome.session.expiresAt);
      return c.redirect('/', 303);
    });
}
