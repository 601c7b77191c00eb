import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../tests/helpers/db';
import { demoUpstream } from '../../tests/helpers/upstream';
import { loadConfig } from '../config';
import type { Db } from '../db/port';
import { claimLease, readLease } from '../db/sync-lease';
import { listSyncRuns, type SyncRun } from '../db/sync-runs';
import { createDemoSpine } from '../mocks/agency/spine';
import { getSyncState } from '../db/forecast';
import { importForecastProject, syncForecastBilling, syncTimeRegistrations } from './forecast/sync';
import { linkJiraProject } from './jira/sync';
import { createIntegrations } from './integrations';
import { createRefreshRunner, nextSlotStart, type RefreshSettings } from './refresh';

const INTERVAL = 5 * 60_000;
const upstream = demoUpstream();
const config = loadConfig({ NODE_ENV: 'test' });
const fast = { timeoutMs: 2_000, deadlineMs: 5_000, sleep: async () => {}, maxRetries: 1 };

let db: Db;
let drop: () => Promise<void>;
let clockMs = Date.now();
const logs: string[] = [];
const settings: RefreshSettings = {
  intervalMs: INTERVAL,
  pageBudget: 10_000,
  leaseMs: 60_000,
  progressMs: 20,
  auditRetentionDays: 730,
};

function runner(name: string, overrides: Partial<Parameters<typeof createRefreshRunner>[0]> = {}) {
  return createRefreshRunner({
    db,
    connect: (onRequest) => createIntegrations(config, { ...fast, onRequest }),
    clock: () => new Date(clockMs),
    timeZone: 'UTC',
    settings,
    runner: name,
    log: (line) => logs.push(line),
    ...overrides,
  });
}

async function storedCounts() {
  const [row] = await db.query<{ registrations: number; issues: number; projects: number }>(
    `SELECT (SELECT count(*)::int FROM forecast_time_registrations) AS registrations,
            (SELECT count(*)::int FROM jira_issues) AS issues,
            (SELECT count(*)::int FROM projects) AS projects`,
  );
  return row!;
}

beforeAll(async () => {
  upstream.server.listen({ onUnhandledRequest: 'error' });
  ({ db, drop } = await createTestDb());
  // Three projects of the demo agency as they were two hours ago: everything held is now stale.
  const clients = createIntegrations(config, fast);
  const then = new Date(clockMs - 2 * 60 * 60_000);
  const picked = createDemoSpine({ scale: 1 })
    .projects.filter((p) => p.onDashboard && p.jiraKey)
    .slice(0, 3);
  for (const p of picked) {
    const project = await importForecastProject(db, clients.forecast, {
      forecastProjectId: p.forecastId,
      now: then,
    });
    await linkJiraProject(db, clients.jira, { projectId: project.id, key: p.jiraKey!, now: then });
  }
  await syncTimeRegistrations(db, clients.forecast, { now: then });
}, 180_000);
afterEach(() => {
  upstream.forecast.setFaults(null);
  upstream.server.resetHandlers();
});
afterAll(async () => {
  upstream.server.close();
  await drop();
});

