/**
 * `npm run bench`: measures and prints, never asserts. Page render times, API throughput under
 * load, JS/CSS per page, SQL queries per request, upstream calls per action, memory, render
 * growth with the number of projects, and first paint in throttled Chromium. Runs on the
 * embedded database, or on PostgreSQL when DATABASE_URL is set. Results go to bench/results/.
 */
import autocannon from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { linkJiraProject } from '../src/services/jira/sync';
import { syncForecastBilling } from '../src/services/forecast/sync';
import { findDemoRetainerProject } from '../src/db/share-links';
import { weekStartOf, shiftWeek } from '../src/shared/calendar';
import { planScenario, splitByRole } from '../src/shared/deal-plan';
import { isoDateInZone } from '../src/shared/time-zones';
import { backTestRetainer } from '../src/services/retainer-forecast';
import { meanAbsoluteErrorPercent, type BackTestSample } from '../src/shared/retainer-forecast';
import { backTestDelivery, backTestRetainerRange } from '../src/services/delivery-forecast';
import { calibration, type CalibrationSample } from '../src/shared/delivery-forecast';
import { pageBytes } from './bundle';
import {
  BASELINE_RATIO_BUDGET,
  comparePaints,
  FLOOR_RATIO_BUDGET,
  type PaintPage,
  paintRatios,
  WARM_FLOOR_RATIO_BUDGET,
} from './paint-compare';
import { chromiumVersion } from './paint';
import { type BenchPage, CSS_BUDGET, PAGES, pageKey } from './pages';
import { listen } from './serve';
import { type ServerProcess, sleep, startServerProcess } from './server-process';
import { startUpstreamServer } from '../tests/helpers/upstream-server';
import { createBenchEnv, type BenchEnv } from './setup';
import { liveSection, lossSection } from './live';
import { kb, ms, printTable, timeIt, type BenchRow } from './stats';

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = path.resolve(distDir, '..');
const rows: BenchRow[] = [];
const add = (row: BenchRow) => {
  rows.push(row);
  console.log(
    `  ${row.section} · ${row.what}: ${row.value}${row.target ? `  (target ${row.target})` : ''}`,
  );
};
const quick = process.argv.includes('--quick');
/** The machine's 1-minute load average, printed beside each timing (others share its cores). */
const loadAverage = () => `load ${loadavg()[0]!.toFixed(2)}`;
// `--only paint,render` runs just those sections (render, room, bundle, upstream, forecast, growth, load, paint, pages, memory, sync, live, scale10, plan).
const onlyArg = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const only = onlyArg ? new Set(onlyArg.split(',')) : null;
// `--pages=/developer,/` narrows the pages section to those paths (a page's paint looked into).
const pagesArg = process.argv.find((a) => a.startsWith('--pages='))?.slice('--pages='.length);
const pagePaths = pagesArg ? new Set(pagesArg.split(',')) : null;
const wanted = (section: string) => !only || only.has(section);

async function queriesFor(env: BenchEnv, p: string) {
  env.counter.queries = 0;
  const res = await env.request(p, { cookie: env.adminCookie });
  await res.arrayBuffer();
  return { queries: env.counter.queries, status: res.status };
}

/**
 * A scenario recomputed as the Capacity page does it in the browser (docs/decisions/410): 20
 * deals of three roles over 12 weeks shown (26 searched), one marked won and one lost; and the
 * call that answers the same from PostgreSQL.
 */
async function planSection(env: BenchEnv) {
  const first = weekStartOf(isoDateInZone(new Date(), 'UTC'));
  const roles = ['Developer', 'Designer', 'QA Engineer'];
  const free = new Map(
    roles.map((role, r) => [
      role,
      new Map(
        Array.from({ length: 26 }, (_, i) => [shiftWeek(first, i), 60 + 40 * r + (i % 5) * 7]),
      ),
    ]),
  );
  const deals = Array.from({ length: 20 }, (_, i) => ({
    id: i + 1,
    expectedCloseDate: shiftWeek(first, i % 12),
    byRole: splitByRole(
      120 + i * 35,
      roles.map((role, r) => ({ role, weight: 3 - r })),
    ),
    from: shiftWeek(first, i % 12),
  }));
  let n = 0;
  const stats = await timeIt(
    async () => {
      n++;
      planScenario(
        deals,
        free,
        [
          { id: 1 + (n % 20), status: 'won' },
          { id: 1 + ((n + 7) % 20), status: 'lost' },
        ],
        { firstWeek: first, horizonWeeks: 26, dealWeeks: 8 },
      );
    },
    quick ? { warmup: 5, runs: 50 } : { warmup: 20, runs: 500 },
  );
  add({
    section: 'plan',
    what: 'scenario recompute, 20 deals x 12 weeks (26 searched): median / p95',
    value: `${ms(stats.median)} / ${ms(stats.p95)} (${loadAverage()})`,
    target: '<= 300 ms on screen',
    raw: stats,
  });
  const call = await timeIt(
    async () => (await env.request('/api/plan/deals', { cookie: env.adminCookie })).text(),
    quick ? { warmup: 3, runs: 20 } : { warmup: 10, runs: 100 },
  );
  add({
    section: 'plan',
    what: 'GET /api/plan/deals median / p95',
    value: `${ms(call.median)} / ${ms(call.p95)}`,
    raw: call,
  });
}

