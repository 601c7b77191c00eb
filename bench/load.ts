/**
 * `npm run bench:load`: 100 concurrent signed-in clients on a mix of pages and calls for 60
 * seconds against the built demo server in a process of its own (compression, static assets,
 * sessions, background refresh), on the embedded database and, when DATABASE_URL is set, on
 * PostgreSQL. Prints the server's resident memory idle, before, during and after the run,
 * errors, status codes and latency (the whole run, from the end of the warm-up on, and per
 * path, the writes apart). Measures; never asserts.
 * `--db=pglite` or `--db=postgresql` runs one database only.
 */
import { Agent, request } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addCalendarDays, shiftWeek, weekStartOf } from '../src/shared/calendar';
import { TEAMS } from '../src/shared/projects';
import { THEMES } from '../src/shared/theme';
import { isoDateInZone } from '../src/shared/time-zones';
import {
  type BenchDatabase,
  type ServerProcess,
  signIn,
  sleep,
  startServerProcess,
} from './server-process';
import { percentile } from './stats';

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = path.resolve(distDir, '..');
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 100);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
/** The server is left alone this long before "idle" and "after" are read. */
const QUIET_SECONDS = Number(process.env.LOAD_QUIET_SECONDS ?? 15);
/**
 * Each client's pause between an answer and its next request, in ms (0 by default: every client
 * asks again at once, so latency is 100 clients over the requests per second the machine can
 * serve). A pause makes the clients people reading their screens instead.
 */
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 0);
/** How long the clients run before the server counts as warmed up (working set reached). */
const WARM_UP_SECONDS = Math.min(10, Math.floor(SECONDS / 2));
const TARGETS = {
  idleMB: { pglite: 300, postgresql: 130 },
  p99Ms: 300,
  flat: 0.1,
};

interface Sample {
  second: number;
  rssMB: number;
}

