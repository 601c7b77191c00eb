import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import type { createApp } from '../src/app';
import { createPasswordHasher } from '../src/auth/password';
import { nodeScrypt } from '../src/auth/password.node';
import { loadConfig, type Config } from '../src/config';
import { startDemoMocks, type DemoMocks } from '../src/demo/mocks';
import { seedDemoDashboard } from '../src/demo/seed';
import { migrate } from '../src/db/migrate';
import { createPgliteDb } from '../src/db/pglite';
import { countingDb, type Db } from '../src/db/port';
import { createPostgresDb } from '../src/db/postgres';
import { createUser } from '../src/db/users';
import { createDemoSpine } from '../src/mocks/agency/spine';
import type { AssetManifest } from '../src/render/assets';
import { evaluateAlerts } from '../src/services/alerts';
import { createIntegrations, type Integrations } from '../src/services/integrations';
import { createRuntime } from '../src/runtime';

export const BENCH_ORIGIN = 'http://localhost';
export const BENCH_PASSWORD = 'bench-password-123';

export interface BenchEnv {
  config: Config;
  db: Db;
  counter: { queries: number };
  mocks: DemoMocks;
  integrations: Integrations;
  app: ReturnType<typeof createApp>;
  assets: AssetManifest;
  distDir: string;
  databaseLabel: string;
  /** A Jira project with 3,000 issues that is not on the dashboard. */
  bigJiraKey: string | null;
  seedMs: number;
  /** Cookie of a signed-in admin. */
  adminCookie: string;
  request(
    path: string,
    init?: { method?: string; body?: unknown; cookie?: string; address?: string },
  ): Promise<Response>;
  close(): Promise<void>;
}

/** A demo agency on a fresh database (PGlite in memory, or a new PostgreSQL database), seeded through the real clients. */
export async function createBenchEnv(options: {
  scale?: number;
  distDir: string;
}): Promise<BenchEnv> {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DEMO_SCALE: String(options.scale ?? 1),
    JIRA_API_TOKEN: '',
    FORECAST_API_KEY: '',
  });
  let db: Db;
  let dropDatabase = async () => {};
  let databaseLabel = 'PGlite (embedded, in memory)';
  if (process.env.DATABASE_URL) {
    const name = `bench_${randomBytes(4).toString('hex')}`;
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    db = createPostgresDb(url.toString(), { max: 10 });
    databaseLabel = 'PostgreSQL';
    dropDatabase = async () => {
      const a = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
  } else {
    db = await createPgliteDb();
  }
  await migrate(db);
  const now = new Date();
  const spine = createDemoSpine({ scale: config.DEMO_SCALE });
  // One Jira project off the dashboard gets 3,000 issues: the bench links it and counts calls.
  const bigJiraKey = spine.projects.find((p) => p.jiraKey && !p.onDashboard)?.jiraKey ?? null;
  const mocks = startDemoMocks(config, now, {
    onUnhandledRequest: 'error',
    jiraIssueCounts: bigJiraKey ? { [bigJiraKey]: 3000 } : {},
  });
  const integrations = createIntegrations(config, { demoFetch: mocks.fetch });
  const t0 = performance.now();
  await seedDemoDashboard(db, integrations, { spine, now, timeZone: config.AGENCY_TIMEZONE });
  const seedMs = performance.now() - t0;
  // As the server does when it starts: the alerts the demo's numbers call for are open, so the
  // Alerts page, the bell and the cards' markers are measured with what a person sees.
  await evaluateAlerts({
    db,
    now,
    timeZone: config.AGENCY_TIMEZONE,
    qaStatus: config.JIRA_QA_STATUS,
    publicHolidays: config.publicHolidays,
    companyCurrency: config.COMPANY_CURRENCY,
  });

  const passwords = createPasswordHasher(nodeScrypt);
  await createUser(db, {
    email: 'bench-admin@agency.test',
    passwordHash: await passwords.hash(BENCH_PASSWORD),
    role: 'admin',
    approved: true,
  });
  const counter = { queries: 0 };
  const assets = JSON.parse(
    readFileSync(path.join(options.distDir, 'manifest.json'), 'utf8'),
  ) as AssetManifest;
  const { app } = createRuntime({
    db: countingDb(db, counter),
    config,
    clock: () => new Date(),
    passwords,
    assets,
    // A bench request may say which client it stands for (a client room limits each address).
    clientAddress: (c) => c.req.header('x-bench-address') ?? '127.0.0.1',
    defer: (task) => void task.catch(() => {}),
    runner: 'bench',
    log: { run: () => {}, alerts: () => {} },
    http: { demoFetch: mocks.fetch },
    // The alerts the demo calls for were opened above; the bench times pages, not rule runs.
    alertsAfterRuns: false,
  });
  const request: BenchEnv['request'] = async (p, init = {}) =>
    app.request(`${BENCH_ORIGIN}${p}`, {
      method: init.method ?? 'GET',
      headers: {
        Origin: BENCH_ORIGIN,
        ...(init.cookie ? { Cookie: init.cookie } : {}),
        ...(init.address ? { 'x-bench-address': init.address } : {}),
        ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const login = await request('/api/login', {
    method: 'POST',
    body: { email: 'bench-admin@agency.test', password: BENCH_PASSWORD },
  });
  const adminCookie = (
    login.headers.getSetCookie().find((c) => c.startsWith('session=')) ?? ''
  ).split(';')[0]!;
  return {
    config,
    db,
    counter,
    mocks,
    integrations,
    app,
    assets,
    distDir: options.distDir,
    databaseLabel,
    bigJiraKey,
    seedMs,
    adminCookie,
    request,
    async close() {
      mocks.close();
      await db.close();
      await dropDatabase();
    },
  };
}
