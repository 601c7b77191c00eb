import * as client from 'openid-client';
import type { OidcSettings } from '../shared/oidc-settings';

/**
 * The OpenID Connect client (docs/decisions/290): discovery, the authorization URL with PKCE,
 * state and nonce, and the code exchange whose ID token `openid-client` verifies (signature
 * through the issuer's JWKS, issuer, audience, expiry, nonce). Web APIs only, so the same code
 * runs on Node and on Workers.
 */

/** Why a sign-in at the provider did not give a verified identity. */
export type OidcFailure =
  | 'cancelled'
  | 'provider'
  | 'code'
  | 'nonce'
  | 'expired'
  | 'audience'
  | 'issuer'
  | 'token';

export class OidcError extends Error {
  override name = 'OidcError';
  constructor(
    readonly reason: OidcFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The ID token's claims the account rules read. */
export interface IdentityClaims {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  /** Google Workspace's hosted domain. */
  hd: string | null;
  /** Entra ID's tenant. */
  tid: string | null;
  /** Entra ID: the email's domain is verified by the tenant that owns it. */
  xmsEdov: boolean;
  name: string | null;
  /** Entra ID's user principal name, its sign-in address when `email` is absent. */
  preferredUsername: string | null;
}

export interface StartedSignIn {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcClient {
  begin(redirectUri: string): Promise<StartedSignIn>;
  /** Exchanges the callback's code; throws OidcError for anything not a verified identity. */
  finish(
    callback: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<IdentityClaims>;
}

const SCOPE = 'openid email profile';
const TIMEOUT_SECONDS = 10;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The claim a failed ID token check names, from openid-client's error and its causes. */
function failedClaim(error: unknown): string | null {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    const cause = (e as { cause?: unknown }).cause;
    const claim = (e as { claim?: unknown }).claim ?? (cause as { claim?: unknown })?.claim;
    if (typeof claim === 'string') return claim;
    e = cause;
  }
  return null;
}

/** Turns what openid-client threw into the reason the sign-in page names. */
export function describeOidcError(error: unknown, label: string): OidcError {
  if (error instanceof OidcError) return error;
  if (error instanceof client.AuthorizationResponseError) {
    return error.error === 'access_denied'
      ? new OidcError('cancelled', `${label} sign-in was cancelled.`, { cause: error })
      : new OidcError('provider', `${label} refused the sign-in (${error.error}).`, {
          cause: error,
        });
  }
  if (error instanceof client.ResponseBodyError) {
    return error.error === 'invalid_grant'
      ? new OidcError(
          'code',
          `${label} refused the sign-in code: it was already used or has expired.`,
          { cause: error },
        )
      : new OidcError('provider', `${label} refused the sign-in (${error.error}).`, {
          cause: error,
        });
  }
  const claim = failedClaim(error);
  if (claim === 'nonce')
    return new OidcError('nonce', 'The identity token was not made for this sign-in (nonce).', {
      cause: error,
    });
  if (claim === 'exp' || claim === 'iat' || claim === 'nbf')
    return new OidcError('expired', 'The identity token has expired.', { cause: error });
  if (claim === 'aud' || claim === 'azp')
    return new OidcError('audience', 'The identity token was issued to another application.', {
      cause: error,
    });
  if (claim === 'iss')
    return new OidcError('issuer', 'The identity token came from another issuer.', {
      cause: error,
    });
  if (
    error instanceof TypeError ||
    (error as { name?: string })?.name === 'TimeoutError' ||
    (error as { name?: string })?.name === 'AbortError'
  )
    return new OidcError('provider', `${label} could not be reached.`, { cause: error });
  return new OidcError('token', `${label}'s answer could not be verified.`, { cause: error });
}

export function createOidcClient(settings: OidcSettings): OidcClient {
  let configuration: Promise<client.Configuration> | null = null;
  const configure = () => {
    configuration ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        client.ClientSecretBasic(settings.clientSecret),
        {
          execute: settings.allowInsecure ? [client.allowInsecureRequests] : [],
          timeout: TIMEOUT_SECONDS,
        },
      )
      .catch((error: unknown) => {
        // Asked again on the next sign-in: the provider may be back.
        configuration = null;
        throw new OidcError('provider', `${settings.label} could not be reached.`, {
          cause: error,
        });
      });
    return configuration;
  };

  return {
    async begin(redirectUri) {
      const config = await configure();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url, state, nonce, codeVerifier };
    },

    async finish(callback, checks) {
      const config = await configure();
      let claims: Record<string, unknown>;
      try {
        const tokens = await client.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        claims = { ...tokens.claims() };
        // Some issuers put the email only in UserInfo; ask there for what the token lacks.
        if (!str(claims.email) && tokens.access_token) {
          const info = await client.fetchUserInfo(config, tokens.access_token, String(claims.sub));
          claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified };
        }
      } catch (error) {
        throw describeOidcError(error, settings.label);
      }
      return {
        issuer: String(claims.iss),
        subject: String(claims.sub),
        email: str(claims.email),
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        hd: str(claims.hd),
        tid: str(claims.tid),
        xmsEdov: claims.xms_edov === true || claims.xms_edov === 'true',
        name: str(claims.name),
        preferredUsername: str(claims.preferred_username),
      };
    },
  };
}
