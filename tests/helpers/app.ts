import type { createApp } from '../../src/app';
import { createPasswordHasher } from '../../src/auth/password';
import { nodeScrypt } from '../../src/auth/password.node';
import { loadConfig, type Config } from '../../src/config';
import type { Db } from '../../src/db/port';
import { createUser } from '../../src/db/users';
import type { Role } from '../../src/shared/roles';
import type { AppDeps } from '../../src/env';
import type { AssetManifest } from '../../src/render/assets';
import { createRuntime } from '../../src/runtime';

/** A manifest for tests that render pages without a client build. */
const TEST_ASSETS: AssetManifest = {
  css: '/assets/app.css',
  main: '/assets/main.js',
  islands: {},
};

export const ORIGIN = 'http://localhost';
export const TEST_PASSWORD = 'correct horse battery staple';

/**
 * Cheap scrypt settings: in-process tests check what sign-in does, not what it costs. The
 * end-to-end servers hash at the production settings, which src/auth/password.test.ts checks.
 */
export const testPasswords = createPasswordHasher(nodeScrypt, { N: 1024, r: 8, p: 1, dkLen: 32 });
// Hashing is deliberately slow; tests make many accounts with the same password, hashed once.
let testPasswordHash: Promise<string> | null = null;

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  /** Calls the app as a browser on our own origin would (Origin header, JSON body, cookie). */
  request(
    method: string,
    path: string,
    options?: { body?: unknown; cookie?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  /** Creates an account directly in the database and signs it in; returns its cookie. */
  signIn(role: Role | 'unapproved', email?: string): Promise<string>;
  /** Waits for work the app kept going after its responses (a Sync now run). */
  idle(): Promise<void>;
}

export function createTestApp(
  db: Db,
  {
    demoFetch,
    env,
    jira,
    forecast,
    ...overrides
  }: Partial<AppDeps> & {
    env?: Record<string, string>;
    /** The demo mocks' fetch (startDemoMocks) for the demo services' clients. */
    demoFetch?: typeof fetch;
  } = {},
): TestApp {
  const config: Config = loadConfig({ NODE_ENV: 'test', ...env });
  const deferred: Promise<unknown>[] = [];
  const { app, deps } = createRuntime({
    db,
    config,
    clock: () => new Date(),
    passwords: testPasswords,
    assets: TEST_ASSETS,
    clientAddress: (c) => c.req.header('x-test-client-address') ?? '203.0.113.7',
    defer: (task) => void deferred.push(task.catch(() => {})),
    ...overrides,
    runner: 'test',
    log: { run: () => {}, alerts: () => {} },
    // Demo hosts: a test that reaches upstream passes the demo mocks' fetch, or answers them with
    // its own MSW server.
    http: { timeoutMs: 2_000, deadlineMs: 5_000, sleep: async () => {}, demoFetch },
    // A test that gives its own clients keeps them, in every refresh run too.
    clients: { ...(jira ? { jira } : {}), ...(forecast ? { forecast } : {}) },
    refreshSettings: { progressMs: 50 },
    // Tests of the alert rules run them themselves; a refresh here only refreshes.
    alertsAfterRuns: false,
  });
  let counter = 0;

  const request: TestApp['request'] = (method, path, options = {}) => {
    const headers: Record<string, string> = { Origin: ORIGIN, ...options.headers };
    if (options.cookie) headers.Cookie = options.cookie;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    return Promise.resolve(app.request(`${ORIGIN}${path}`, { method, headers, body }));
  };

  const signIn: TestApp['signIn'] = async (role, email) => {
    testPasswordHash ??= testPasswords.hash(TEST_PASSWORD);
    const address = email ?? `${role}-${Date.now()}-${counter++}@agency.test`;
    await createUser(db, {
      email: address,
      passwordHash: await testPasswordHash,
      role: role === 'unapproved' ? 'user' : role,
      approved: role !== 'unapproved',
    });
    if (role === 'unapproved') return '';
    const res = await request('POST', '/api/login', {
      body: { email: address, password: TEST_PASSWORD },
    });
    if (res.status !== 200)
      throw new Error(`test sign-in failed: ${res.status} ${await res.text()}`);
    return cookieFrom(res);
  };

  const idle = async () => {
    await Promise.allSettled(deferred);
  };
  return { app, deps, request, signIn, idle };
}

/** The session cookie a response sets, as a Cookie header value. */
export function cookieFrom(res: Response): string {
  const set = res.headers.getSetCookie?.() ?? [];
  const session = set.find((c) => c.startsWith('session='));
  if (!session) throw new Error('no session cookie was set');
  return session.split(';')[0]!;
}
