import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, ConsoleMessage, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, expect } from 'vitest';
import type { Db } from '../../src/db/port';
import type { AssetManifest } from '../../src/render/assets';
import { createPasswordHasher } from '../../src/auth/password';
import { nodeScrypt } from '../../src/auth/password.node';
import { createUser } from '../../src/db/users';
import { browserTest } from '../helpers/chromium';
import { createTestDb, dbTemplate } from '../helpers/db';
import { BUILT_SCRIPT_NODE_OPTIONS } from '../helpers/node-options';
import { seededDemo } from './seeded-demo';

/**
 * End-to-end harness: the BUILT server (`node dist/server/server.js`) as a child process on a
 * free port with its own data folder (and its own PostgreSQL database when DATABASE_URL is
 * set), and a context of the worker's Chromium (../helpers/chromium.ts) driven by
 * playwright-core. Nothing here builds: `npm test` runs `node build.mjs` first.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(repoRoot, 'dist');
const SERVER_START_TIMEOUT_MS = 60_000;
/** The demo admin a demo server makes (src/demo/admin.ts); the harness makes it on PostgreSQL. */
export const DEMO_ADMIN = { email: 'admin@demo.agency', password: 'demo-admin-password' };
const STOP_TIMEOUT_MS = 10_000;

export interface UsersCommandResult {
  code: number;
  /** stdout and stderr together, as a person at the shell would read them. */
  output: string;
}

/** What a page logged that a user would call broken: console errors, uncaught errors, CSP violations. */
export interface PageWatch {
  /** A call the test makes fail on purpose: Chromium logs its status as a console error. */
  expectFailedLoad(pathname: string, status: number): void;
  /** Everything unexpected so far. */
  problems(): string[];
}

export interface Harness {
  context: BrowserContext;
  /** A new tab that records console errors, page errors and CSP violations. */
  openPage(): Promise<{ page: Page; watch: PageWatch }>;
  /** `node dist/server/users.js ...args` with the server's environment (the `npm run users` of the README). */
  runUsersCommand(args: readonly string[]): Promise<UsersCommandResult>;
  /** The server's own output so far. */
  serverLog(): string;
  close(): Promise<void>;
}

/** The server and every client file named by dist/manifest.json must exist; a half-done build fails clearly here. */
function assertBuilt(): void {
  const manifestPath = path.join(dist, 'manifest.json');
  const rebuild =
    'Run `npm test` (which builds first) or `node build.mjs`, then run the tests again.';
  if (
    !existsSync(manifestPath) ||
    !existsSync(path.join(dist, 'server/server.js')) ||
    !existsSync(path.join(dist, 'server/users.js'))
  ) {
    throw new Error(
      `The end-to-end tests need the built app, but ${path.relative(repoRoot, manifestPath)} or the server bundle is missing. ${rebuild}`,
    );
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as AssetManifest;
  const files = [
    manifest.css,
    manifest.main,
    ...Object.values(manifest.islands).flatMap((i) => [i.js, ...i.imports]),
  ];
  const missing = files.filter((url) => !existsSync(path.join(dist, 'public', url)));
  if (missing.length)
    throw new Error(`The build in dist/ is incomplete (missing ${missing.join(', ')}). ${rebuild}`);
}

/**
 * A clean environment, so nothing from the shell (Jira tokens, another DATABASE_URL) leaks in.
 * No daily snapshot: each took 0.7 s of CPU right after the server's start, in the middle of a
 * test's first page, and the seeded demo would pass one to every copy; src/services/backup.test.ts
 * tests the snapshots.
 */
function serverEnvironment(place: {
  home: string;
  dataDir: string;
  databaseUrl?: string;
}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: place.home,
    XDG_CONFIG_HOME: path.join(place.home, '.config'),
    XDG_CACHE_HOME: path.join(place.home, '.cache'),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: place.dataDir,
    BACKUPS_KEPT: '0',
    // Figures stay put while a test reads them; tests/live/ turns the live demo on.
    DEMO_LIVE_SECONDS: '0',
    ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}),
  };
}

/**
 * The server makes a demo admin only on the embedded database (full demo mode); on PostgreSQL
 * the tests' admin is made in the test's own database.
 */
export async function createDemoAdmin(db: Db): Promise<void> {
  await createUser(db, {
    email: DEMO_ADMIN.email,
    passwordHash: await createPasswordHasher(nodeScrypt).hash(DEMO_ADMIN.password),
    role: 'admin',
    approved: true,
  });
}