/**
 * A client's retainer room (docs/decisions/430) on the demo's retainer: server time per open
 * (each from its own address, as clients are, so the per-address limit does not answer instead),
 * its SQL, and the upstream calls an open makes (none: stored copies only).
 */
async function roomSection(env: BenchEnv) {
  const project = await findDemoRetainerProject(env.db);
  if (!project) return;
  const made = await env.request(`/api/projects/${project.id}/share-links`, {
    method: 'POST',
    cookie: env.adminCookie,
    body: {
      label: 'Bench room',
      expiresAt: isoDateInZone(new Date(Date.now() + 7 * 86_400_000), 'UTC'),
      rolling: true,
    },
  });
  if (made.status !== 201) throw new Error(`room link: ${made.status} ${await made.text()}`);
  const room = new URL(((await made.json()) as { url: string }).url).pathname;
  let n = 0;
  const open = async () => {
    n++;
    const res = await env.request(room, { address: `10.77.${(n >> 8) & 255}.${n & 255}` });
    if (res.status !== 200) throw new Error(`room answered ${res.status}`);
    return res.text();
  };
  const stats = await timeIt(open, quick ? { warmup: 5, runs: 30 } : { warmup: 20, runs: 200 });
  add({
    section: 'room',
    what: `client room, ${project.name}: median / p95 (${loadAverage()})`,
    value: `${ms(stats.median)} / ${ms(stats.p95)}`,
    target: '<= 50 ms server time',
    raw: stats,
  });
  // The same moment's portfolio, for scale: the machine is shared, so a ratio travels better.
  const portfolio = await timeIt(
    async () => (await env.request('/', { cookie: env.adminCookie })).text(),
    quick ? { warmup: 5, runs: 30 } : { warmup: 20, runs: 200 },
  );
  add({
    section: 'room',
    what: 'the portfolio at the same load, for scale: median / p95',
    value: `${ms(portfolio.median)} / ${ms(portfolio.p95)} (room/portfolio ${(stats.median / portfolio.median).toFixed(2)})`,
    raw: portfolio,
  });
  env.counter.queries = 0;
  env.mocks.resetCalls();
  await open();
  const { Jira, Forecast, Pipedrive } = env.mocks.calls;
  add({
    section: 'room',
    what: 'one open: SQL queries, upstream calls',
    value: `${env.counter.queries} queries; Jira ${Jira}, Forecast ${Forecast}, Pipedrive ${Pipedrive}`,
    target: 'no upstream call',
  });
}

async function renderSection(env: BenchEnv, label: string) {
  for (const page of PAGES.filter((p) => p.signedIn)) {
    const stats = await timeIt(
      async () => (await env.request(page.path, { cookie: env.adminCookie })).text(),
      quick ? { warmup: 5, runs: 30 } : { warmup: 20, runs: 200 },
    );
    const { queries, status } = await queriesFor(env, page.path);
    add({
      section: `render ${label}`,
      what: `${page.name} median / p95`,
      value: `${ms(stats.median)} / ${ms(stats.p95)}`,
      target: page.renderTarget,
      raw: { ...stats, status },
    });
    add({
      section: `sql ${label}`,
      what: `${page.name} queries per request`,
      value: String(queries),
    });
  }
  const apiQueries = await queriesFor(env, '/api/projects');
  add({
    section: `sql ${label}`,
    what: 'GET /api/projects queries per request',
    value: String(apiQueries.queries),
  });
}

/** A page's bytes as the browser loads them (bench/bundle.ts), and the byte budgets it breaks. */
async function bytesOf(env: BenchEnv, page: BenchPage) {
  const cookie = page.signedIn ? env.adminCookie : undefined;
  const html = await (await env.request(page.path, { cookie })).text();
  const bytes = await pageBytes(html, path.join(distDir, 'public'));
  const over: string[] = [];
  if (bytes.cssBeforePaint > CSS_BUDGET) over.push('CSS');
  if (page.jsBudget !== undefined && bytes.jsGzip > page.jsBudget) over.push('JS');
  return { bytes, over };
}

async function bundleSection(env: BenchEnv) {
  for (const page of PAGES) {
    const { bytes, over } = await bytesOf(env, page);
    const jsBudget = page.jsBudget;
    add({
      section: 'bytes per page (gzip)',
      what: `${page.name}: CSS before first paint, JS, HTML`,
      value: `${kb(bytes.cssBeforePaint)}, ${kb(bytes.jsGzip)} (${bytes.jsFiles} files${bytes.jsOnUse ? `; ${kb(bytes.jsOnUse)} more once used` : ''}), ${kb(bytes.htmlGzip)}${over.length ? `  OVER BUDGET: ${over.join(', ')}` : ''}`,
      target: `CSS ≤ ${CSS_BUDGET / 1024} KB before paint${jsBudget !== undefined ? `; JS ≤ ${jsBudget / 1024} KB` : ''}`,
      raw: bytes,
    });
  }
}