/** One request on a kept-alive socket; the body is read as raw (compressed) bytes, as a browser would receive it. */
function send(
  agent: Agent,
  url: string,
  cookie: string,
  call: { method: string; body?: unknown },
): Promise<number> {
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  const headers: Record<string, string> = { cookie, 'accept-encoding': 'gzip' };
  // A browser sends our Origin on every state-changing call; the server refuses one without it.
  if (call.method !== 'GET') headers.origin = new URL(url).origin;
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, method: call.method, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A state-changing call staff make; `body` gets the client's index and its count of writes so far. */
interface Write {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: (client: number, n: number) => unknown;
}

/** Every WRITE_EVERY-th request of each client is a write (10%); 0 leaves writes out. */
const WRITE_EVERY = Number(process.env.LOAD_WRITE_EVERY ?? 10);

/** The per-path key: ids in the path become :id, the query is left off; writes carry their method. */
const pathKey = (p: string, method = 'GET') =>
  `${method === 'GET' ? '' : `${method} `}${p.split('?')[0]!.replace(/\/\d+(\/|$)/g, '/:id$1')}`;

async function mixFor(server: ServerProcess, cookie: string) {
  const week = weekStartOf(isoDateInZone(new Date(), 'UTC'));
  const json = async <T>(p: string) => {
    const res = await fetch(`${server.url}${p}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`GET ${p} answered ${res.status} while the mix was being made`);
    return (await res.json()) as T;
  };
  const projects = await json<{ id: number }[]>('/api/projects');
  const project = projects[0];
  const reads = [
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
    ...(project
      ? [`/api/projects/${project.id}/jira-data`, `/api/projects/${project.id}/retainer-periods`]
      : []),
  ];
  // Writes staff make many times a day, each safe to repeat and answered from our database alone:
  // billing sync, relink and import call Jira or Forecast under a lease, so a load of them would
  // measure the mocks and their leases, and they are left out.
  const { selectedDevelopersList, selectedDevelopers } = await json<{
    selectedDevelopersList: string[];
    selectedDevelopers: { displayName: string }[];
  }>('/api/developer-availability');
  const { alerts } = await json<{ alerts: { id: number }[] }>('/api/alerts?status=open');
  const nextWeek = shiftWeek(week, 1);
  const writes: Write[] = [
    {
      method: 'PUT',
      path: '/api/preferences/theme',
      body: (client, n) => ({ theme: [...THEMES, null][(client + n) % (THEMES.length + 1)] }),
    },
    ...(project
      ? [
          {
            method: 'PATCH',
            path: `/api/projects/${project.id}/team`,
            body: (client: number, n: number) => ({ teamName: TEAMS[(client + n) % TEAMS.length] }),
          } satisfies Write,
        ]
      : []),
    // The last project, so the project the read paths open stays on the list.
    ...(projects.length > 1
      ? [
          {
            method: 'PATCH',
            path: `/api/projects/${projects.at(-1)!.id}/visibility`,
            body: (_client: number, n: number) => ({ visible: n % 2 }),
          } satisfies Write,
        ]
      : []),
    // Marks one developer away or back on one day of next week, keeping the selection as it is.
    ...(selectedDevelopers.length > 0
      ? [
          {
            method: 'POST',
            path: '/api/developer-availability',
            body: (client: number, n: number) => ({
              developers: {
                [selectedDevelopers[client % selectedDevelopers.length]!.displayName]: {
                  [addCalendarDays(nextWeek, n % 5)]: n % 2 === 0,
                },
              },
              selectedDevelopersList,
            }),
          } satisfies Write,
        ]
      : []),
    // Acknowledges an open alert, then undoes it.
    ...(alerts[0]
      ? [
          { method: 'POST', path: `/api/alerts/${alerts[0].id}/acknowledge` } satisfies Write,
          { method: 'DELETE', path: `/api/alerts/${alerts[0].id}/my-state` } satisfies Write,
        ]
      : []),
  ];
  return { reads, writes };
}

async function runLoad(database: BenchDatabase) {
  console.log(
    `\n${database === 'pglite' ? 'Embedded PGlite' : 'PostgreSQL'}: starting the demo server`,
  );
  const server = await startServerProcess({
    distDir,
    database,
    databaseUrl: process.env.DATABASE_URL,
    // For diagnosis, e.g. LOAD_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof".
    nodeArgs: process.env.LOAD_NODE_ARGS?.split(' ').filter(Boolean),
    // For diagnosis too, e.g. LOAD_SERVER_ENV='{"MALLOC_ARENA_MAX":"2"}'.
    env: JSON.parse(process.env.LOAD_SERVER_ENV ?? '{}'),
  });
  try {
    console.log(
      `  listening after ${(server.startMs / 1000).toFixed(1)} s; quiet for ${QUIET_SECONDS} s`,
    );
    await sleep(QUIET_SECONDS * 1000);
    const idle = server.memory();
    console.log(
      `  idle: RSS ${idle.rssMB} MB (anonymous ${idle.anonMB}, files ${idle.fileMB}), peak so far ${idle.peakMB} MB`,
    );

    // Each client signs in once (as the demo admin, so every page is reachable) and keeps its cookie.
    // Four at a time: scrypt runs on libuv's four threads, so more would only queue there.
    const cookies: string[] = [];
    while (cookies.length < CLIENTS)
      cookies.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(4, CLIENTS - cookies.length) }, () => signIn(server)),
        )),
      );
    const mix = await mixFor(server, cookies[0]!);
    const signedIn = server.memory();
    console.log(`  ${CLIENTS} clients signed in: RSS ${signedIn.rssMB} MB`);

    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    const statuses = new Map<number, number>();
    const byPath = new Map<string, number[]>();
    // Each answer's latency by the second of the run it arrived in, to split warm-up from the rest.
    const bySecond: number[][] = [];
    // Status codes per path (0: a socket error); writes are counted apart too.
    const statusesByPath = new Map<string, Map<number, number>>();
    let failures = 0;
    let requests = 0;
    let writeCount = 0;
    let writeFailures = 0;
    const memory: Sample[] = [];
    const cpuBefore = server.cpuMs();
    // The clients share the machine with the server: their own CPU is printed beside its.
    const generatorCpuBefore = process.cpuUsage();
    const loadAverageBefore = loadavg()[0]!;
    const databaseCpuBefore = await server.databaseCpuMs();
    const started = Date.now();
    const deadline = started + SECONDS * 1000;
    const sample = () => {
      memory.push({
        second: Math.round((Date.now() - started) / 1000),
        rssMB: server.memory().rssMB,
      });
    };
    sample();
    const sampler = setInterval(sample, 1000);
    const reporter = setInterval(() => {
      console.log(
        `  t=${memory.at(-1)!.second}s requests=${requests} errors=${failures} writes=${writeCount} write errors=${writeFailures} rss=${memory.at(-1)!.rssMB} MB`,
      );
    }, 10_000);

    await Promise.all(
      cookies.map(async (cookie, i) => {
        let n = i;
        let reads = i;
        let writesMade = 0;
        while (Date.now() < deadline) {
          const isWrite = WRITE_EVERY > 0 && mix.writes.length > 0 && n++ % WRITE_EVERY === 0;
          const write = isWrite ? mix.writes[(i + writesMade) % mix.writes.length]! : undefined;
          const p = write ? write.path : mix.reads[reads++ % mix.reads.length]!;
          const method = write?.method ?? 'GET';
          const key = pathKey(p, method);
          const t0 = performance.now();
          let status = 0;
          try {
            status = await send(agent, `${server.url}${p}`, cookie, {
              method,
              body: write?.body?.(i, writesMade),
            });
          } catch {
            // A socket error: counted below under status 0.
          }
          const failed = status < 200 || status >= 400;
          if (failed) failures++;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          const byStatus = statusesByPath.get(key) ?? new Map<number, number>();
          byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
          statusesByPath.set(key, byStatus);
          if (write) {
            writesMade++;
            writeCount++;
            if (failed) writeFailures++;
          }
          const took = performance.now() - t0;
          const second = Math.floor((Date.now() - started) / 1000);
          const inSecond = bySecond[second] ?? [];
          inSecond.push(took);
          bySecond[second] = inSecond;
          const list = byPath.get(key) ?? [];
          list.push(took);
          byPath.set(key, list);
          requests++;
          if (THINK_MS > 0 && Date.now() < deadline) await sleep(THINK_MS * (0.5 + Math.random()));
        }
      }),
    );
    clearInterval(sampler);
    clearInterval(reporter);
    sample();
    const cpuMs = server.cpuMs() - cpuBefore;
    const generatorCpu = process.cpuUsage(generatorCpuBefore);
    const generatorCpuMs = (generatorCpu.user + generatorCpu.system) / 1000;
    const loadAverageAfter = loadavg()[0]!;
    const databaseCpuAfter = await server.databaseCpuMs();
    const databaseCpuMs = databaseCpuAfter
      ? [...databaseCpuAfter].reduce(
          (sum, [pid, ms]) => sum + ms - (databaseCpuBefore?.get(pid) ?? 0),
          0,
        )
      : null;
    agent.destroy();
    const elapsed = (Date.now() - started) / 1000;
    await sleep(QUIET_SECONDS * 1000);
    const after = server.memory();
    // V8 gives back the heap a busy run grew when its memory reducer runs, which starts about 8 s
    // after the allocation rate drops and may take more than one step: a second, later reading
    // shows whether the first was taken before or after it.
    await sleep(QUIET_SECONDS * 1000);
    const afterLonger = server.memory();

    const sortedFrom = (firstSecond: number) =>
      bySecond
        .slice(firstSecond)
        .flatMap((list) => list ?? [])
        .sort((a, b) => a - b);
    const sorted = sortedFrom(0);
    const warmedUpLatencies = sortedFrom(WARM_UP_SECONDS);
    const latencyOf = (list: number[]) => ({
      p50: Math.round(percentile(list, 50)),
      p95: Math.round(percentile(list, 95)),
      p99: Math.round(percentile(list, 99)),
      max: Math.round(list.at(-1) ?? NaN),
    });
    const rss = memory.map((m) => m.rssMB);
    // "Flat across the run": the spread of RSS once the run is under way (from t=10 s), as a share of RSS at t=10 s.
    const steady = memory.filter((m) => m.second >= Math.min(10, SECONDS / 2));
    const steadyFrom = steady[0]?.rssMB ?? rss[0]!;
    const steadySpread =
      (Math.max(...steady.map((m) => m.rssMB)) - Math.min(...steady.map((m) => m.rssMB))) /
      steadyFrom;
    // "Start" (rss[0]) is the server idle with 100 sessions, before any load request. After a short
    // warm-up at the same concurrency the server holds its working set (100 requests in flight, code
    // optimised, the heap grown to its limit); growth from there to the end is drift (a leak, or a
    // heap that keeps growing), which a working set does not show.
    const warmedUp = memory.find((m) => m.second >= WARM_UP_SECONDS) ?? memory.at(-1)!;
    const duringRun = memory.filter((m) => m.second >= WARM_UP_SECONDS).map((m) => m.rssMB);
    const percentFrom = (to: number, from: number) => Math.round(((to - from) / from) * 1000) / 10;
    const pathStats = [...byPath].map(([p, list]) => {
      const s = list.sort((a, b) => a - b);
      return {
        path: p,
        requests: s.length,
        statuses: Object.fromEntries(statusesByPath.get(p) ?? []),
        p50: Math.round(percentile(s, 50)),
        p99: Math.round(percentile(s, 99)),
        max: Math.round(s.at(-1) ?? NaN),
      };
    });
    const isWritePath = (p: string) => !/^[/]/.test(p);
    const paths = pathStats.filter((p) => !isWritePath(p.path)).sort((a, b) => b.p99 - a.p99);
    const writePaths = pathStats.filter((p) => isWritePath(p.path)).sort((a, b) => b.p99 - a.p99);
    const writeLatencies = [...byPath]
      .filter(([p]) => isWritePath(p))
      .flatMap(([, list]) => list)
      .sort((a, b) => a - b);
    return {
      date: new Date().toISOString(),
      database,
      clients: CLIENTS,
      seconds: SECONDS,
      thinkMs: THINK_MS,
      serverStartSeconds: Math.round(server.startMs / 100) / 10,
      requests,
      requestsPerSecond: Math.round(requests / elapsed),
      // CPU the server spent per request: unlike latency, it does not depend on what else the machine runs.
      serverCpuMsPerRequest: Math.round((cpuMs / requests) * 100) / 100,
      serverCpuShare: Math.round((cpuMs / (elapsed * 1000)) * 100) / 100,
      postgresCpuMsPerRequest:
        databaseCpuMs === null ? null : Math.round((databaseCpuMs / requests) * 100) / 100,
      generatorCpuMsPerRequest: Math.round((generatorCpuMs / requests) * 100) / 100,
      generatorCpuShare: Math.round((generatorCpuMs / (elapsed * 1000)) * 100) / 100,
      // The machine's 1-minute load average as the run started and ended: other work queues with ours.
      loadAverage: { before: loadAverageBefore, after: loadAverageAfter },
      errors: failures,
      statuses: Object.fromEntries(statuses),
      latencyMs: latencyOf(sorted),
      // From t = WARM_UP_SECONDS on: what staff meet once the process has served a while
      // (docs/decisions/241-load-latency-after-warm-up.md).
      warmedUpFromSecond: WARM_UP_SECONDS,
      latencyWarmedUpMs: latencyOf(warmedUpLatencies),
      requestsPerSecondWarmedUp: Math.round(
        warmedUpLatencies.length / Math.max(1, elapsed - WARM_UP_SECONDS),
      ),
      // Each second's answers: how many, and their median and p99, to show the warm-up.
      latencyBySecond: bySecond.map((list, second) => {
        const s = (list ?? []).sort((a, b) => a - b);
        return {
          second,
          requests: s.length,
          p50: Math.round(percentile(s, 50)),
          p99: Math.round(percentile(s, 99)),
        };
      }),
      // Reads per path (GET pages and calls), slowest p99 first, with their status codes.
      latencyByPath: paths,
      // The writes mixed in (every WRITE_EVERY-th request of each client), apart from the reads.
      writes: {
        every: WRITE_EVERY,
        requests: writeCount,
        errors: writeFailures,
        latencyMs: latencyOf(writeLatencies),
        byPath: writePaths,
      },
      memoryMB: {
        idle: idle.rssMB,
        idleAnonymous: idle.anonMB,
        afterSignIn: signedIn.rssMB,
        loadStart: rss[0]!,
        loadMax: Math.max(...rss),
        loadEnd: rss.at(-1)!,
        afterQuiet: after.rssMB,
        peak: after.peakMB,
        steadySpreadPercent: Math.round(steadySpread * 1000) / 10,
        // "Flat across the run": RSS once quiet again after the run, against RSS as it began.
        afterVsBeforePercent: Math.round(((after.rssMB - rss[0]!) / rss[0]!) * 1000) / 10,
        afterQuietLonger: afterLonger.rssMB,
        afterQuietLongerVsBeforePercent: percentFrom(afterLonger.rssMB, rss[0]!),
        warmedUpSecond: warmedUp.second,
        warmedUp: warmedUp.rssMB,
        maxAfterWarmUp: Math.max(...duringRun),
        // Working set: RSS warmed up against RSS idle before the first request.
        warmedUpVsStartPercent: percentFrom(warmedUp.rssMB, rss[0]!),
        // Drift: RSS at the end of the run and its peak after warm-up, against RSS warmed up.
        endVsWarmedUpPercent: percentFrom(rss.at(-1)!, warmedUp.rssMB),
        maxVsWarmedUpPercent: percentFrom(Math.max(...duringRun), warmedUp.rssMB),
      },
      memory: memory.filter((m, i) => i === 0 || m.second % 5 === 0 || i === memory.length - 1),
    };
  } finally {
    await server.stop();
    if (process.env.LOAD_SHOW_OUTPUT) console.log(server.output());
  }
}

type LoadResult = Awaited<ReturnType<typeof runLoad>>;

const signed = (n: number) => `${n > 0 ? '+' : ''}${n}`;

function printSummary(results: LoadResult[]) {
  const cols = results.map((r) => r.database);
  const r0 = results[0];
  const rows: [string, (r: LoadResult) => string, string][] = [
    [
      'RSS idle (MB)',
      (r) => String(r.memoryMB.idle),
      `pglite ≤ ${TARGETS.idleMB.pglite}, postgresql ≤ ${TARGETS.idleMB.postgresql}`,
    ],
    ['RSS after sign-in (MB)', (r) => String(r.memoryMB.afterSignIn), ''],
    [
      'RSS load start / max / end (MB)',
      (r) => `${r.memoryMB.loadStart} / ${r.memoryMB.loadMax} / ${r.memoryMB.loadEnd}`,
      '',
    ],
    ['RSS spread from t=10 s', (r) => `${r.memoryMB.steadySpreadPercent}%`, ''],
    ['RSS after the run, quiet (MB)', (r) => String(r.memoryMB.afterQuiet), ''],
    [
      'RSS after the run vs its start',
      (r) => `${r.memoryMB.afterVsBeforePercent > 0 ? '+' : ''}${r.memoryMB.afterVsBeforePercent}%`,
      `within ±${TARGETS.flat * 100}%`,
    ],
    [
      `RSS after the run, quiet ${2 * QUIET_SECONDS} s (MB), vs its start`,
      (r) =>
        `${r.memoryMB.afterQuietLonger}, ${signed(r.memoryMB.afterQuietLongerVsBeforePercent)}%`,
      '',
    ],
    ['RSS peak incl. start (MB)', (r) => String(r.memoryMB.peak), ''],
    [
      'RSS warmed up (t≈10 s) / peak after / end (MB)',
      (r) => `${r.memoryMB.warmedUp} / ${r.memoryMB.maxAfterWarmUp} / ${r.memoryMB.loadEnd}`,
      '',
    ],
    [
      'RSS working set: warmed up vs start',
      (r) => `${signed(r.memoryMB.warmedUpVsStartPercent)}%`,
      '',
    ],
    [
      'RSS drift: end / peak vs warmed up',
      (r) =>
        `${signed(r.memoryMB.endVsWarmedUpPercent)}% / ${signed(r.memoryMB.maxVsWarmedUpPercent)}%`,
      'a leak or a growing heap shows here',
    ],
    [
      'requests / s: whole run, after warm-up',
      (r) => `${r.requestsPerSecond}, ${r.requestsPerSecondWarmedUp}`,
      '',
    ],
    [
      'server CPU per request (ms), cores used',
      (r) => `${r.serverCpuMsPerRequest}, ${r.serverCpuShare}`,
      '',
    ],
    [
      'load clients CPU per request (ms), cores used',
      (r) => `${r.generatorCpuMsPerRequest}, ${r.generatorCpuShare}`,
      '',
    ],
    [
      'PostgreSQL CPU per request (ms)',
      (r) =>
        r.postgresCpuMsPerRequest === null ? 'in process' : String(r.postgresCpuMsPerRequest),
      '',
    ],
    [
      'latency p50 / p95 / p99, whole run (ms)',
      (r) => `${r.latencyMs.p50} / ${r.latencyMs.p95} / ${r.latencyMs.p99}`,
      '',
    ],
    [
      `latency p50 / p95 / p99 from t=${WARM_UP_SECONDS} s (ms)`,
      (r) => `${r.latencyWarmedUpMs.p50} / ${r.latencyWarmedUpMs.p95} / ${r.latencyWarmedUpMs.p99}`,
      `p99 ≤ ${TARGETS.p99Ms} on postgresql`,
    ],
    ['errors (socket, or not 2xx/3xx)', (r) => String(r.errors), '0'],
    [
      'writes: requests, errors',
      (r) => `${r.writes.requests}, ${r.writes.errors}`,
      r0 ? `1 request in ${r0.writes.every}` : '',
    ],
    [
      'writes latency p50 / p95 / p99 (ms)',
      (r) => `${r.writes.latencyMs.p50} / ${r.writes.latencyMs.p95} / ${r.writes.latencyMs.p99}`,
      '',
    ],
    [
      'load average, run start / end',
      (r) => `${r.loadAverage.before.toFixed(1)} / ${r.loadAverage.after.toFixed(1)}`,
      `${cpus().length} cores`,
    ],
    ['slowest path by p99', (r) => `${r.latencyByPath[0]?.path} ${r.latencyByPath[0]?.p99} ms`, ''],
  ];
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const cells = rows.map(([, f]) => results.map(f));
  const w = cols.map((_, i) => Math.max(cols[i]!.length, ...cells.map((c) => c[i]!.length)));
  console.log(
    `\n${'100-client load'.padEnd(w0)}  ${cols.map((c, i) => c.padStart(w[i]!)).join('  ')}  target`,
  );
  for (const [j, [label, , target]] of rows.entries())
    console.log(
      `${label.padEnd(w0)}  ${cells[j]!.map((c, i) => c.padStart(w[i]!)).join('  ')}  ${target}`,
    );
  for (const r of results) {
    const over: string[] = [];
    if (r.memoryMB.idle > TARGETS.idleMB[r.database]) over.push(`idle RSS ${r.memoryMB.idle} MB`);
    if (Math.abs(r.memoryMB.afterVsBeforePercent) > TARGETS.flat * 100)
      over.push(`RSS after the run ${r.memoryMB.afterVsBeforePercent}% from its start`);
    if (r.database === 'postgresql' && r.latencyWarmedUpMs.p99 > TARGETS.p99Ms)
      over.push(`p99 ${r.latencyWarmedUpMs.p99} ms from t=${r.warmedUpFromSecond} s`);
    if (r.errors > 0) over.push(`${r.errors} errors`);
    console.log(
      `${r.database}: ${over.length ? `over budget: ${over.join(', ')}` : 'within budget'}`,
    );
  }
}

async function main() {
  const dbArg = process.argv.find((a) => a.startsWith('--db='))?.slice('--db='.length);
  const databases: BenchDatabase[] = dbArg
    ? (dbArg.split(',') as BenchDatabase[])
    : process.env.DATABASE_URL
      ? ['pglite', 'postgresql']
      : ['pglite'];
  if (!process.env.DATABASE_URL && databases.includes('postgresql'))
    throw new Error('set DATABASE_URL for the PostgreSQL run');
  if (!process.env.DATABASE_URL)
    console.log('DATABASE_URL is not set: the embedded database only.');
  const machine = {
    cpus: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
  const results: LoadResult[] = [];
  const dir = path.join(repoDir, 'bench/results');
  mkdirSync(dir, { recursive: true });
  for (const database of databases) {
    const result = { ...(await runLoad(database)), machine };
    results.push(result);
    console.log(
      `  slowest paths by p99: ${result.latencyByPath
        .slice(0, 4)
        .map((p) => `${p.path} ${p.p50}/${p.p99} ms`)
        .join(', ')}`,
    );
    const codes = (statuses: Record<string, number>) =>
      Object.entries(statuses)
        .map(([code, n]) => `${code === '0' ? 'socket error' : code}×${n}`)
        .join(' ');
    console.log(
      `  writes (${result.writes.requests}, ${result.writes.errors} errors), p50/p99/max ms and statuses:`,
    );
    for (const w of result.writes.byPath)
      console.log(`    ${w.path}: ${w.p50}/${w.p99}/${w.max} ms, ${codes(w.statuses)}`);
    const oddReads = result.latencyByPath.filter((p) =>
      Object.keys(p.statuses).some((code) => Number(code) < 200 || Number(code) >= 400),
    );
    for (const p of oddReads) console.log(`    read ${p.path}: ${codes(p.statuses)}`);
    writeFileSync(path.join(dir, `load-${database}.json`), JSON.stringify(result, null, 2));
  }
  printSummary(results);
  console.log(`\nWritten to bench/results/load-{${databases.join(',')}}.json`);
  process.exit(0);
}

main().catch((error) => {
  console.error('load bench failed:', error);
  process.exit(1);
});
