import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/app';
import { createTestDb } from '../../../tests/helpers/db';
import type { Db } from '../../db/port';
import type { Project } from '../../shared/projects';
import { createDemoSpine } from '../../mocks/agency/spine';
import { createForecastHandlers, type ForecastFaults } from '../../mocks/forecast/handlers';
import { createJiraHandlers, type JiraFaultRule } from '../../mocks/jira/handlers';
import { DEMO_FORECAST, DEMO_JIRA } from '../../services/integrations';

/**
 * The calls that reach Jira or Forecast, against the demo agency's mock services (MSW): the
 * app's real clients go over the mock's HTTP, so shapes, errors and retries are the real ones.
 */
const NOW = new Date();
const TODAY = NOW.toISOString().slice(0, 10);
const spine = createDemoSpine();
// A retainer project with a Jira project, and a second project that is still RUNNING.
const retainer = spine.projects.find(
  (p) => p.budgetType === 'RETAINER' && p.jiraKey && p.stage === 'RUNNING',
)!;
const other = spine.projects.find((p) => p !== retainer && p.jiraKey && p.stage === 'RUNNING')!;

const server = setupServer();
const upstreamCalls: string[] = [];
server.events.on('request:start', ({ request }) => {
  upstreamCalls.push(
    `${request.method} ${new URL(request.url).host}${new URL(request.url).pathname}`,
  );
});

let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let cookie: string;

function useUpstream({
  jiraFaults = [],
  forecastFaults = null,
}: {
  jiraFaults?: JiraFaultRule[];
  forecastFaults?: ForecastFaults | null;
} = {}) {
  const forecast = createForecastHandlers({
    apiKey: DEMO_FORECAST.apiKey,
    today: TODAY,
    faults: forecastFaults ?? undefined,
  });
  server.resetHandlers(
    ...createJiraHandlers({ ...DEMO_JIRA, today: NOW, faults: jiraFaults }),
    ...forecast.handlers,
  );
}

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  useUpstream();
  ({ db, drop } = await createTestDb());
  t = createTestApp(db, { clock: () => NOW });
  cookie = await t.signIn('admin');
});
afterEach(() => useUpstream());
afterAll(async () => {
  server.close();
  await drop();
});

const json = async <T = { message: string }>(res: Response) => (await res.json()) as T;
const projectCount = async () => (await db.query('SELECT id FROM projects')).length;
const stored = async (id: number) =>
  (await db.query<Record<string, unknown>>('SELECT * FROM projects WHERE id = $1', [id]))[0]!;

async function importProject(forecastProjectId: number): Promise<Project> {
  const res = await t.request('POST', '/api/projects/import-forecast', {
    cookie,
    body: { forecastProjectId },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ project: Project }>(res)).project;
}

describe('the Forecast project list and import', () => {
  it('lists Forecast projects as id, name and stage', async () => {
    const res = await t.request('GET', '/api/forecast/projects', { cookie });
    expect(res.status).toBe(200);
    const { projects } = await json<{ projects: { id: number; name: string; stage: string }[] }>(
      res,
    );
    expect(projects).toHaveLength(spine.projects.length);
    expect(projects).toContainEqual({
      id: retainer.forecastId,
      name: retainer.name,
      stage: retainer.stage,
    });
  });

  it('imports a project with its billing, answers its name, and refuses to import it twice', async () => {
    const project = await importProject(retainer.forecastId);
    expect(project).toMatchObject({
      name: retainer.name,
      forecastProjectId: retainer.forecastId,
      forecastBudgetType: 'RETAINER',
      visible: 1,
    });
    expect(project.lastForecastSync).not.toBeNull();
    const before = await projectCount();

    const again = await t.request('POST', '/api/projects/import-forecast', {
      cookie,
      body: { forecastProjectId: retainer.forecastId },
    });
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe(
      `Forecast project ${retainer.forecastId} is already on the dashboard.`,
    );
    expect(await projectCount()).toBe(before);
  });

  it('answers an id Forecast does not know with 404 and a message, creating nothing', async () => {
    const before = await projectCount();
    const res = await t.request('POST', '/api/projects/import-forecast', {
      cookie,
      body: { forecastProjectId: 987654 },
    });
    expect(res.status).toBe(404);
    expect((await json(res)).message).toMatch(/Forecast has no project with id 987654/);
    expect(await projectCount()).toBe(before);
  });

  it('answers 502 naming Forecast when Forecast fails, creating nothing', async () => {
    useUpstream({ forecastFaults: { serverErrors: { times: 100 } } });
    const before = await projectCount();
    const res = await t.request('POST', '/api/projects/import-forecast', {
      cookie,
      body: { forecastProjectId: other.forecastId },
    });
    expect(res.status).toBe(502);
    expect((await json(res)).message).toMatch(/^Forecast: /);
    expect(await projectCount()).toBe(before);
    const list = await t.request('GET', '/api/forecast/projects', { cookie });
    expect(list.status).toBe(502);
  });
});