async function upstreamSection(env: BenchEnv) {
  const count = async (what: string, action: () => Promise<unknown>, target?: string) => {
    env.mocks.resetCalls();
    const t0 = performance.now();
    await action();
    const took = performance.now() - t0;
    const { Jira, Forecast, Pipedrive } = env.mocks.calls;
    add({
      section: 'upstream calls',
      what,
      value: `Jira ${Jira}, Forecast ${Forecast}, Pipedrive ${Pipedrive} (${took.toFixed(0)} ms)`,
      target,
      raw: { Jira, Forecast, Pipedrive, ms: took },
    });
  };
  if (env.bigJiraKey) {
    const { id } = (
      await env.db.query<{ id: number }>(
        "INSERT INTO projects (name, visible) VALUES ('Bench link target', 0) RETURNING id",
      )
    )[0]!;
    await count(
      `link Jira ${env.bigJiraKey} (3,000 issues)`,
      () =>
        linkJiraProject(env.db, env.integrations.jira, {
          projectId: id,
          key: env.bigJiraKey!,
          now: new Date(),
        }),
      'pages of 100, no call per issue',
    );
    await env.db.query('DELETE FROM projects WHERE id = $1', [id]);
  }
  const [billed] = await env.db.query<{ id: number }>(
    'SELECT id FROM projects WHERE forecast_project_id IS NOT NULL ORDER BY id LIMIT 1',
  );
  if (billed)
    await count(
      "sync one project's billing",
      () =>
        syncForecastBilling(env.db, env.integrations.forecast, {
          projectId: billed.id,
          now: new Date(),
        }),
      'a fixed handful',
    );
  const week = weekStartOf(isoDateInZone(new Date(), env.config.AGENCY_TIMEZONE));
  // A refused call makes no upstream call either: only an answered one is counted.
  const api = (p: string) => async () => {
    const res = await env.request(p, { cookie: env.adminCookie });
    if (!res.ok)
      throw new Error(`${p} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return res.text();
  };
  await count(
    'a week of ready-for-QA tickets',
    api(`/api/jira/tickets/completed-in-week?weekStart=${week}`),
  );
  await count('eight weeks of velocity', api('/api/velocity-history'));
  await count(
    'eight weeks of velocity, again (finished weeks stored)',
    api('/api/velocity-history'),
    'no Jira call for finished weeks',
  );
  await count(
    'a week of time data',
    api(`/api/agency-time-entries?weekStart=${shiftWeek(week, -1)}`),
  );
  await count('gross margins', api('/api/gross-margins'));
  for (const tab of ['trends', 'cost-per-point', 'budget-burn', 'unbilled'])
    await count(`Insights ${tab} page`, api(`/agency?tab=${tab}`), 'no upstream call');
  await count(
    'Insights calls (trends, cost per point, budget burn, unbilled work)',
    async () => {
      for (const call of ['trends', 'cost-per-point', 'budget-burn', 'unbilled-work'])
        await api(`/api/insights/${call}`)();
    },
    'no upstream call',
  );
  await count(
    'Capacity page and its demand (tentative work, probability 0)',
    async () => {
      await api('/capacity')();
      await api('/api/capacity?tentative=1&minProbability=0')();
    },
    'no upstream call',
  );
  await count('Insights pipeline page', api('/agency?tab=pipeline'), 'no upstream call');
  await count(
    'deal plan: deals staffed if won (GET /api/plan/deals)',
    api('/api/plan/deals'),
    'no upstream call',
  );
  if (billed) {
    await count(
      'retainer forecast and budget burn of a project',
      async () => {
        await api(`/api/insights/projects/${billed.id}/retainer-forecast`)();
        await api(`/api/insights/projects/${billed.id}/budget-burn`)();
      },
      'no upstream call',
    );
    await count(
      'open the project detail modal (jira-data + retainer periods)',
      async () => {
        await api(`/api/projects/${billed.id}/jira-data`)();
        await api(`/api/projects/${billed.id}/retainer-periods`)();
      },
      'no upstream call on synced data',
    );
  }
}

/**
 * How good is the retainer forecast (docs/decisions/170)? Every completed period of every retainer
 * project on the dashboard, forecast as the data stood at its middle working day, against what it
 * came to: the mean absolute error as a % of target.
 */
async function forecastSection(env: BenchEnv) {
  const today = isoDateInZone(new Date(), env.config.AGENCY_TIMEZONE);
  const retainers = await env.db.query<{ id: number; name: string }>(
    "SELECT id, name FROM projects WHERE forecast_budget_type = 'RETAINER' AND visible = 1 ORDER BY id",
  );
  const all: BackTestSample[] = [];
  for (const project of retainers) {
    const samples = await backTestRetainer(env.db, project.id, today);
    all.push(...samples);
    const error = meanAbsoluteErrorPercent(samples);
    add({
      section: 'retainer forecast back-test',
      what: `${project.name}: ${samples.length} past periods, mean absolute error`,
      value: error === null ? 'no period to score' : `${error}% of target`,
      raw: { samples },
    });
  }
  const error = meanAbsoluteErrorPercent(all);
  add({
    section: 'retainer forecast back-test',
    what: `all retainers: ${all.length} periods forecast at mid-period, mean absolute error`,
    value: error === null ? 'no period to score' : `${error}% of target`,
    raw: { error, periods: all.length },
  });
}

/**
 * How well calibrated are the forecasts with ranges (docs/decisions/420)? Each project's delivery
 * replayed from the last 12 Mondays (tickets done in the next four weeks, from the weeks before
 * only) and each retainer period of the last 26 weeks from its middle working day.
 */
async function rangesSection(env: BenchEnv) {
  const section = 'forecast ranges (calibration)';
  const ctx = {
    db: env.db,
    today: isoDateInZone(new Date(), env.config.AGENCY_TIMEZONE),
    timeZone: env.config.AGENCY_TIMEZONE,
    publicHolidays: env.config.publicHolidays,
  };
  const projects = await env.db.query<{ id: number; name: string; budget: string | null }>(
    'SELECT id, name, forecast_budget_type AS budget FROM projects WHERE visible = 1 AND jira_project_key IS NOT NULL ORDER BY id',
  );
  const delivery: (CalibrationSample & { unit: string })[] = [];
  for (const p of projects) delivery.push(...(await backTestDelivery(ctx, p.id)));
  const d = calibration(delivery);
  // Each unit on its own: a project counts points where its history is estimated (decision 420).
  for (const unit of ['points', 'tickets']) {
    const these = delivery.filter((x) => x.unit === unit);
    const u = calibration(these);
    add({
      section,
      what: `delivery in ${unit}: ${these.length} forecasts, P85 held / P10-P90 held`,
      value: u.p85HitRate === null ? 'nothing to replay' : `${u.p85HitRate}% / ${u.p10p90HitRate}%`,
      raw: { samples: these.length, ...u },
    });
  }
  add({
    section,
    what: `delivery: ${delivery.length} four-week forecasts, P85 held`,
    value: d.p85HitRate === null ? 'nothing to replay' : `${d.p85HitRate}%`,
    target: '80-90%',
    raw: { samples: delivery.length, ...d },
  });
  add({
    section,
    what: 'delivery: outcome within P10-P90',
    value: d.p10p90HitRate === null ? 'nothing to replay' : `${d.p10p90HitRate}%`,
    target: 'about 80%',
  });
  const retainers = await env.db.query<{ id: number }>(
    "SELECT id FROM projects WHERE visible = 1 AND forecast_budget_type = 'RETAINER' ORDER BY id",
  );
  const periods: (CalibrationSample & { target: number })[] = [];
  for (const r of retainers) periods.push(...(await backTestRetainerRange(ctx, r.id)));
  const rc = calibration(periods);
  const mae = meanAbsoluteErrorPercent(
    periods.map((x) => ({ target: x.target, forecast: x.p50, actual: x.actual })),
  );
  add({
    section,
    what: `retainer: ${periods.length} periods from mid-period, P50 mean absolute error`,
    value: mae === null ? 'no period to score' : `${mae}% of target`,
    target: '≤ 5%',
    raw: { periods: periods.length, mae, ...rc },
  });
  add({
    section,
    what: 'retainer: actual within P10-P90',
    value: rc.p10p90HitRate === null ? 'no period to score' : `${rc.p10p90HitRate}%`,
    target: 'about 80%',
  });
}

/** Server time of GET /api/projects/:id/forecast per project, and the upstream calls it makes. */
async function forecastCostSection(env: BenchEnv, label: string) {
  const ids = await env.db.query<{ id: number }>(
    'SELECT id FROM projects WHERE visible = 1 ORDER BY id',
  );
  const medians: number[] = [];
  env.mocks.resetCalls();
  for (const { id } of ids) {
    const stats = await timeIt(
      async () =>
        (await env.request(`/api/projects/${id}/forecast`, { cookie: env.adminCookie })).text(),
      { warmup: 2, runs: 10 },
    );
    medians.push(stats.median);
  }
  const { Jira, Forecast, Pipedrive } = env.mocks.calls;
  medians.sort((a, b) => a - b);
  add({
    section: `forecast cost ${label}`,
    what: `GET /api/projects/:id/forecast, ${ids.length} projects: median / worst project`,
    value: `${ms(medians[Math.floor(medians.length / 2)] ?? 0)} / ${ms(medians.at(-1) ?? 0)} (${loadAverage()})`,
    target: '≤ 50 ms per project',
    raw: { medians },
  });
  add({
    section: `forecast cost ${label}`,
    what: 'upstream calls while forecasting',
    value: `Jira ${Jira}, Forecast ${Forecast}, Pipedrive ${Pipedrive}`,
    target: 'none',
  });
}

/** Median render budgets of the portfolio's cards by number of projects (docs/decisions/255). */
const GROWTH_BUDGET_MS: Record<number, number> = { 100: 20, 1000: 250 };

async function scalingSection(env: BenchEnv) {
  // Only synthetic projects are visible while measuring; the real ones are restored after.
  const visible = await env.db.query<{ id: number }>('SELECT id FROM projects WHERE visible = 1');
  await env.db.query('UPDATE projects SET visible = 0');
  let smallest: { n: number; htmlBytes: number } | undefined;
  for (const n of quick ? [10, 100] : [10, 100, 1000]) {
    await env.db.query(
      `INSERT INTO projects (name, dev_status, team_name, visible, forecast_project_value, forecast_total_invoiced, forecast_total_paid, billing_sent_percentage, billing_paid_percentage, jira_project_key, jira_total_tickets, jira_completed_tickets, total_epics, completed_epics, last_forecast_sync)
       SELECT 'Synthetic project ' || g, 'Active', 'Team ' || (1 + g % 4), 1, 100000, 50000, 25000, 50, 25, 'SYN' || g, 100, 40, 5, 2, now()
       FROM generate_series(1, $1::int) AS g`,
      [n],
    );
    const stats = await timeIt(
      async () => (await env.request('/', { cookie: env.adminCookie })).text(),
      { warmup: 5, runs: quick ? 20 : n >= 1000 ? 40 : 100 },
    );
    const { queries } = await queriesFor(env, '/');
    const api = await queriesFor(env, '/api/projects');
    const html = await (await env.request('/', { cookie: env.adminCookie })).text();
    const htmlBytes = Buffer.byteLength(html);
    // What one more project adds: the difference from the smallest run, per project.
    smallest ??= { n, htmlBytes };
    const perProject =
      n > smallest.n ? (htmlBytes - smallest.htmlBytes) / (n - smallest.n) : htmlBytes / n;
    add({
      section: 'growth',
      what: `portfolio with ${n} visible projects: median / p95, per project; HTML per project; SQL queries (page, API)`,
      value: `${ms(stats.median)} / ${ms(stats.p95)}, ${(stats.median / n).toFixed(3)} ms; ${(perProject / 1024).toFixed(2)} KB; ${queries}, ${api.queries} (${loadAverage()})${stats.median > (GROWTH_BUDGET_MS[n] ?? Infinity) ? '  OVER BUDGET' : ''}`,
      target:
        n === 1000
          ? '≤ 250 ms; ms per project no higher than at 100'
          : n === 100
            ? '≤ 20 ms; same queries as 10'
            : undefined,
      raw: {
        ...stats,
        queries,
        apiQueries: api.queries,
        htmlBytes,
        htmlBytesPerProject: perProject,
      },
    });
    // The table view (docs/decisions/181), sorted and filtered on the server. A GET only reads the
    // remembered view (docs/decisions/276), so later sections' '/' is still the cards.
    const table = '/?view=table&sort=tickets&dir=desc';
    const tableStats = await timeIt(
      async () => (await env.request(table, { cookie: env.adminCookie })).text(),
      { warmup: 5, runs: quick ? 20 : n >= 1000 ? 40 : 100 },
    );
    const tableQueries = await queriesFor(env, table);
    add({
      section: 'growth',
      what: `portfolio table with ${n} visible projects (sorted): median / p95, SQL queries`,
      value: `${ms(tableStats.median)} / ${ms(tableStats.p95)}, ${tableQueries.queries}`,
      target: n === 100 ? '≤ 15 ms' : undefined,
      raw: { ...tableStats, queries: tableQueries.queries },
    });
    await env.db.query("DELETE FROM projects WHERE name LIKE 'Synthetic project %'");
  }
  await env.db.query(
    'UPDATE projects SET visible = 1 WHERE id IN (SELECT value::int FROM jsonb_array_elements_text($1::text::jsonb))',
    [JSON.stringify(visible.map((v) => v.id))],
  );
}

async function loadSection(env: BenchEnv) {
  const server = await listen(env.app, distDir);
  try {
    for (const p of ['/api/projects', '/']) {
      const result = await autocannon({
        url: `${server.url}${p}`,
        connections: 20,
        duration: quick ? 3 : 10,
        headers: { cookie: env.adminCookie, 'accept-encoding': 'gzip' },
      });
      add({
        section: 'throughput (20 connections)',
        what: `GET ${p}: req/s, p99, non-2xx, errors`,
        value: `${result.requests.average.toFixed(0)}/s, ${result.latency.p99} ms, ${result.non2xx}, ${result.errors}`,
        raw: {
          rps: result.requests.average,
          p99: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors,
        },
      });
    }
  } finally {
    await server.close();
  }
}

/** The built demo server in its own process, as `npm run serve` runs it; `npm run bench:load` adds the load. */
async function memorySection() {
  const database = process.env.DATABASE_URL ? 'postgresql' : 'pglite';
  const server = await startServerProcess({
    distDir,
    database,
    databaseUrl: process.env.DATABASE_URL,
  });
  try {
    await sleep(15_000);
    const idle = server.memory();
    add({
      section: 'memory',
      what: `demo server idle on ${database}: RSS (anonymous, files), peak while starting`,
      value: `${idle.rssMB} MB (${idle.anonMB}, ${idle.fileMB}), ${idle.peakMB} MB`,
      target: database === 'pglite' ? '≤ 300 MB' : '≤ 130 MB',
      raw: idle,
    });
  } finally {
    await server.stop();
  }
}

const BASELINE_DIR =
  process.argv.find((a) => a.startsWith('--baseline='))?.slice('--baseline='.length) ??
  path.resolve(repoDir, '../shared/spa-baseline/dist');
const PAINT_SECTION = 'paint (4x CPU, 150 ms, 1.6 Mbps)';

/**
 * docs/decisions/360: the portfolio (50 projects) and Weekly History against the single-page
 * baseline (`../shared/spa-baseline/dist`, or --baseline=DIR) and against their floor (the same
 * HTML with its CSS and no script), measured alternately under the same throttling. Data paint
 * is the paint in which the last of the data's elements appeared, for all of them alike.
 */
async function paintSection(env: BenchEnv) {
  const { n } = (
    await env.db.query<{ n: number }>('SELECT count(*)::int AS n FROM projects WHERE visible = 1')
  )[0]!;
  if (n < 50) {
    await env.db.query(
      `INSERT INTO projects (name, dev_status, team_name, visible, forecast_project_value, forecast_total_invoiced, forecast_total_paid, billing_sent_percentage, billing_paid_percentage, last_forecast_sync)
       SELECT 'Paint project ' || g, 'Active', 'Team ' || (1 + g % 4), 1, 80000, 40000, 20000, 50, 25, now() FROM generate_series(1, $1::int) AS g`,
      [50 - n],
    );
  }
  const { count } = (
    await env.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM projects WHERE visible = 1',
    )
  )[0]!;
  const pagePaint = (p: string) => PAGES.find((page) => page.path === p)!;
  const pages: PaintPage[] = [
    {
      ...pagePaint('/?view=cards'),
      key: 'portfolio',
      name: `portfolio, ${count} projects`,
      expected: count,
    },
    { ...pagePaint('/developer'), key: 'weekly-history', name: 'Weekly History' },
  ];
  try {
    const load = loadAverage();
    const compared = await comparePaints(env, pages, {
      baselineDir: BASELINE_DIR,
      runs: quick ? 2 : 5,
    });
    const section = PAINT_SECTION;
    if (!compared) {
      add({ section, what: 'first paint', value: 'skipped: no /usr/bin/chromium' });
      return;
    }
    const base = compared.baseline;
    if ('skipped' in base)
      add({ section, what: 'single-page baseline', value: `skipped: ${base.skipped}` });
    else
      add({
        section,
        what: 'single-page baseline (50 cards): FCP / data paint, JS / CSS transferred',
        value: `${ms(base.fcp)} / ${ms(base.dataPaint)}, ${kb(base.jsBytes)} / ${kb(base.cssBytes)} (${load})`,
        raw: base,
      });
    for (const page of pages) {
      const { product, floor: bare, warm } = compared.pages.get(page.key)!;
      const ratios = paintRatios(product, bare, base, warm);
      const notMeasured = product.notMeasured ?? bare.notMeasured;
      if (notMeasured) {
        add({ section, what: `${page.name}: data paint`, value: `not measured: ${notMeasured}` });
        continue;
      }
      add({
        section,
        what: `${page.name}: first byte / FCP / data paint, requests before FCP, JS / CSS / HTML transferred`,
        value: `${ms(product.ttfb)} / ${ms(product.fcp)} / ${ms(product.dataPaint)}, ${product.requestsBeforeFcp}, ${kb(product.jsBytes)} / ${kb(product.cssBytes)} / ${kb(product.htmlBytes)} (${load})`,
        raw: product,
      });
      add({
        section,
        what: `${page.name} floor (same HTML, no script): first byte / FCP / data paint`,
        value: `${ms(bare.ttfb)} / ${ms(bare.fcp)} / ${ms(bare.dataPaint)} (${load})`,
        raw: bare,
      });
      if (!('skipped' in base))
        add({
          section,
          what: `${page.name}: data paint / baseline's`,
          value: `${ratios.toBaseline.toFixed(2)}${ratios.overBaseline ? '  OVER BUDGET' : ''}`,
          target: `≤ ${BASELINE_RATIO_BUDGET}`,
          raw: { ratio: ratios.toBaseline },
        });
      add({
        section,
        what: `${page.name}: data paint / floor's`,
        value: `${ratios.toFloor.toFixed(2)}${ratios.overFloor ? '  OVER BUDGET' : ''}`,
        target: `≤ ${FLOOR_RATIO_BUDGET}`,
        raw: { floorRatio: ratios.toFloor },
      });
      add({
        section,
        what: `${page.name}, warm cache: FCP / data paint; data paint / floor's`,
        value: `${ms(warm.product.fcp)} / ${ms(warm.product.dataPaint)}; ${ratios.warmToFloor.toFixed(2)}${ratios.overWarmFloor ? '  OVER BUDGET' : ''} (${load})`,
        target: `≤ ${WARM_FLOOR_RATIO_BUDGET}`,
        raw: { warm, warmFloorRatio: ratios.warmToFloor },
      });
    }
  } finally {
    await env.db.query("DELETE FROM projects WHERE name LIKE 'Paint project %'");
  }
}

