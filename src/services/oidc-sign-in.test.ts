import { describe, expect, it } from 'vitest';
import type { IdentityClaims } from '../auth/oidc';
import type { OidcSettings } from '../shared/oidc-settings';
import { ConfigError, loadConfig } from '../config';
import { emailVerified, identityEmail, matchedDomain } from './oidc-sign-in';

const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const base = { OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' };

function settings(env: Record<string, string>): OidcSettings {
  const s = loadConfig({ ...base, ...env }).oidc;
  if (!s) throw new Error('not configured');
  return s;
}

const claims = (c: Partial<IdentityClaims>): IdentityClaims => ({
  issuer: 'https://issuer.test',
  subject: 's1',
  email: null,
  emailVerified: false,
  hd: null,
  tid: null,
  xmsEdov: false,
  name: null,
  preferredUsername: null,
  ...c,
});

describe('OpenID Connect settings from the environment', () => {
  it('is off when nothing is set', () => {
    expect(loadConfig({}).oidc).toBeNull();
  });

  it('presets Google and Entra ID from the client id and secret (and the tenant)', () => {
    expect(settings({ OIDC_PROVIDER: 'google' })).toMatchObject({
      kind: 'google',
      issuer: 'https://accounts.google.com',
      label: 'Google',
      defaultRole: 'user',
    });
    expect(settings({ OIDC_ENTRA_TENANT: TENANT })).toMatchObject({
      kind: 'entra',
      issuer: `https://login.microsoftonline.com/${TENANT}/v2.0`,
      label: 'Microsoft',
    });
    expect(
      settings({ OIDC_ISSUER: 'https://sso.agency.test/', OIDC_NAME: 'Agency SSO' }),
    ).toMatchObject({ kind: 'generic', issuer: 'https://sso.agency.test', label: 'Agency SSO' });
  });

  it('reads allowed domains as a lower-case list and the default role', () => {
    expect(
      settings({
        OIDC_PROVIDER: 'google',
        OIDC_ALLOWED_DOMAINS: ' Agency.com, @studio.agency.com ,',
        OIDC_DEFAULT_ROLE: 'staff',
      }),
    ).toMatchObject({ allowedDomains: ['agency.com', 'studio.agency.com'], defaultRole: 'staff' });
    expect(() =>
      loadConfig({ ...base, OIDC_PROVIDER: 'google', OIDC_DEFAULT_ROLE: 'admin' }),
    ).toThrow(/OIDC_DEFAULT_ROLE/);
  });

  it('names what is missing or unsafe', () => {
    expect(() => loadConfig({ OIDC_PROVIDER: 'google', OIDC_CLIENT_ID: 'id' })).toThrow(
      /OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must both be set/,
    );
    expect(() => loadConfig({ ...base, OIDC_PROVIDER: 'entra' })).toThrow(/OIDC_ENTRA_TENANT/);
    expect(() => loadConfig({ ...base, OIDC_ENTRA_TENANT: 'common' })).toThrow(
      /multi-tenant "common"/,
    );
    expect(() => loadConfig(base)).toThrow(/OIDC_ISSUER must be set/);
    expect(() => loadConfig({ ...base, OIDC_ISSUER: 'http://sso.agency.test' })).toThrow(
      /must use https/,
    );
    expect(settings({ OIDC_ISSUER: 'http://127.0.0.1:4000' }).allowInsecure).toBe(true);
    expect(() => loadConfig({ PASSWORD_SIGN_IN: 'admins-only' })).toThrow(ConfigError);
    expect(() => loadConfig({ PASSWORD_SIGN_IN: 'admins-only' })).toThrow(/PASSWORD_SIGN_IN/);
  });
});

describe('which identities are approved by their domain', () => {
  const google = settings({ OIDC_PROVIDER: 'google', OIDC_ALLOWED_DOMAINS: 'agency.com' });
  const entra = settings({ OIDC_ENTRA_TENANT: TENANT, OIDC_ALLOWED_DOMAINS: TENANT });

  it("matches Google's hosted domain, or else the verified email's domain", () => {
    expect(matchedDomain(google, claims({ hd: 'agency.com' }), 'ana@other.com')).toBe('agency.com');
    expect(matchedDomain(google, claims({}), 'ana@agency.com')).toBe('agency.com');
    expect(matchedDomain(google, claims({ hd: 'other.com' }), 'ana@other.com')).toBeNull();
    // A sub-domain is another domain.
    expect(matchedDomain(google, claims({}), 'ana@evil.agency.com')).toBeNull();
  });

  it('matches Entra ID through the tenant, not the email', () => {
    expect(matchedDomain(entra, claims({ tid: TENANT.toUpperCase() }), 'a@x.com')).toBe(TENANT);
    expect(matchedDomain(entra, claims({ tid: 'another-tenant' }), 'a@agency.com')).toBeNull();
  });

  it('trusts an email Google or the issuer verified, and Entra addresses from its own tenant', () => {
    expect(emailVerified(google, claims({ emailVerified: true }))).toBe(true);
    expect(emailVerified(google, claims({ emailVerified: false, hd: 'agency.com' }))).toBe(false);
    expect(emailVerified(entra, claims({ tid: TENANT }))).toBe(true);
    expect(emailVerified(entra, claims({ tid: 'another-tenant' }))).toBe(false);
    expect(emailVerified(entra, claims({ tid: 'another-tenant', xmsEdov: true }))).toBe(true);
  });

  it("takes Entra's user principal name when it gives no email, lower-cased", () => {
    expect(identityEmail(entra, claims({ preferredUsername: 'Ana@Agency.com' }))).toBe(
      'ana@agency.com',
    );
    expect(identityEmail(google, claims({ preferredUsername: 'ana@agency.com' }))).toBeNull();
    expect(identityEmail(google, claims({ email: 'not-an-address' }))).toBeNull();
  });
});