/**
 * The run's seeded demo dashboard (./seeded-demo.ts), made by the first file that asks, with
 * the built server as a first start makes it.
 */
const seededDemoOnce = () =>
  seededDemo({
    environment: serverEnvironment,
    start: startServer,
    stop: stopServer,
    createAdmin: createDemoAdmin,
  });

/** Fills an empty DATA_DIR with a copy of the run's seeded demo (embedded database only). */
export async function copySeededDemo(dataDir: string): Promise<void> {
  const seeded = await seededDemoOnce();
  if (seeded.kind === 'pglite') await cp(seeded.dataDir, dataDir, { recursive: true });
}

/**
 * Fills an empty DATA_DIR with a copy of the run's migrated template (embedded database only):
 * a server's first start there does all a first start does but PGlite's initdb.
 */
export async function copyMigratedTemplate(dataDir: string): Promise<void> {
  const template = dbTemplate();
  if (template.kind === 'pglite')
    await cp(template.dataDir, path.join(dataDir, 'pglite'), { recursive: true });
}

/** Where a server runs: what the harness and its commands need of it. */
interface TestServer {
  url: string;
  env: Record<string, string>;
  log(): string;
  /** Stops it and removes its folder and database. */
  close(): Promise<void>;
}

interface ServerOptions {
  env?: Record<string, string>;
  /**
   * Start on the bare migrated database, so the server does its own first start (the demo
   * seed, the digest of its time zone) as a new install does. Otherwise the server starts on
   * a copy of the demo dashboard seeded once per run (./seeded-demo.ts), which only fits an
   * environment that seeds the same: the default time zone, the demo Jira and Forecast.
   */
  firstStart?: boolean;
}

/** A built server on its own data folder (or database). Removed at once if starting fails. */
async function startTestServer(options: ServerOptions = {}): Promise<TestServer> {
  assertBuilt();
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    const errors: unknown[] = [];
    // Last made, first removed: the server goes before its folder and database.
    for (const step of cleanups.reverse()) await step().catch((e: unknown) => errors.push(e));
    cleanups.length = 0;
    if (errors.length) throw new AggregateError(errors, 'end-to-end clean-up failed');
  };
  try {
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'agency-e2e-'));
    cleanups.push(() => rm(tmp, { recursive: true, force: true }));
    const home = path.join(tmp, 'home');
    const dataDir = path.join(tmp, 'data');
    await mkdir(home, { recursive: true });

    const seeded = options.firstStart ? undefined : await seededDemoOnce();
    let databaseUrl: string | undefined;
    if (process.env.DATABASE_URL) {
      const created = await createTestDb(seeded?.kind === 'postgres' ? seeded.name : undefined);
      cleanups.push(created.drop);
      databaseUrl = created.url;
      if (!seeded) await createDemoAdmin(created.db);
    } else if (seeded) {
      await copySeededDemo(dataDir);
    } else {
      await copyMigratedTemplate(dataDir);
    }

    const env = { ...serverEnvironment({ home, dataDir, databaseUrl }), ...options.env };
    const server = await startServer(env);
    cleanups.push(() => stopServer(server.child));
    return { url: server.url, env, log: () => server.log.join(''), close };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}

/** A new context of `browser` on `server`; its close() closes the context, then `closeServer`. */
async function openHarness(
  browser: Browser,
  server: TestServer,
  closeServer: () => Promise<void>,
): Promise<Harness> {
  let context: BrowserContext | undefined;
  const close = async () => {
    await context?.close().catch(() => {});
    await closeServer();
  };
  try {
    context = await browser.newContext({ baseURL: server.url });
    // Well inside the test timeout, so a missing element fails with Playwright's own message.
    context.setDefaultTimeout(10_000);
    // CSP violations also reach the console, but only this event says which directive failed.
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(
          `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline content'}`,
        );
      });
    });
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
  const opened = context;
  return {
    context: opened,
    async openPage() {
      const page = await opened.newPage();
      return { page, watch: watchPage(page) };
    },
    runUsersCommand: (args) => runBuiltScript('users', args, server.env),
    serverLog: server.log,
    close,
  };
}

/**
 * Starts a fresh server and a browser context of `browser`. Everything it made is removed by
 * close(), or at once if starting fails.
 */
export async function startHarness(
  browser: Browser,
  options: ServerOptions = {},
): Promise<Harness> {
  const server = await startTestServer(options);
  return openHarness(browser, server, server.close);
}

/**
 * The seeded demo's server that files which only read it share, one per worker (a Vitest
 * worker fixture, stopped when the worker ends): a server's start was 1.3-4 s of each file
 * under a whole run's load (docs/decisions/358-browser-tests-share-per-worker.md).
 */
