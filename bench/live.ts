/**
 * The live section of `npm run bench` (docs/decisions/402-live-pages.md): a built server in demo
 * mode with a known JIRA_WEBHOOK_SECRET; the bench plays Jira, signing each delivery as Jira
 * does, over the same generated demo agency. It times (1) a change to the open portfolio in
 * Chromium having re-read it (the LiveUpdates island's next read), one change at a time, and
 * (2) the receiver's deliveries per second, 20 at a time. `lossSection` below adds loss,
 * repeats and a killed process on PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createJiraDemoData, DEMO_STATUSES, type DemoIssue } from '../src/mocks/jira/data';
import { issueUpdatedEvent, signedDelivery } from '../src/mocks/jira/webhooks';
import type { Project } from '../src/shared/projects';
import { CHROMIUM, CHROMIUM_ARGS } from './paint';
import { loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { createPostgresDb } from '../src/db/postgres';
import { createIntegrations } from '../src/services/integrations';
import { linkJiraProject } from '../src/services/jira/sync';
import { startUpstreamServer } from '../tests/helpers/upstream-server';
import {
  type BenchDatabase,
  freshPostgresDatabase,
  type ServerProcess,
  signIn,
  sleep,
  startServerProcess,
} from './server-process';
import { ms, type BenchRow, summarise } from './stats';

const SECRET = 'bench-live-webhook-secret-0123456789';
const loadAverage = () => `load ${loadavg()[0]!.toFixed(2)}`;

export async function liveSection(
  distDir: string,
  add: (row: BenchRow) => void,
  { changes = 200, deliveries = 1_000 }: { changes?: number; deliveries?: number } = {},
): Promise<void> {
  const database: BenchDatabase = process.env.DATABASE_URL ? 'postgresql' : 'pglite';
  const section = `live (${database})`;
  const server = await startServerProcess({
    distDir,
    database,
    databaseUrl: process.env.DATABASE_URL,
    env: { JIRA_WEBHOOK_SECRET: SECRET, DEMO_LIVE_SECONDS: '0' },
  });
  const home = mkdtempSync(path.join(tmpdir(), 'bench-live-'));
  try {
    const cookie = await signIn(server);
    // The same generated agency as the server's (the demo is deterministic for a day).
    const jira = createJiraDemoData({ today: new Date() });
    const projects = (await (
      await fetch(`${server.url}/api/projects`, { headers: { cookie } })
    ).json()) as Project[];
    const keys = projects.map((p) => p.jiraProjectKey).filter((k): k is string => !!k);
    const issue = keys
      .flatMap((k) => jira.detail(k).issues)
      .find((i: DemoIssue) => i.typeName !== 'Epic' && i.status.name === 'In Progress');
    if (!issue) throw new Error('no ticket In Progress on a linked project');
    let sent = 0;
    const deliver = async (body: ReturnType<typeof signedDelivery>) => {
      const res = await fetch(`${server.url}/webhooks/jira`, {
        method: 'POST',
        headers: body.headers,
        body: body.body,
      });
      await res.arrayBuffer();
      return res.status;
    };
    /** One more step: the ticket goes between In Progress and In Review, newer each time. */
    const change = () => {
      const to =
        issue.status.name === DEMO_STATUSES.inProgress.name
          ? DEMO_STATUSES.inReview.name
          : DEMO_STATUSES.inProgress.name;
      jira.transitionIssue(issue.key, to, new Date(Date.now() + ++sent));
      return signedDelivery(issueUpdatedEvent(jira, issue), SECRET);
    };

    const { chromium } = await import('playwright-core');
    const context = await chromium.launchPersistentContext(path.join(home, 'profile'), {
      executablePath: CHROMIUM,
      headless: true,
      args: [...CHROMIUM_ARGS],
      env: { ...process.env, HOME: home, XDG_CONFIG_HOME: home, XDG_CACHE_HOME: home },
    });
    const samples: number[] = [];
    let missed = 0;
    try {
      await context.addCookies([
        {
          name: cookie.split('=')[0]!,
          value: cookie.slice(cookie.indexOf('=') + 1),
          domain: new URL(server.url).hostname,
          path: '/',
          httpOnly: true,
          sameSite: 'Lax',
        },
      ]);
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${server.url}/`);
      const reads = () =>
        page.evaluate(() =>
          Number(
            document.querySelector('[data-testid="live-updated"]')?.getAttribute('data-reads'),
          ),
        );
      // The island listens once hydrated: its counter is rendered by the browser.
      await page.waitForFunction(
        () => document.querySelector('[data-testid="live-updated"]')?.hasAttribute('data-reads'),
        undefined,
        { timeout: 30_000 },
      );
      await new Promise((r) => setTimeout(r, 1_000));
      for (let i = 0; i < changes; i++) {
        const before = await reads();
        const t0 = performance.now();
        const status = await deliver(change());
        if (status !== 202) throw new Error(`the receiver answered ${status}`);
        try {
          await page.waitForFunction(
            (n) =>
              Number(
                document.querySelector('[data-testid="live-updated"]')?.getAttribute('data-reads'),
              ) > n,
            before,
            { timeout: 15_000, polling: 10 },
          );
          samples.push(performance.now() - t0);
        } catch {
          missed++;
        }
      }
    } finally {
      await context.close();
    }
    const s = summarise(samples);
    add({
      section,
      what: `change to the open portfolio re-read in Chromium, ${changes} changes one at a time: p50 / p95`,
      value: `${ms(s.median)} / ${ms(s.p95)}${missed ? `, ${missed} not shown within 15 s` : ''} (${loadAverage()})`,
      target: 'p50 ≤ 2 s, p95 ≤ 10 s',
      raw: { ...s, missed },
    });

    // The receiver, 20 at a time: every delivery a newer change (each one applied while the
    // burst goes on, in the same process), then one change under as many delivery ids (each
    // applied as "nothing newer"), which leaves the receiver nearly alone.
    const databaseCpu = async () =>
      [...((await server.databaseCpuMs())?.values() ?? [])].reduce((a, b) => a + b, 0);
    const burst = async (what: string, bodies: ReturnType<typeof signedDelivery>[]) => {
      let next = 0;
      let refused = 0;
      const cpu0 = server.cpuMs();
      const databaseCpu0 = await databaseCpu();
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          while (next < bodies.length) {
            const body = bodies[next++]!;
            if ((await deliver(body)) !== 202) refused++;
          }
        }),
      );
      const seconds = (performance.now() - t0) / 1000;
      // CPU per delivery holds better than the rate on a shared machine: the rate is what the
      // other work leaves of the 2 cores (the server's CPU includes applying each delivery).
      const cpuMs = (server.cpuMs() - cpu0) / bodies.length;
      const databaseCpuMs =
        database === 'postgresql' ? ((await databaseCpu()) - databaseCpu0) / bodies.length : null;
      add({
        section,
        what: `receiver: ${bodies.length} signed deliveries, 20 at a time, ${what}`,
        value: `${Math.round(bodies.length / seconds)} deliveries/s${refused ? `, ${refused} not 202` : ''}; CPU per delivery: server ${cpuMs.toFixed(2)} ms${databaseCpuMs === null ? '' : `, PostgreSQL ${databaseCpuMs.toFixed(2)} ms`} (${loadAverage()})`,
        target: '≥ 200 deliveries/s',
        raw: { deliveries: bodies.length, seconds, refused, cpuMs, databaseCpuMs },
      });
    };
    await burst('each a newer change', Array.from({ length: deliveries }, change));
    await new Promise((r) => setTimeout(r, 5_000));
    const payload = issueUpdatedEvent(jira, issue);
    await burst(
      'one change under new ids',
      Array.from({ length: deliveries }, () => signedDelivery(payload, SECRET)),
    );
  } finally {
    await server.stop();
    rmSync(home, { recursive: true, force: true });
  }
}

const LOSS_TARGET = '100% reflected, 0 applied twice';

/**
 * Loss, repeats and a crash (docs/decisions/409-loss-and-kill-bench.md): two built servers on one
 * PostgreSQL database, against a stand-in Jira over HTTP that the catch-up reads. Each change
 * moves a ticket in the stand-in and is delivered, signed, to one process or the other, 20 at a
 * time: 5% of deliveries are never sent, 2% are sent again to the other process, and the first
 * process is killed with SIGKILL when 40% have been sent (a delivery it does not answer goes to
 * the other, as Jira retries it). After the first refresh that starts once the burst is over, it
 * counts the changes whose status change is stored and whose ticket shows its last status, and
 * the deliveries whose apply committed more than once (the inbox's `applies`).
 */
export async function lossSection(
  distDir: string,
  add: (row: BenchRow) => void,
  { changes = 1_000 }: { changes?: number } = {},
): Promise<void> {
  const what = `${changes.toLocaleString('en')} changes, 5% of deliveries dropped, 2% sent twice, one of two processes killed -9 during the burst: after the next catch-up`;
  if (!process.env.DATABASE_URL) {
    add({
      section: 'live (pglite)',
      what,
      value: 'needs PostgreSQL (two processes on one database): run with DATABASE_URL',
      target: LOSS_TARGET,
    });
    return;
  }
  const section = 'live (postgresql)';
  const intervalSeconds = 20;
  const upstream = await startUpstreamServer();
  const database = await freshPostgresDatabase(process.env.DATABASE_URL);
  const db = createPostgresDb(database.url, { max: 2 });
  const servers: ServerProcess[] = [];
  try {
    await migrate(db);
    const jira = upstream.data.jira;
    const integrations = createIntegrations(loadConfig({ NODE_ENV: 'test', ...upstream.env }));
    const keys = jira.projects.slice(0, 3).map((p) => p.key);
    const projectIds: number[] = [];
    for (const key of keys) {
      const [row] = await db.query<{ id: number }>(
        'INSERT INTO projects (name) VALUES ($1) RETURNING id',
        [`Live bench ${key}`],
      );
      projectIds.push(row!.id);
      await linkJiraProject(db, integrations.jira, { projectId: row!.id, key, now: new Date() });
    }
    for (let i = 0; i < 2; i++)
      servers.push(
        await startServerProcess({
          distDir,
          database: 'postgresql',
          databaseUrl: process.env.DATABASE_URL,
          sharedDatabaseUrl: database.url,
          env: {
            ...upstream.env,
            // Not 'production': a production server on real data refuses the bench's demo admin.
            NODE_ENV: 'test',
            JIRA_WEBHOOK_SECRET: SECRET,
            SYNC_INTERVAL_SECONDS: String(intervalSeconds),
          },
        }),
      );
    const finishedRuns = async (after: Date) =>
      Number(
        (
          await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM sync_runs WHERE started_at > $1 AND outcome <> 'running'`,
            [after],
          )
        )[0]!.n,
      );
    // The run at start reads everything: the burst begins once it is over.
    const startDeadline = Date.now() + 180_000;
    while ((await finishedRuns(new Date(0))) === 0 && Date.now() < startDeadline) await sleep(500);

    const issues = keys
      .flatMap((k) => jira.detail(k).issues)
      .filter((i: DemoIssue) => i.typeName !== 'Epic');
    const made: { issueKey: string; historyId: string }[] = [];
    let next = 0;
    let lastAt = 0;
    let sent = 0;
    let retried = 0;
    let dropped = 0;
    let doubled = 0;
    let killedAt: number | null = null;
    const alive = () => servers.filter((_, i) => i !== 0 || killedAt === null);
    /** Posts a delivery to a process; one that does not answer (killed) gets it again at the other. */
    const post = async (to: number, body: ReturnType<typeof signedDelivery>): Promise<number> => {
      const target = killedAt !== null ? alive()[0]! : servers[to]!;
      try {
        const res = await fetch(`${target.url}/webhooks/jira`, {
          method: 'POST',
          headers: body.headers,
          body: body.body,
        });
        await res.arrayBuffer();
        return res.status;
      } catch {
        retried++;
        return post(1, body);
      }
    };
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < changes) {
          const i = next++;
          // A change in Jira now: the ticket goes between In Progress and In Review.
          const issue = issues[i % issues.length]!;
          const to =
            issue.status.name === DEMO_STATUSES.inProgress.name
              ? DEMO_STATUSES.inReview.name
              : DEMO_STATUSES.inProgress.name;
          lastAt = Math.max(Date.now(), lastAt + 1);
          jira.transitionIssue(issue.key, to, new Date(lastAt));
          const payload = issueUpdatedEvent(jira, issue);
          made.push({ issueKey: issue.key, historyId: payload.changelog!.id });
          if (i % 20 === 10) {
            dropped++;
            continue;
          }
          const body = signedDelivery(payload, SECRET);
          if (killedAt === null && sent >= changes * 0.4) {
            killedAt = performance.now() - t0;
            await servers[0]!.kill();
          }
          sent++;
          const status = await post(i % 2, body);
          // 200: the killed process had stored it before it could answer.
          if (status !== 202 && status !== 200) throw new Error(`the receiver answered ${status}`);
          if (i % 50 === 25) {
            doubled++;
            // Jira's repeat of the same delivery, at the other process.
            const again = await post((i + 1) % 2, body);
            if (again !== 200) throw new Error(`a repeated delivery got ${again}`);
          }
        }
      }),
    );
    const burstSeconds = (performance.now() - t0) / 1000;
    const burstEnd = new Date();
    const catchUpDeadline = Date.now() + 300_000;
    while ((await finishedRuns(burstEnd)) === 0 && Date.now() < catchUpDeadline) await sleep(500);
    const catchUpSeconds = (Date.now() - burstEnd.getTime()) / 1000;
    const caughtUp = (await finishedRuns(burstEnd)) > 0;

    const stored = new Set(
      (
        await db.query<{ issue_key: string; history_id: string }>(
          'SELECT issue_key, history_id FROM jira_status_transitions WHERE project_id = ANY($1::int[])',
          [`{${projectIds.join(',')}}`],
        )
      ).map((r) => `${r.issue_key} ${r.history_id}`),
    );
    const shown = new Map(
      (
        await db.query<{ issue_key: string; status_name: string }>(
          'SELECT issue_key, status_name FROM jira_issues WHERE project_id = ANY($1::int[])',
          [`{${projectIds.join(',')}}`],
        )
      ).map((r) => [r.issue_key, r.status_name]),
    );
    const changedIssues = [...new Set(made.map((m) => m.issueKey))];
    const atLast = changedIssues.filter(
      (k) => shown.get(k) === jira.issueByIdOrKey(k)!.status.name,
    ).length;
    const transitionsStored = made.filter((m) => stored.has(`${m.issueKey} ${m.historyId}`)).length;
    const reflected = made.filter(
      (m) =>
        stored.has(`${m.issueKey} ${m.historyId}`) &&
        shown.get(m.issueKey) === jira.issueByIdOrKey(m.issueKey)!.status.name,
    ).length;
    const inbox = async () =>
      (
        await db.query<{
          stored: number;
          applied: number;
          twice: number;
          duplicates: number;
          waiting: number;
        }>(
          `SELECT count(*)::int AS stored,
                  count(*) FILTER (WHERE status = 'applied')::int AS applied,
                  count(*) FILTER (WHERE applies > 1)::int AS twice,
                  coalesce(sum(duplicates), 0)::int AS duplicates,
                  count(*) FILTER (WHERE status = 'received')::int AS waiting
             FROM webhook_deliveries`,
        )
      )[0]!;
    const atCatchUp = await inbox();
    // The killed process's jobs come back when the engine expires them: wait for the inbox to empty.
    const drainDeadline = Date.now() + 240_000;
    while ((await inbox()).waiting > 0 && Date.now() < drainDeadline) await sleep(1_000);
    const drainedSeconds = (Date.now() - burstEnd.getTime()) / 1000;
    const final = await inbox();
    const percent = (100 * reflected) / changes;
    add({
      section,
      what,
      value: `${caughtUp ? '' : 'NO CATCH-UP WITHIN 300 s; '}${percent.toFixed(1)}% reflected (${transitionsStored}/${changes} status changes stored, ${atLast}/${changedIssues.length} tickets at their last status), ${final.twice} applied twice (${loadAverage()})`,
      target: LOSS_TARGET,
      raw: {
        changes,
        sent,
        dropped,
        doubled,
        retriedAfterKill: retried,
        killedAtSeconds: killedAt === null ? null : killedAt / 1000,
        burstSeconds,
        catchUpSeconds,
        reflected,
        transitionsStored,
        ticketsAtLastStatus: atLast,
        ticketsChanged: changedIssues.length,
        inboxAtCatchUp: atCatchUp,
        inboxFinal: final,
        drainedSeconds,
      },
    });
    add({
      section,
      what: 'the same run: deliveries sent / stored / repeats counted / still waiting at the catch-up, then every one applied',
      value: `${sent + doubled + retried} / ${final.stored} / ${final.duplicates} / ${atCatchUp.waiting}, all applied ${drainedSeconds.toFixed(0)} s after the burst (${final.applied} applied, ${final.waiting} waiting); burst ${burstSeconds.toFixed(1)} s, ${retried} resent after the kill, catch-up ${catchUpSeconds.toFixed(0)} s after`,
    });
  } finally {
    for (const server of servers) await server.stop();
    await db.close();
    await database.drop();
    await upstream.close();
  }
}