describe('billing sync', () => {
  it('answers the invoiced and paid totals it stored', async () => {
    const project = await importProject(other.forecastId);
    await db.query(
      "UPDATE projects SET last_forecast_sync = now() - interval '3 days' WHERE id = $1",
      [project.id],
    );
    const res = await t.request('POST', `/api/projects/${project.id}/sync-forecast`, { cookie });
    expect(res.status).toBe(200);
    const body = await json<{
      forecastData: { totalInvoiced: number; totalPaid: number };
      project: Project;
    }>(res);
    const row = await stored(project.id);
    expect(body.forecastData.totalInvoiced).toBe(row.forecast_total_invoiced);
    expect(body.forecastData.totalPaid).toBe(row.forecast_total_paid);
    expect(body.project.lastForecastSync).toBe(NOW.toISOString());
  });

  it('keeps the stored billing as it was when Forecast fails', async () => {
    const [row] = await db.query<{ id: number }>(
      'SELECT id FROM projects WHERE forecast_project_id = $1',
      [other.forecastId],
    );
    const before = await stored(row!.id);
    useUpstream({ forecastFaults: { serverErrors: { times: 100 } } });
    const res = await t.request('POST', `/api/projects/${row!.id}/sync-forecast`, { cookie });
    expect(res.status).toBe(502);
    expect((await json(res)).message).toMatch(/^Forecast: /);
    expect(await stored(row!.id)).toEqual(before);
  });
});

describe('linking a Jira project', () => {
  it('lists the Jira projects as key and name', async () => {
    const res = await t.request('GET', '/api/jira/projects', { cookie });
    expect(res.status).toBe(200);
    const { projects } = await json<{ projects: { key: string; name: string }[] }>(res);
    expect(projects.map((p) => p.key)).toContain(retainer.jiraKey);
    expect(Object.keys(projects[0]!).sort()).toEqual(['key', 'name']);
  });

  it('links by key (any case), stores the Jira data and serves the overview from it', async () => {
    const [row] = await db.query<{ id: number }>(
      'SELECT id FROM projects WHERE forecast_project_id = $1',
      [retainer.forecastId],
    );
    const res = await t.request('POST', `/api/projects/${row!.id}/link-jira`, {
      cookie,
      body: { jiraProjectKey: ` ${retainer.jiraKey!.toLowerCase()} ` },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { project } = await json<{ project: Project }>(res);
    expect(project.jiraProjectKey).toBe(retainer.jiraKey);
    expect(project.jiraTotalTickets).toBeGreaterThan(0);

    const overview = await t.request('GET', `/api/projects/${row!.id}/jira-data`, { cookie });
    expect(overview.status).toBe(200);
    const data = await json<{
      totalTickets: number;
      ticketsByStatus: Record<string, number>;
      epics: unknown[];
      sprints: unknown[];
    }>(overview);
    expect(data.totalTickets).toBe(project.jiraTotalTickets);
    expect(Object.values(data.ticketsByStatus).reduce((a, b) => a + b, 0)).toBe(data.totalTickets);
    expect(data.epics.length).toBe(project.totalEpics);
  });

  it('answers a key Jira does not know with 400 and a message, keeping the current link', async () => {
    const [row] = await db.query<{ id: number }>(
      'SELECT id FROM projects WHERE forecast_project_id = $1',
      [retainer.forecastId],
    );
    const before = await stored(row!.id);
    const res = await t.request('POST', `/api/projects/${row!.id}/link-jira`, {
      cookie,
      body: { jiraProjectKey: 'NOSUCHKEY' },
    });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toMatch(/Jira has no project with key NOSUCHKEY/);
    expect(await stored(row!.id)).toEqual(before);
  });

  it('answers 502 naming Jira when Jira fails, keeping the current link', async () => {
    const [row] = await db.query<{ id: number }>(
      'SELECT id FROM projects WHERE forecast_project_id = $1',
      [retainer.forecastId],
    );
    const before = await stored(row!.id);
    useUpstream({ jiraFaults: [{ kind: 'serverError', path: '/rest/*' }] });
    const res = await t.request('POST', `/api/projects/${row!.id}/link-jira`, {
      cookie,
      body: { jiraProjectKey: other.jiraKey },
    });
    expect(res.status).toBe(502);
    expect((await json(res)).message).toMatch(/^Jira: /);
    expect(await stored(row!.id)).toEqual(before);
    expect((await t.request('GET', '/api/jira/projects', { cookie })).status).toBe(502);
  });
});

describe('opening the detail modal on synced data', () => {
  it('reads the overview, retainer periods and cost breakdown without calling Jira or Forecast', async () => {
    const [row] = await db.query<{ id: number }>(
      'SELECT id FROM projects WHERE forecast_project_id = $1',
      [retainer.forecastId],
    );
    upstreamCalls.length = 0;
    const calls = ['jira-data', 'retainer-periods', 'cost-breakdown'].map((what) =>
      t.request('GET', `/api/projects/${row!.id}/${what}`, { cookie }),
    );
    const [overview, periods, cost] = await Promise.all(calls);
    expect([overview!.status, periods!.status, cost!.status]).toEqual([200, 200, 200]);
    const { retainerPeriods } = await json<{
      retainerPeriods: { period_number: number; status: string }[];
    }>(periods!);
    expect(retainerPeriods.length).toBeGreaterThan(0);
    expect(retainerPeriods.map((p) => p.period_number)).toEqual(
      retainerPeriods.map((_, i) => i + 1),
    );
    expect(upstreamCalls).toEqual([]);
  });
});
