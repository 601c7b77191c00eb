import type { Context } from 'hono';
import type { AppEnv } from '../env';
import type { SignInDeps } from '../services/sign-in';

/** The sign-in rules' inputs from the request. */
export function signInDeps(c: Context<AppEnv>): SignInDeps {
  const { db, passwords, clock, clientAddress, config } = c.var.deps;
  return {
    db,
    passwords,
    now: clock(),
    clientAddress: clientAddress(c),
    passwordsForAdminsOnly:
      config.PASSWORD_SIGN_IN === 'admins-only' && config.oidc
        ? { provider: config.oidc.label }
        : null,
  };
}