/**
 * Every page (bench/pages.ts) in one row: its CSS before first paint and JavaScript, gzip, as
 * the bundle section reads them, and its data paint next to its floor's and the baseline's,
 * measured alternately under the paint section's throttling. A page over
 * any budget is named with OVER BUDGET and what it breaks; a page whose data selector matches
 * nothing says so instead of a time.
 */
async function pagesSection(env: BenchEnv) {
  const section = `pages ${PAINT_SECTION.slice('paint '.length)}`;
  const pages: (BenchPage & PaintPage)[] = PAGES.filter(
    (p) => !pagePaths || pagePaths.has(p.path),
  ).map((p) => ({ ...p, key: pageKey(p) }));
  const load = loadAverage();
  const compared = await comparePaints(env, pages, {
    baselineDir: BASELINE_DIR,
    // Five rounds, as the paint section: with three, single loads 100 ms apart flagged a
    // different page over its floor in each run.
    runs: quick ? 2 : 5,
    warmup: 'one',
  });
  if (!compared) {
    add({ section, what: 'data paint', value: 'skipped: no /usr/bin/chromium' });
    return;
  }
  const base = compared.baseline;
  add({
    section,
    what: 'single-page baseline (50 cards): data paint',
    value: 'skipped' in base ? `skipped: ${base.skipped}` : `${ms(base.dataPaint)} (${load})`,
    raw: base,
  });
  const overPages: string[] = [];
  for (const page of pages) {
    const { bytes, over } = await bytesOf(env, page);
    const { product, floor, warm } = compared.pages.get(page.key)!;
    const ratios = paintRatios(product, floor, base, warm);
    const painted =
      !product.notMeasured &&
      !floor.notMeasured &&
      product.dataElements > 0 &&
      floor.dataElements > 0;
    const warmPainted = painted && !warm.product.notMeasured && !warm.floor.notMeasured;
    if (painted && ratios.overFloor) over.push('data paint / floor');
    if (painted && ratios.overBaseline) over.push('data paint / baseline');
    if (warmPainted && ratios.overWarmFloor) over.push('warm data paint / floor');
    if (over.length) overPages.push(`${page.name} (${over.join(', ')})`);
    const notMeasured = product.notMeasured ?? floor.notMeasured;
    const paint = notMeasured
      ? `not measured: ${notMeasured}`
      : painted
        ? `cold ${ms(product.dataPaint)} vs floor ${ms(floor.dataPaint)}: ${ratios.toFloor.toFixed(2)} of floor, ${Number.isFinite(ratios.toBaseline) ? ratios.toBaseline.toFixed(2) : 'n/a'} of baseline; warm ${ms(warm.product.dataPaint)} vs floor ${ms(warm.floor.dataPaint)}: ${warmPainted ? ratios.warmToFloor.toFixed(2) : 'n/a'} of floor`
        : `no data painted: '${page.dataSelector}' matches nothing (${product.dataElements} on the page, ${floor.dataElements} on its floor)`;
    add({
      section,
      what: `${page.name} (${page.path}): JS, CSS before paint; cold and warm data paint vs floor; ratios`,
      value: `${kb(bytes.jsGzip)}, ${kb(bytes.cssBeforePaint)}; ${paint}${over.length ? `  OVER BUDGET: ${over.join(', ')}` : ''}`,
      target: `${page.jsBudget !== undefined ? `JS ≤ ${page.jsBudget / 1024} KB; ` : ''}CSS ≤ ${CSS_BUDGET / 1024} KB; cold ≤ ${FLOOR_RATIO_BUDGET} of floor, ≤ ${BASELINE_RATIO_BUDGET} of baseline; warm ≤ ${WARM_FLOOR_RATIO_BUDGET} of floor`,
      raw: {
        path: page.path,
        dataSelector: page.dataSelector,
        dataElements: product.dataElements,
        bytes,
        product,
        floor,
        warm,
        toFloor: ratios.toFloor,
        warmToFloor: ratios.warmToFloor,
        toBaseline: ratios.toBaseline,
        over,
      },
    });
  }
  add({
    section,
    what: 'pages over budget',
    value: overPages.length ? `OVER BUDGET: ${overPages.join('; ')}` : 'none',
    raw: { overPages },
  });
}

