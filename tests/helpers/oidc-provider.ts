import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
// oidc-provider ships no types; the little the tests use is typed here.
// @ts-expect-error -- no declaration file
import Provider from 'oidc-provider';

/**
 * A real OpenID provider for the tests: the certified `oidc-provider` on 127.0.0.1 with one
 * confidential client, its own login page (any login, any password: the login names the
 * account), and claims the test sets per login.
 */
export const CLIENT_ID = 'agency-dashboard';
export const CLIENT_SECRET = 'a-test-client-secret-that-is-long-enough';

export interface TestProvider {
  issuer: string;
  /** Claims of each login, beyond `sub` (which is the login itself). */
  accounts: Map<string, Record<string, unknown>>;
  /** Makes the provider accept this client redirect URI; call once, before the first sign-in. */
  configure(redirectUri: string): void;
  close(): Promise<void>;
}

/** The env that points the app at this provider as a generic issuer. */
export function oidcEnv(issuer: string, extra: Record<string, string> = {}) {
  return {
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    OIDC_NAME: 'Test IdP',
    ...extra,
  };
}

async function listen(
  handler: http.RequestListener,
): Promise<{ server: http.Server; origin: string }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}` };
}

const closeServer = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export async function startOidcProvider(): Promise<TestProvider> {
  const accounts = new Map<string, Record<string, unknown>>();
  let handler: http.RequestListener | null = null;
  const { server, origin } = await listen((req, res) => {
    if (handler) return handler(req, res);
    res.statusCode = 503;
    res.end('provider not configured');
  });
  return {
    issuer: origin,
    accounts,
    configure(redirectUri) {
      const provider = new Provider(origin, {
        clients: [
          {
            client_id: CLIENT_ID,
            client_secret: CLIENT_SECRET,
            redirect_uris: [redirectUri],
            response_types: ['code'],
            grant_types: ['authorization_code'],
          },
        ],
        async findAccount(_ctx: unknown, sub: string) {
          return { accountId: sub, claims: async () => ({ sub, ...accounts.get(sub) }) };
        },
        claims: {
          openid: ['sub'],
          email: ['email', 'email_verified'],
          profile: ['name', 'hd', 'tid'],
        },
        // The claims in the ID token itself, as Google and Entra ID put them.
        conformIdTokenClaims: false,
        features: { devInteractions: { enabled: true } },
        cookies: { keys: ['test-provider-cookie-key'] },
        ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 300, IdToken: 300 },
        // A first-party client: no consent screen, as a Workspace admin would set it up.
        async loadExistingGrant(ctx: {
          oidc: {
            provider: { Grant: new (a: object) => GrantLike } & {
              Grant: { find(id: string): Promise<GrantLike> };
            };
            client: { clientId: string };
            session: { accountId: string; grantIdFor(id: string): string | undefined };
          };
        }) {
          const { provider: p, client, session } = ctx.oidc;
          const existing = session.grantIdFor(client.clientId);
          if (existing) return p.Grant.find(existing);
          const grant = new p.Grant({ clientId: client.clientId, accountId: session.accountId });
          grant.addOIDCScope('openid email profile');
          await grant.save();
          return grant;
        },
      });
      // Quiet: its development-mode warnings are about this very setup.
      provider.on('server_error', (_ctx: unknown, error: Error) => console.error(error));
      handler = provider.callback();
    },
    close: () => closeServer(server),
  };
}

interface GrantLike {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}

/**
 * A browser without JavaScript at the provider: follows its redirects, fills its login page
 * with `login` and returns the address it finally sends the browser to on `appOrigin`.
 */
export async function signInAtProvider(
  authorizeUrl: string,
  login: string,
  appOrigin: string,
): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
  };
  let url = new URL(authorizeUrl);
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (url.origin === appOrigin) return url;
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: cookieHeader(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    keep(res);
    body = undefined;
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url);
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action || !html.includes('name="login"'))
      throw new Error(
        `the provider answered ${res.status} at ${url.pathname}: ${html.slice(0, 300)}`,
      );
    url = new URL(action, url);
    body = new URLSearchParams({ prompt: 'login', login, password: 'any password' });
  }
  throw new Error('the provider redirected too many times');
}

/** What the hand-made issuer puts wrong in the ID token it returns. */
export type TokenDefect = 'none' | 'nonce' | 'expired' | 'audience';

/**
 * A small but real OpenID issuer for the three ID token checks a certified provider never gets
 * wrong: discovery, JWKS, an authorization endpoint that answers at once, and a token endpoint
 * whose ID token, signed with its published key, has the chosen defect. Only for those cases.
 */
export async function startFaultyIssuer(claims: Record<string, unknown>): Promise<{
  issuer: string;
  defect: TokenDefect;
  close(): Promise<void>;
}> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const nonces = new Map<string, string>();
  const state = { defect: 'none' as TokenDefect };
  let issuer = '';
  const { server, origin } = await listen(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (value: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(value));
    };
    if (url.pathname === '/.well-known/openid-configuration')
      return json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    if (url.pathname === '/jwks') return json({ keys: [jwk] });
    if (url.pathname === '/authorize') {
      const code = crypto.randomUUID();
      nonces.set(code, url.searchParams.get('nonce') ?? '');
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.statusCode = 302;
      res.setHeader('location', back.href);
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let text = '';
      for await (const chunk of req) text += chunk;
      const code = new URLSearchParams(text).get('code') ?? '';
      const nonce = nonces.get(code);
      nonces.delete(code);
      if (nonce === undefined) {
        res.statusCode = 400;
        return json({ error: 'invalid_grant' });
      }
      const now = Math.floor(Date.now() / 1000);
      const defect = state.defect;
      const idToken = await new SignJWT({
        ...claims,
        nonce: defect === 'nonce' ? 'a-nonce-from-another-sign-in' : nonce,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(issuer)
        .setSubject(String(claims.sub ?? 'someone'))
        .setAudience(defect === 'audience' ? 'another-application' : CLIENT_ID)
        .setIssuedAt(defect === 'expired' ? now - 7200 : now)
        .setExpirationTime(defect === 'expired' ? now - 3600 : now + 300)
        .sign(privateKey);
      return json({
        access_token: crypto.randomUUID(),
        token_type: 'Bearer',
        expires_in: 300,
        id_token: idToken,
      });
    }
    res.statusCode = 404;
    res.end();
  });
  issuer = origin;
  return {
    issuer,
    get defect() {
      return state.defect;
    },
    set defect(value: TokenDefect) {
      state.defect = value;
    },
    close: () => closeServer(server),
  };
}