const sharedDemoTest = browserTest.extend(
  'sharedDemo',
  { scope: 'worker' },
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's needs from this pattern.
  async ({}, { onCleanup }): Promise<TestServer> => {
    const server = await startTestServer();
    onCleanup(server.close);
    return server;
  },
);

/**
 * Call once at the top of a test file: starts a harness with `options` before its tests and
 * closes it after them, with screenshotOnFailure. Returns a getter for the running harness.
 *
 * `shared`: the file only reads the seeded demo, so it works in a context of its own on the
 * worker's shared server. What a person saves as they browse (the theme, the portfolio's view)
 * is put back to the defaults for the demo admin before the file starts.
 */
export function useHarness(options: ServerOptions | { shared: true } = {}): () => Harness {
  let harness: Harness | undefined;
  if ('shared' in options) {
    sharedDemoTest.beforeAll(async ({ chromium, sharedDemo }) => {
      // The worker's server outlives the file: closing the harness closes its context only.
      harness = await openHarness(chromium, sharedDemo, async () => {});
      await resetDemoAdminPreferences(harness, sharedDemo.url);
    });
  } else {
    browserTest.beforeAll(async ({ chromium }) => {
      harness = await startHarness(chromium, options);
    });
  }
  afterAll(async () => {
    await harness?.close();
  });
  screenshotOnFailure(() => harness);
  return () => {
    if (!harness)
      throw new Error(
        'The end-to-end harness is not running: it failed to start (see the beforeAll error).',
      );
    return harness;
  };
}

/** The theme and the portfolio's view back to their defaults, through the calls the pages use. */
async function resetDemoAdminPreferences(harness: Harness, url: string): Promise<void> {
  const { request } = harness.context;
  const headers = { Origin: new URL(url).origin };
  const signedIn = await request.post('/api/login', { data: DEMO_ADMIN, headers });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  for (const [pathname, data] of [
    ['/api/preferences/theme', { theme: null }],
    ['/api/preferences/portfolio-view', { query: '' }],
  ] as const) {
    const reset = await request.put(pathname, { data, headers });
    expect(reset.status(), `${pathname}: ${await reset.text()}`).toBe(200);
  }
  await harness.context.clearCookies();
}

/**
 * Call once at the top of a test file. After each test its tabs are closed, so the next test
 * starts with none; when it failed, each is first saved as a screenshot under test-results/,
 * beside the server's output.
 */
export function screenshotOnFailure(getHarness: () => Harness | undefined): void {
  afterEach(async ({ task }) => {
    const harness = getHarness();
    if (!harness) return;
    const pages = harness.context.pages();
    if (task.result?.state === 'fail') {
      const dir = path.join(repoRoot, 'test-results');
      await mkdir(dir, { recursive: true });
      const slug = `${path.basename(task.file.name, '.ts')}-${task.name}`
        .replace(/[^a-z0-9]+/gi, '-')
        .slice(0, 100);
      for (const [i, page] of pages.entries()) {
        const file = path.join(dir, `${slug}${pages.length > 1 ? `-${i + 1}` : ''}.png`);
        await page.screenshot({ path: file, fullPage: true }).catch(() => {});
      }
      await writeFile(path.join(dir, `${slug}-server.log`), harness.serverLog());
    }
    await Promise.all(pages.map((page) => page.close()));
  });
}

export async function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; log: string[] }> {
  const child = spawn(
    process.execPath,
    [...BUILT_SCRIPT_NODE_OPTIONS, path.join(dist, 'server/server.js')],
    {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Should the test process die without cleaning up, the server must not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));

  const log: string[] = [];
  child.stdout!.setEncoding('utf8').on('data', (d: string) => log.push(d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => log.push(d));

  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`the server did not start within ${SERVER_START_TIMEOUT_MS / 1000} s`)),
        SERVER_START_TIMEOUT_MS,
      );
      const onData = () => {
        const match = /listening on (http:\/\/\S+)/.exec(log.join(''));
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      };
      child.stdout!.on('data', onData);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the server exited while starting (${signal ?? `code ${code}`})`));
      });
    });
    await waitForHealth(url);
    return { child, url, log };
  } catch (error) {
    await stopServer(child);
    throw new Error(`${(error as Error).message}. Server output:\n${log.join('')}`);
  }
}

async function waitForHealth(url: string): Promise<void> {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`/healthz did not answer 200 (last: ${last})`);
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // SIGTERM lets the server close its database and remove its token file.
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** Runs a built script (`users` is dist/server/users.js) as a person at the shell would. */
export function runBuiltScript(
  name: 'users' | 'reset-demo' | 'backup',
  args: readonly string[],
  env: Record<string, string>,
  cwd: string = repoRoot,
): Promise<UsersCommandResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...BUILT_SCRIPT_NODE_OPTIONS, path.join(dist, `server/${name}.js`), ...args],
      { cwd, env, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}`.trim() });
      },
    );
  });
}

