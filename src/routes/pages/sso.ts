import type { Context } from 'hono';
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

/** What the sign-in page says after the callback sent the browser back with a refusal. */
export function ssoNoticeOf(c: Context<AppEnv>): AuthNotice | null {
  const reason = c.req.query('sso');
  const settings = c.var.deps.config.oidc;
  if (!settings || !isSsoRefusalReason(reason)) return null;
  const waiting = reason === 'domain' || reason === 'pending';
  return { ...ssoRefusal(reason, settings.label), variant: waiting ? 'default' : 'destructive' };
}
