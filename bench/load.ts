/**
 * `npm run bench:load`: 100 concurrent signed-in clients on a mix of pages and calls for 60
 * seconds against the real server (compression, static assets, sessions), printing errors,
 * status codes, latency and memory every 10 seconds. Measures; never asserts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isoDateInZone, shiftWeek, weekStartOf } from '../src/services/metrics';
import { listen } from './serve';
import { BENCH_PASSWORD, createBenchEnv } from './setup';
import { percentile } from './stats';

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = path.resolve(distDir, '..');
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 100);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);

async function main() {
  const env = await createBenchEnv({ scale: 1, distDir });
  // Pages read stored data only; the mocks go, so MSW does not sit between the clients and the server.
  env.mocks.close();
  const server = await listen(env.app, distDir);
  const week = weekStartOf(isoDateInZone(new Date(), env.config.AGENCY_TIMEZONE));
  const [project] = await env.db.query<{ id: number }>('SELECT id FROM projects WHERE visible = 1 ORDER BY id LIMIT 1');
  const mix = [
    '/',
    '/developer',
    '/agency',
    '/agency/settings',
    '/api/projects',
    `/api/jira/tickets/completed-in-week?weekStart=${week}`,
    `/api/developer-available-points?weekStart=${week}`,
    `/api/agency-time-entries?weekStart=${shiftWeek(week, -1)}`,
    '/api/gross-margins',
    '/api/developer-availability',
    ...(project ? [`/api/projects/${project.id}/jira-data`, `/api/projects/${project.id}/retainer-periods`] : []),
  ];

  // Each client signs in once (as the bench admin, so every page is reachable) and keeps its cookie.
  const cookies: string[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const res = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ email: 'bench-admin@agency.test', password: BENCH_PASSWORD }),
    });
    cookies.push((res.headers.getSetCookie().find((c) => c.startsWith('session=')) ?? '').split(';')[0]!);
  }

  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  let errors = 0;
  let requests = 0;
  const memory: { second: number; rssMB: number; heapMB: number }[] = [];
  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  const sample = () => {
    const m = process.memoryUsage();
    memory.push({ second: Math.round((Date.now() - started) / 1000), rssMB: Math.round(m.rss / 2 ** 20), heapMB: Math.round(m.heapUsed / 2 ** 20) });
    console.log(`  t=${memory.at(-1)!.second}s requests=${requests} errors=${errors} rss=${memory.at(-1)!.rssMB} MB heap=${memory.at(-1)!.heapMB} MB`);
  };
  sample();
  const timer = setInterval(sample, 10_000);

  await Promise.all(
    cookies.map(async (cookie, i) => {
      let n = i;
      while (Date.now() < deadline) {
        const url = `${server.url}${mix[n++ % mix.length]}`;
        const t0 = performance.now();
        try {
          const res = await fetch(url, { headers: { cookie, 'accept-encoding': 'gzip' } });
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
        requests++;
      }
    }),
  );
  clearInterval(timer);
  sample();
  await server.close();
  await env.close();

  const sorted = latencies.sort((a, b) => a - b);
  const fiveXX = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
  const summary = {
    date: new Date().toISOString(),
    database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
    clients: CLIENTS,
    seconds: SECONDS,
    requests,
    requestsPerSecond: Math.round(requests / SECONDS),
    errors,
    fiveXX,
    statuses: Object.fromEntries(statuses),
    latencyMs: { p50: Math.round(percentile(sorted, 50)), p95: Math.round(percentile(sorted, 95)), p99: Math.round(percentile(sorted, 99)) },
    memory,
  };
  console.log(JSON.stringify({ ...summary, memory: undefined }, null, 2));
  const first = memory[1] ?? memory[0]!;
  const last = memory.at(-1)!;
  console.log(`memory from t=${first.second}s to t=${last.second}s: RSS ${first.rssMB} -> ${last.rssMB} MB, heap ${first.heapMB} -> ${last.heapMB} MB`);
  const dir = path.join(repoDir, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `load-${summary.database}.json`), JSON.stringify(summary, null, 2));
  process.exit(0);
}

main().catch((error) => {
  console.error('load bench failed:', error);
  process.exit(1);
});
