import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/app';
import { createTestDb } from '../../../tests/helpers/db';
import { demoUpstream } from '../../../tests/helpers/upstream';
import { createDemoSpine } from '../../mocks/agency/spine';
import { type Freshness, freshnessView } from '../../shared/freshness';
import type { SyncRunJson } from '../../shared/sync-runs';

const upstream = demoUpstream();
let t: TestApp;
let drop: () => Promise<void>;
let admin: string;
let staff: string;

beforeAll(async () => {
  upstream.server.listen({ onUnhandledRequest: 'error' });
  const created = await createTestDb();
  drop = created.drop;
  t = createTestApp(created.db);
  admin = await t.signIn('admin', 'sync-admin@agency.test');
  staff = await t.signIn('staff');
  // One project from Forecast, linked to Jira, so a run has every kind of work.
  const p = createDemoSpine({ scale: 1 }).projects.find((x) => x.onDashboard && x.jiraKey)!;
  const imported = await t.request('POST', '/api/projects/import-forecast', {
    cookie: admin,
    body: { forecastProjectId: p.forecastId },
  });
  expect(imported.status).toBe(201);
  const { project } = (await imported.json()) as { project: { id: number } };
  const linked = await t.request('POST', `/api/projects/${project.id}/link-jira`, {
    cookie: admin,
    body: { jiraProjectKey: p.jiraKey },
  });
  expect(linked.status).toBe(200);
}, 180_000);
afterAll(async () => {
  await t.idle();
  upstream.server.close();
  await drop();
});

const runs = async () =>
  (
    (await (await t.request('GET', '/api/admin/sync/runs', { cookie: admin })).json()) as {
      runs: SyncRunJson[];
    }
  ).runs;

describe('Sync now', () => {
  it('is refused to staff and to the signed-out, and starts nothing', async () => {
    expect((await t.request('POST', '/api/admin/sync', { cookie: staff })).status).toBe(403);
    expect((await t.request('POST', '/api/admin/sync')).status).toBe(401);
    expect((await runs()).filter((r) => r.trigger === 'sync_now')).toEqual([]);
  });

  it('starts one run, shows it to a second click and to the progress call, then records its end', async () => {
    upstream.forecast.setFaults({ latencyMs: 100 });
    const first = await t.request('POST', '/api/admin/sync', { cookie: admin });
    expect(first.status).toBe(202);
    const started = (await first.json()) as { started: boolean; run: SyncRunJson };
    expect(started).toMatchObject({
      started: true,
      run: { trigger: 'sync_now', outcome: 'running', requestedBy: 'sync-admin@agency.test' },
    });

    const second = await t.request('POST', '/api/admin/sync', { cookie: admin });
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ started: false, run: { id: started.run.id } });

    const status = (await (
      await t.request('GET', '/api/admin/sync', { cookie: admin })
    ).json()) as {
      running: SyncRunJson | null;
      freshness: { running: boolean };
    };
    expect(status.running?.id).toBe(started.run.id);
    expect(status.freshness.running).toBe(true);

    await t.idle();
    upstream.forecast.setFaults(null);
    const after = (await (await t.request('GET', '/api/admin/sync', { cookie: admin })).json()) as {
      running: SyncRunJson | null;
    };
    expect(after.running).toBeNull();
    const done = (await runs()).find((r) => r.id === started.run.id)!;
    expect(done).toMatchObject({ outcome: 'succeeded', failure: null });
    // Time data, Forecast's capacity plan, the roster's Jira accounts, the Jira catch-up, the
    // project's Jira data and its billing: several upstream calls, each counted.
    expect(done.upstreamCalls).toBeGreaterThan(8);
    expect(done.progress).toMatchObject({ unitsTotal: 6, unitsDone: 6, deferred: 0 });
    expect(done.durationMs).toBeGreaterThan(0);
  });
});

describe('the sync history', () => {
  it("lists the newest runs first, the link and billing button's own runs among them", async () => {
    const list = await runs();
    expect(list.map((r) => r.trigger)).toEqual(['sync_now', 'link']);
    expect(list[1]).toMatchObject({ outcome: 'succeeded', requestedBy: 'sync-admin@agency.test' });
    expect(list[1]!.upstreamCalls).toBeGreaterThan(3);
    expect((await t.request('GET', '/api/admin/sync/runs', { cookie: staff })).status).toBe(403);
  });

  it('renders the Sync screen for admins with each run and its reason', async () => {
    await t.deps.db.query(
      `INSERT INTO sync_runs (trigger, runner, started_at, finished_at, outcome, failure)
       VALUES ('schedule', 'worker', now() - interval '1 minute', now(), 'failed',
               'Forecast time data: Forecast: the credentials were refused; check the API token')`,
    );
    const page = await (await t.request('GET', '/agency/sync', { cookie: admin })).text();
    expect(page).toContain('Sync history');
    expect(page).toContain('Sync now');
    expect(page).toContain('Forecast: the credentials were refused');
    expect((await t.request('GET', '/agency/sync', { cookie: staff })).status).toBe(302);
  });
});

describe('freshness on the pages', () => {
  it('says how old the data is on every page that reads synced data, and the failure only to admins', async () => {
    const pages = ['/', '/developer', '/agency', '/agency?tab=gross-margins'];
    for (const path of pages) {
      const html = await (await t.request('GET', path, { cookie: admin })).text();
      // Each source the page reads has its own age; Forecast's two copies are named apart.
      expect(html, path).toMatch(
        /data-testid="freshness"[^>]*>.*?Synced(:| [^<·]*?(just now|\d+ min ago))/s,
      );
      expect(html, path).not.toMatch(/>Forecast: \d/);
      // The last leased run failed (the row above): admins see why.
      expect(html, path).toContain(
        'The last sync failed: Forecast time data: Forecast: the credentials were refused',
      );
    }
    const forStaff = await (await t.request('GET', '/', { cookie: staff })).text();
    expect(forStaff).toContain('The last sync failed.');
    expect(forStaff).not.toContain('credentials were refused');
    expect(forStaff).not.toContain('/agency/sync');
  });
});

describe('GET /api/freshness', () => {
  it('answers the ages the page was rendered with, for any role, the failure only to admins', async () => {
    const read = async (cookie: string, sources: string) => {
      const res = await t.request('GET', `/api/freshness?sources=${sources}`, { cookie });
      expect(res.status).toBe(200);
      return (await res.json()) as Freshness;
    };
    const forAdmin = await read(admin, 'jira,billing');
    expect(forAdmin.sources.map((s) => s.service)).toEqual(['Jira', 'Forecast billing']);
    expect(forAdmin.sources.every((s) => s.at !== null)).toBe(true);
    // The portfolio's line from the page and from the call give the same times.
    const html = await (await t.request('GET', '/', { cookie: admin })).text();
    expect(html).toContain('data-island="FreshnessLine"');
    expect(html).toContain(freshnessView(forAdmin).detail);
    expect(forAdmin.lastRun?.failure).toContain('credentials were refused');

    const forStaff = await read(staff, 'time,time');
    expect(forStaff.sources.map((s) => s.service)).toEqual(['Forecast time']);
    expect(forStaff.lastRun?.outcome).toBe('failed');
    expect(forStaff.lastRun?.failure).toBeNull();
  });

  it('refuses an unknown source with a clear 400, and the signed-out with 401', async () => {
    const bad = await t.request('GET', '/api/freshness?sources=jira,forecast', { cookie: staff });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/sources must be/);
    expect((await t.request('GET', '/api/freshness?sources=jira')).status).toBe(401);
  });
});
