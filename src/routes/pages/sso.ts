import type { Context } from 'hono';
import { describeWait } from '../../auth/login-limit';
import type { AppEnv } from '../../env';
import { isSsoRefusalReason, OIDC_PATH, ssoRefusal } from '../../shared/sso-texts';
import type { AuthNotice, SsoLink } from './AuthPage';

/** The sign-in page's link to the provider, when one is configured. */
export function ssoLinkOf(c: Context<AppEnv>): SsoLink | null {
  const { config } = c.var.deps;
  return config.oidc
    ? {
        label: config.oidc.label,
        href: OIDC_PATH,
        passwordsForAdminsOnly: config.PASSWORD_SIGN_IN === 'admins-only',
      }
    : null;
}

/** The longest wait a limited address is told (the sign-up window). */
const MAX_RETRY_SECONDS = 60 * 60;

/**
 * What the sign-in page says after the callback sent the browser back with a refusal; a limit's
 * refusal carries its wait in seconds as `retry`, a number, never text.
 */
export function ssoNoticeOf(c: Context<AppEnv>): AuthNotice | null {
  const reason = c.req.query('sso');
  const settings = c.var.deps.config.oidc;
  if (!settings || !isSsoRefusalReason(reason)) return null;
  const waiting = reason === 'domain' || reason === 'pending';
  const retry = Number(c.req.query('retry'));
  const wait =
    Number.isInteger(retry) && retry > 0 && retry <= MAX_RETRY_SECONDS ? describeWait(retry) : null;
  return {
    ...ssoRefusal(reason, settings.label, wait),
    variant: waiting ? 'default' : 'destructive',
  };
}
