import { z } from 'zod';
import { normaliseDomain } from './email';

/**
 * OpenID Connect sign-in's settings from the environment (docs/decisions/290): a preset for
 * Google or Entra ID, or any issuer that publishes discovery. A pure function, no I/O.
 */

const text = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

export const OidcEnvSchema = z.object({
  /** `google` or `entra`; unset means OIDC_ISSUER names the issuer (or OIDC_ENTRA_TENANT implies Entra). */
  OIDC_PROVIDER: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.enum(['google', 'entra']).optional())
    .optional(),
  OIDC_ISSUER: text,
  /** Entra ID's directory (tenant) id, a GUID. */
  OIDC_ENTRA_TENANT: text,
  OIDC_CLIENT_ID: text,
  OIDC_CLIENT_SECRET: text,
  /** Comma-separated domains (Google's `hd`, the verified email's domain) or Entra tenant ids. */
  OIDC_ALLOWED_DOMAINS: z.string().default(''),
  /** The role of an account made approved by its domain; admin is never given this way. */
  OIDC_DEFAULT_ROLE: z.enum(['user', 'staff']).default('user'),
  /** The button's name for an issuer other than the presets ("Sign in with <name>"). */
  OIDC_NAME: text,
  /** `admins-only` keeps the password form for admins alone, as a break-glass. */
  PASSWORD_SIGN_IN: z.enum(['all', 'admins-only']).default('all'),
});
type OidcEnv = z.infer<typeof OidcEnvSchema>;

export type OidcKind = 'google' | 'entra' | 'generic';

export interface OidcSettings {
  kind: OidcKind;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Domains (normalised as emails are) and tenant ids whose identities are approved on first sign-in. */
  allowedDomains: string[];
  defaultRole: 'user' | 'staff';
  /** What the sign-in button names: Google, Microsoft, or the issuer's name. */
  label: string;
  /** Entra's configured tenant id, which vouches for its members' addresses. */
  entraTenant: string | null;
  /** Plain HTTP is allowed for an issuer on this machine only (a local test provider). */
  allowInsecure: boolean;
}

const GOOGLE_ISSUER = 'https://accounts.google.com';
const entraIssuer = (tenant: string) =>
  `https://login.microsoftonline.com/${encodeURIComponent(tenant)}/v2.0`;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The settings, null when OIDC is not configured, or the message naming what is wrong. */
export function oidcSettingsFrom(env: OidcEnv): OidcSettings | null | string {
  const { OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = env;
  const any =
    clientId || clientSecret || env.OIDC_ISSUER || env.OIDC_PROVIDER || env.OIDC_ENTRA_TENANT;
  if (!any) {
    return env.PASSWORD_SIGN_IN === 'admins-only'
      ? 'PASSWORD_SIGN_IN=admins-only needs OpenID Connect sign-in (OIDC_CLIENT_ID and OIDC_CLIENT_SECRET) set up, or nobody but admins could sign in'
      : null;
  }
  if (!clientId || !clientSecret)
    return 'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must both be set for OpenID Connect sign-in';
  const kind: OidcKind =
    env.OIDC_PROVIDER ??
    (env.OIDC_ENTRA_TENANT ? 'entra' : env.OIDC_ISSUER === GOOGLE_ISSUER ? 'google' : 'generic');
  let issuer: string;
  if (kind === 'google') issuer = GOOGLE_ISSUER;
  else if (kind === 'entra') {
    const tenant = env.OIDC_ENTRA_TENANT;
    if (!tenant || !GUID.test(tenant))
      return 'OIDC_ENTRA_TENANT must be your directory (tenant) id, a GUID from the Entra admin center (multi-tenant "common" or "organizations" is not supported)';
    issuer = entraIssuer(tenant.toLowerCase());
  } else {
    if (!env.OIDC_ISSUER)
      return 'OIDC_ISSUER must be set (or OIDC_PROVIDER=google, or OIDC_ENTRA_TENANT for Entra ID)';
    issuer = env.OIDC_ISSUER.replace(/\/$/, '');
  }
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return 'OIDC_ISSUER must be a URL such as https://accounts.google.com';
  }
  const allowInsecure = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  if (url.protocol !== 'https:' && !allowInsecure)
    return 'OIDC_ISSUER must use https (plain http only for an issuer on 127.0.0.1 or localhost)';
  return {
    kind,
    issuer,
    clientId,
    clientSecret,
    allowedDomains: env.OIDC_ALLOWED_DOMAINS.split(',').map(normaliseDomain).filter(Boolean),
    defaultRole: env.OIDC_DEFAULT_ROLE,
    label:
      kind === 'google'
        ? 'Google'
        : kind === 'entra'
          ? 'Microsoft'
          : (env.OIDC_NAME ?? url.hostname),
    entraTenant: kind === 'entra' ? env.OIDC_ENTRA_TENANT!.toLowerCase() : null,
    allowInsecure,
  };
}