interface SyncRunLine {
  trigger: string;
  outcome: string;
  upstreamCalls: number;
  durationMs: number;
  startedAt: string;
}

/** The `{"event":"sync_run",...}` lines a server printed (docs/decisions/130). */
function syncRunLines(output: string): SyncRunLine[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{"event":"sync_run"'))
    .map((line) => JSON.parse(line) as SyncRunLine);
}

/**
 * How soon a fresh start has time data, and what one scheduled run costs upstream: the built
 * server in its own process, in demo mode and against a local stand-in for Jira and Forecast
 * (an HTTP server answering with the mocks, counting calls), with a short interval so its
 * scheduled runs can be watched.
 */
async function syncSection() {
  const database = process.env.DATABASE_URL ? 'postgresql' : 'pglite';
  const intervalSeconds = 10;
  const section = `sync (${database})`;
  const waitFor = async (server: ServerProcess, done: (runs: SyncRunLine[]) => boolean) => {
    const deadline = Date.now() + 120_000;
    while (!done(syncRunLines(server.output())) && Date.now() < deadline) await sleep(100);
    return syncRunLines(server.output());
  };

  const demo = await startServerProcess({
    distDir,
    database,
    databaseUrl: process.env.DATABASE_URL,
  });
  try {
    add({
      section,
      what: 'demo: start to listening, the demo agency seeded (time data included)',
      value: `${ms(demo.startMs)} (${loadAverage()})`,
      raw: { startMs: demo.startMs },
    });
  } finally {
    await demo.stop();
  }

  const upstream = await startUpstreamServer();
  const server = await startServerProcess({
    distDir,
    database,
    databaseUrl: process.env.DATABASE_URL,
    // Not 'production': a production server on real data refuses the bench's demo admin.
    env: { ...upstream.env, NODE_ENV: 'test', SYNC_INTERVAL_SECONDS: String(intervalSeconds) },
  });
  // The wall clock when the process was spawned (it listened startMs later, just now).
  const spawnedAt = Date.now() - server.startMs;
  try {
    const first = (await waitFor(server, (runs) => runs.some((r) => r.trigger === 'start'))).find(
      (r) => r.trigger === 'start',
    );
    const firstTimeCall = upstream.requests.find((r) => r.path.includes('time_registrations'));
    add({
      section,
      what: 'stand-in Jira and Forecast: start to listening / to the first run stored (time data is its first unit)',
      value: first
        ? `${ms(server.startMs)} / ${ms(new Date(first.startedAt).getTime() + first.durationMs - spawnedAt)}, ${first.upstreamCalls} calls, ${first.outcome} (${loadAverage()})`
        : `no run at start within 120 s`,
      target: '≤ 10 s to time data',
      raw: { startMs: server.startMs, first, firstTimeCallAt: firstTimeCall?.at },
    });
    const scheduled = (
      await waitFor(server, (runs) => runs.filter((r) => r.trigger === 'schedule').length >= 2)
    ).filter((r) => r.trigger === 'schedule');
    add({
      section,
      what: `stand-in: upstream calls per scheduled run (interval ${intervalSeconds} s, after the first run)`,
      value: scheduled.length
        ? scheduled.map((r) => `${r.upstreamCalls} calls in ${ms(r.durationMs)}`).join('; ')
        : 'no scheduled run within 120 s',
      raw: { scheduled },
    });
  } finally {
    await server.stop();
    await upstream.close();
  }
}

async function main() {
  const started = Date.now();
  console.log(
    `Bench on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded PGlite'}${quick ? ' (quick)' : ''}`,
  );
  const env = await createBenchEnv({ scale: 1, distDir });
  add({
    section: 'setup',
    what: 'demo agency seeded through the real clients (scale 1)',
    value: ms(env.seedMs),
  });
  if (wanted('plan')) await planSection(env);
  if (wanted('render')) await renderSection(env, 'scale 1');
  if (wanted('room')) await roomSection(env);
  if (wanted('bundle')) await bundleSection(env);
  if (wanted('upstream')) await upstreamSection(env);
  if (wanted('forecast')) {
    await forecastSection(env);
    await rangesSection(env);
    await forecastCostSection(env, 'scale 1');
  }
  if (wanted('growth')) await scalingSection(env);
  if (wanted('load')) await loadSection(env);
  if (wanted('paint')) await paintSection(env);
  if (wanted('pages')) await pagesSection(env);
  await env.close();
  if (wanted('memory')) await memorySection();
  if (wanted('sync')) await syncSection();
  if (wanted('live')) {
    await liveSection(distDir, add, quick ? { changes: 20, deliveries: 200 } : {});
    await lossSection(distDir, add, quick ? { changes: 200 } : {});
  }

  if (!quick && wanted('scale10')) {
    const big = await createBenchEnv({ scale: 10, distDir });
    add({ section: 'setup', what: 'demo agency seeded (scale 10)', value: ms(big.seedMs) });
    const week = shiftWeek(weekStartOf(isoDateInZone(new Date(), big.config.AGENCY_TIMEZONE)), 0);
    const stats = await timeIt(
      async () => (await big.request('/agency', { cookie: big.adminCookie })).text(),
      { warmup: 10, runs: 100 },
    );
    add({
      section: 'render scale 10',
      what: `Agency Dashboard, week ${week}: median / p95`,
      value: `${ms(stats.median)} / ${ms(stats.p95)}`,
      target: '≤ 25 ms',
      raw: stats,
    });
    await forecastCostSection(big, 'scale 10');
    big.counter.queries = 0;
    await (await big.request('/api/gross-margins', { cookie: big.adminCookie })).text();
    add({
      section: 'sql scale 10',
      what: 'GET /api/gross-margins queries (all projects)',
      value: String(big.counter.queries),
      target: 'a small fixed number',
    });
    await big.close();
  }

  printTable(rows);
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: process.platform,
    ...(wanted('paint') ? { chromium: chromiumVersion() } : {}),
  };
  const result = {
    date: new Date().toISOString(),
    database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
    quick,
    machine,
    seconds: Math.round((Date.now() - started) / 1000),
    rows,
  };
  const dir = path.join(repoDir, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(
    dir,
    `latest-${result.database}${quick ? '-quick' : ''}${only ? `-${[...only].join('-')}` : ''}.json`,
  );
  writeFileSync(file, JSON.stringify(result, null, 2));
  console.log(`\nWritten to ${path.relative(process.cwd(), file)} (${result.seconds} s)`);
  process.exit(0);
}

main().catch((error) => {
  console.error('bench failed:', error);
  process.exit(1);
});