function watchPage(page: Page): PageWatch {
  const problems: string[] = [];
  const expected: { pathname: string; status: number }[] = [];
  const isExpected = (msg: ConsoleMessage) => {
    const status = /^Failed to load resource: the server responded with a status of (\d{3})/.exec(
      msg.text(),
    )?.[1];
    if (!status) return false;
    let pathname = '';
    try {
      pathname = new URL(msg.location().url).pathname;
    } catch {
      return false;
    }
    return expected.some((e) => e.pathname === pathname && e.status === Number(status));
  };
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !isExpected(msg))
      problems.push(`${page.url()}: console error: ${msg.text()}`);
  });
  page.on('pageerror', (error) =>
    problems.push(`${page.url()}: uncaught ${error.name}: ${error.message}`),
  );
  return {
    expectFailedLoad: (pathname, status) => expected.push({ pathname, status }),
    problems: () => [...problems],
  };
}

/**
 * Waits until every island on the page has been handed to React (hydrateRoot marks its
 * container), so clicks reach React handlers instead of the bare server markup.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    // The sign-in page has its own small script instead of React (docs/decisions/142).
    const auth = document.querySelector('form[data-auth-form]');
    if (auth) return auth.getAttribute('data-enhanced') === 'true';
    const islands = [...document.querySelectorAll('app-island')];
    // The portfolio's cards listen for clicks from an effect that runs after hydration.
    const cards = document.querySelector('[data-portfolio-projects]');
    return (
      islands.length > 0 &&
      islands.every((el) => Object.keys(el).some((k) => k.startsWith('__reactContainer$'))) &&
      (!cards || cards.hasAttribute('data-cards-ready'))
    );
  });
}

/** For each element, whether a click at the middle of its box lands on it (or inside it). */
export function takesClicks(elements: Locator): Promise<boolean[]> {
  return elements.evaluateAll((els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit ? el.contains(hit) : false;
    }),
  );
}

/** Fills and submits the /auth form in the given mode; the caller checks what follows. */
async function submitAuthForm(
  page: Page,
  mode: 'signin' | 'signup',
  email: string,
  password: string,
): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/auth')) await page.goto('/auth');
  await waitForHydration(page);
  const wanted = mode === 'signin' ? 'Sign In' : 'Create Account';
  const submit = page.locator('form[data-auth-form] button[type=submit]');
  if ((await submit.textContent()) !== wanted) {
    await page
      .getByRole('button', {
        name: mode === 'signin' ? 'Already have an account? Sign in' : 'Need an account? Sign up',
      })
      .click();
  }
  await expect.poll(() => submit.textContent()).toBe(wanted);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await submit.click();
}

/** Signs up through the UI and waits for the 'Account created' toast. */
export async function signUp(page: Page, email: string, password: string): Promise<void> {
  await submitAuthForm(page, 'signup', email, password);
  await toastWithTitle(page, 'Account created').waitFor();
}

/** Signs in through the UI and waits until the browser has left /auth. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await submitAuthForm(page, 'signin', email, password);
  await page.waitForURL((url) => url.pathname !== '/auth');
}

/** Fills the /auth form and submits it without waiting for the outcome (for failures and busy states). */
export const submitSignIn = (page: Page, email: string, password: string) =>
  submitAuthForm(page, 'signin', email, password);
export const submitSignUp = (page: Page, email: string, password: string) =>
  submitAuthForm(page, 'signup', email, password);

/**
 * Holds the next call to `pathname` until release() is called, so a test can see the busy
 * state that is otherwise too brief to observe.
 */
export async function holdNextCall(page: Page, pathname: string): Promise<{ release: () => void }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      await gate;
      await route.continue();
    },
    { times: 1 },
  );
  return { release };
}

/** The notification area and its toasts, located the way a screen reader finds them. */
export const notifications = (page: Page) =>
  page.getByRole('region', { name: 'Notifications (F8)' });
export const toasts = (page: Page) => notifications(page).getByRole('status');
export const toastWithTitle = (page: Page, title: string) =>
  toasts(page).filter({ hasText: title });