describe('a refresh run', () => {
  it('syncs stale time data, Jira projects and billing under the lease, records the run and logs one JSON line', async () => {
    const before = await storedCounts();
    const seen: SyncRun[] = [];
    const r = runner('node A', { afterRun: (run) => void seen.push(run) });
    const result = await r.run('start');
    expect(result.started).toBe(true);
    const ended = result.ended!;
    expect(ended).toMatchObject({ trigger: 'start', runner: 'node A', outcome: 'succeeded' });
    expect(ended.failure).toBeNull();
    expect(ended.upstreamCalls).toBeGreaterThan(10);
    expect(ended.rowsChanged).toBeGreaterThan(0);
    expect(ended.progress.deferred).toBe(0);
    expect(ended.progress.unitsDone).toBe(ended.progress.unitsTotal);
    // Nothing lost, and the time copy now carries this run's time.
    expect(await storedCounts()).toEqual(before);
    expect((await getSyncState(db)).lastTimeSync?.getTime()).toBe(clockMs);
    const [stale] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM projects
        WHERE (jira_project_key IS NOT NULL AND last_jira_sync < $1)
           OR (forecast_project_id IS NOT NULL AND last_forecast_sync < $1)`,
      [new Date(clockMs - 60_000)],
    );
    expect(stale!.n).toBe(0);
    // The hook saw the recorded run, and exactly one log line describes it.
    expect(seen.map((s) => s.id)).toEqual([ended.id]);
    const lines = logs.map((l) => JSON.parse(l)).filter((l) => l.id === ended.id);
    expect(lines).toEqual([
      expect.objectContaining({
        event: 'sync_run',
        trigger: 'start',
        outcome: 'succeeded',
        upstreamCalls: ended.upstreamCalls,
        rowsChanged: ended.rowsChanged,
      }),
    ]);
    expect((await readLease(db, new Date(clockMs))).holder).toBeNull();
  });

  it('does not run at start when the stored data is fresh', async () => {
    const calls = upstream.forecast.requests.length;
    expect(await runner('node B').start('start')).toMatchObject({
      started: false,
      reason: 'fresh',
    });
    expect(upstream.forecast.requests.length).toBe(calls);
  });

  it('lets exactly one of several runners claim a scheduled slot, and the next slot again', async () => {
    clockMs = nextSlotStart(new Date(clockMs), INTERVAL).getTime() + 1_000;
    const runners = ['node A', 'node B', 'node C'].map((name) => runner(name));
    const results = await Promise.all(runners.map((r) => r.start('schedule')));
    const started = results.filter((s) => s.started);
    expect(started).toHaveLength(1);
    const others = results.filter((s) => !s.started);
    // Asked while the winner works, or after it: busy (with the run) or not due; never a second run.
    for (const o of others) expect(['busy', 'not_due']).toContain(o.started ? '' : o.reason);
    if (started[0]?.started) await started[0].done;
    // Later in the same slot nobody runs; in the next slot one does.
    clockMs += 60_000;
    expect(await runners[1]!.start('schedule')).toMatchObject({
      started: false,
      reason: 'not_due',
    });
    clockMs = nextSlotStart(new Date(clockMs), INTERVAL).getTime() + 500;
    const next = await runners[2]!.run('schedule');
    expect(next.started).toBe(true);
    expect(next.ended?.trigger).toBe('schedule');
  });

  it('shows Sync now the run in progress instead of starting a second one', async () => {
    upstream.forecast.setFaults({ latencyMs: 150 });
    const first = await runner('node A').start('sync_now', { requestedBy: 'admin@agency.test' });
    expect(first.started).toBe(true);
    const second = await runner('node B').start('sync_now');
    expect(second).toMatchObject({ started: false, reason: 'busy' });
    expect(second.run?.id).toBe(first.run?.id);
    expect(second.run?.outcome).toBe('running');
    if (first.started) {
      const ended = await first.done;
      expect(ended).toMatchObject({ trigger: 'sync_now', requestedBy: 'admin@agency.test' });
      expect(ended.outcome).toBe('succeeded');
    }
  });

  it('takes over a lease whose holder died, and marks that run interrupted', async () => {
    const r = runner('node A');
    clockMs += 1_000;
    // A holder that claimed, recorded its run and then died without renewing.
    const started = await runner('dead').start('sync_now');
    expect(started.started).toBe(true);
    if (started.started) await started.done;
    expect(
      await claimLease(db, {
        holder: 'dead#1',
        now: new Date(clockMs),
        leaseMs: 60_000,
        onlyIfDue: false,
        nextDueAt: new Date(clockMs),
      }),
    ).toBe(true);
    const [ghost] = await db.query<{ id: number }>(
      `INSERT INTO sync_runs (trigger, runner, started_at) VALUES ('schedule', 'dead', $1) RETURNING id`,
      [new Date(clockMs)],
    );
    await db.query(`UPDATE sync_lease SET run_id = $1`, [ghost!.id]);
    expect(await r.start('sync_now')).toMatchObject({ started: false, reason: 'busy' });
    clockMs += 61_000;
    const taken = await r.run('sync_now');
    expect(taken.started).toBe(true);
    const runs = await listSyncRuns(db);
    const dead = runs.find((run) => run.id === Number(ghost!.id))!;
    expect(dead.outcome).toBe('interrupted');
    expect(dead.failure).toMatch(/stopped before the run finished/);
  });

  it('keeps everything stored when upstream refuses, and says why', async () => {
    const before = await storedCounts();
    const state = await getSyncState(db);
    upstream.forecast.setFaults({ serverErrors: { times: 1000 } });
    clockMs += 1_000;
    const result = await runner('node A').run('sync_now');
    const ended = result.ended!;
    expect(ended.outcome).toBe('failed');
    expect(ended.failure).toMatch(/^Forecast time data: Forecast: the service is unavailable/);
    expect(await storedCounts()).toEqual(before);
    expect(await getSyncState(db)).toEqual(state);
  });

  it('stops within its page budget and leaves the rest for the next run, which resumes', async () => {
    clockMs += 3 * 60 * 60_000;
    const small = { ...settings, pageBudget: 30 };
    const first = (await runner('worker', { settings: small }).run('schedule')).ended!;
    expect(first.outcome).toBe('succeeded');
    expect(first.progress.deferred).toBeGreaterThan(0);
    expect(first.upstreamCalls).toBeLessThanOrEqual(30);
    const totalUnits = first.progress.unitsTotal!;
    clockMs = nextSlotStart(new Date(clockMs), INTERVAL).getTime() + 1;
    const second = (await runner('worker', { settings: small }).run('schedule')).ended!;
    // The second run plans only what the first left, plus what is due every run: the time copy
    // and the Jira catch-up.
    expect(second.progress.unitsTotal).toBe(first.progress.deferred! + 2);
    expect(second.progress.unitsTotal).toBeLessThan(totalUnits);
  });
});

describe("a project's own action", () => {
  it('is recorded as a run with its upstream calls, and a refusal before upstream is not', async () => {
    const r = runner('node A');
    const [project] = await db.query<{ id: number }>(
      'SELECT id FROM projects WHERE forecast_project_id IS NOT NULL ORDER BY id LIMIT 1',
    );
    await r.record('billing', 'staff@agency.test', async (clients) => ({
      result: await syncForecastBilling(db, clients.forecast, {
        projectId: project!.id,
        now: new Date(clockMs),
      }),
      rowsChanged: 1,
    }));
    const [latest] = await listSyncRuns(db, 1);
    expect(latest).toMatchObject({
      trigger: 'billing',
      outcome: 'succeeded',
      requestedBy: 'staff@agency.test',
      rowsChanged: 1,
    });
    expect(latest!.upstreamCalls).toBeGreaterThanOrEqual(2);

    const count = (await listSyncRuns(db)).length;
    await expect(
      r.record('billing', null, async () => {
        throw new Error('Project 999 was not found');
      }),
    ).rejects.toThrow('not found');
    expect((await listSyncRuns(db)).length).toBe(count);
  });
});
