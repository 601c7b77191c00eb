/**
 * The Agency Dashboard's numbers (issue 6): the Weekly Hours page rendered on the server from
 * stored data, the gross margins of every project, and the SQL round trips each costs, for the
 * demo agency at DEMO_SCALE=10 (120 Forecast projects, 150 people, six months of time).
 * Measures and prints; it never asserts.
 *   npx vite-node --config vitest.config.ts bench/agency.ts [scale]
 * The Forecast side is seeded through the real client and sync against the demo mock; the Jira
 * side plays no part in these pages, so it is left out.
 */
import { setupServer } from 'msw/node';
import { createApp } from '../src/app';
import { createPasswordHasher } from '../src/auth/password';
import { nodeScrypt } from '../src/auth/password.node';
import { loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { createPgliteDb } from '../src/db/pglite';
import { countingDb, type Db } from '../src/db/port';
import { createPostgresDb } from '../src/db/postgres';
import { createUser } from '../src/db/users';
import { createDemoSpine } from '../src/mocks/agency/spine';
import { createForecastHandlers } from '../src/mocks/forecast/handlers';
import { TEST_ASSETS } from '../src/render/assets';
import { createForecastClient, importForecastProject, syncTimeRegistrations } from '../src/services/forecast';
import { createIntegrations, DEMO_FORECAST } from '../src/services/integrations';
import { isoDateInZone, weekStartOf } from '../src/services/metrics';
import { ms, printTable, summarise, timeIt, type BenchRow } from './stats';
import postgres from 'postgres';

const scale = Number(process.argv[2] ?? 10);

/**
 * CPU time this process spends per call (median, ms). With the embedded PGlite every query runs
 * in this process, so on a machine shared with other work it is a steadier reading of what the
 * page costs than wall time, which also counts waiting for a core.
 */
async function cpuTimeOf(fn: () => Promise<unknown>, runs = 100): Promise<number> {
  for (let i = 0; i < 10; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const before = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(before);
    samples.push((used.user + used.system) / 1000);
  }
  return summarise(samples).median;
}
const ORIGIN = 'http://localhost';
const now = new Date();
const config = loadConfig({ NODE_ENV: 'production', DEMO_SCALE: String(scale) });

let db: Db;
let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const name = `bench_agency_${Date.now().toString(36)}`;
  const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  db = createPostgresDb(url.toString());
  dropDatabase = async () => {
    const a = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
  };
} else {
  db = await createPgliteDb();
}
await migrate(db);

const mock = createForecastHandlers({ ...DEMO_FORECAST, today: isoDateInZone(now, config.AGENCY_TIMEZONE), scale });
const server = setupServer(...mock.handlers);
server.listen({ onUnhandledRequest: 'error' });
try {
  const forecast = createForecastClient(DEMO_FORECAST);
  const seedStarted = performance.now();
  // Every project still in play goes on the dashboard, so the margins table is as long as it gets.
  for (const p of createDemoSpine({ scale }).projects.filter((p) => p.stage === 'RUNNING' || p.stage === 'PLANNING')) {
    await importForecastProject(db, forecast, { forecastProjectId: p.forecastId, now, timeZone: config.AGENCY_TIMEZONE });
  }
  await syncTimeRegistrations(db, forecast, { now, timeZone: config.AGENCY_TIMEZONE });
  const seedMs = performance.now() - seedStarted;

  const passwords = createPasswordHasher(nodeScrypt);
  await createUser(db, { email: 'bench-admin@agency.test', passwordHash: await passwords.hash('bench-password-123'), role: 'admin', approved: true });
  const counter = { queries: 0 };
  const app = createApp({ db: countingDb(db, counter), config, clock: () => now, passwords, assets: TEST_ASSETS, clientAddress: () => '127.0.0.1', ...createIntegrations(config) });
  const login = await app.request(`${ORIGIN}/api/login`, {
    method: 'POST',
    headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'bench-admin@agency.test', password: 'bench-password-123' }),
  });
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('session='))!.split(';')[0]!;
  const get = async (path: string) => {
    const res = await app.request(`${ORIGIN}${path}`, { headers: { Origin: ORIGIN, Cookie: cookie } });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return res.text();
  };
  const queriesOf = async (path: string) => {
    counter.queries = 0;
    await get(path);
    return counter.queries;
  };

  const [counts] = await db.query<{ registrations: number; persons: number; projects: number }>(
    `SELECT (SELECT count(*) FROM forecast_time_registrations)::int AS registrations,
            (SELECT count(*) FROM forecast_persons)::int AS persons,
            (SELECT count(*) FROM projects WHERE forecast_project_id IS NOT NULL AND visible = 1)::int AS projects`,
  );
  const weekStart = weekStartOf(isoDateInZone(now, config.AGENCY_TIMEZONE));
  const week = JSON.parse(await get(`/api/agency-time-entries?weekStart=${weekStart}`)) as { projectTimeData: { timeEntries: unknown[] }[] };
  const margins = JSON.parse(await get('/api/gross-margins')) as { projects: unknown[] };
  const weekPageHtml = await get('/agency');
  // Signing a request in costs the same queries on every call; /api/user is the baseline.
  const baseline = await queriesOf('/api/user');

  const page = await timeIt(() => get('/agency'), { warmup: 20, runs: 200 });
  const pageCpu = db.kind === 'pglite' ? await cpuTimeOf(() => get('/agency')) : NaN;
  const weekApi = await timeIt(() => get(`/api/agency-time-entries?weekStart=${weekStart}`), { warmup: 10, runs: 100 });
  const marginsApi = await timeIt(() => get('/api/gross-margins'), { warmup: 5, runs: 50 });
  const marginsPage = await timeIt(() => get('/agency?tab=gross-margins'), { warmup: 5, runs: 50 });

  const rows: BenchRow[] = [
    { section: 'data', what: `demo agency, DEMO_SCALE=${scale}, ${db.kind}`, value: `${counts!.registrations} registrations` },
    { section: 'data', what: 'people / margin projects', value: `${counts!.persons} / ${counts!.projects} (${margins.projects.length} listed)` },
    { section: 'data', what: `week of ${weekStart}`, value: `${week.projectTimeData.length} projects, ${week.projectTimeData.reduce((n, p) => n + p.timeEntries.length, 0)} entries` },
    { section: 'data', what: 'seed through the Forecast client and sync', value: ms(seedMs) },
    { section: 'weekly', what: 'GET /agency (Weekly Hours page) median', value: ms(page.median), target: '<= 25 ms' },
    { section: 'weekly', what: 'GET /agency p95', value: ms(page.p95) },
    { section: 'weekly', what: 'GET /agency CPU time median (PGlite: all in process)', value: ms(pageCpu) },
    { section: 'weekly', what: 'GET /agency SQL queries beyond the session', value: String((await queriesOf('/agency')) - baseline) },
    { section: 'weekly', what: 'Weekly Hours page HTML', value: `${(Buffer.byteLength(weekPageHtml) / 1024).toFixed(1)} KB` },
    { section: 'weekly', what: 'GET /api/agency-time-entries median', value: ms(weekApi.median) },
    { section: 'margins', what: 'GET /api/gross-margins median', value: ms(marginsApi.median) },
    { section: 'margins', what: 'GET /api/gross-margins SQL queries beyond the session', value: String((await queriesOf('/api/gross-margins')) - baseline), target: 'fixed, not per project' },
    { section: 'margins', what: 'GET /agency?tab=gross-margins median', value: ms(marginsPage.median) },
  ];
  printTable(rows);
} finally {
  server.close();
  await db.close();
  await dropDatabase();
}
