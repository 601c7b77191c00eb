import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../tests/helpers/db';
import { createTestApp, type TestApp } from '../../../tests/helpers/app';
import { countingDb, type Db } from '../../db/port';
import type { Project } from '../../shared/projects';

let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db);
  cookie = await t.signIn('admin');
});
afterAll(() => drop());

/** Puts a project straight into the database, as an import and syncs would have left it. */
async function seedProject(fields: Record<string, unknown> = {}): Promise<number> {
  const row = {
    name: `Project ${Math.random().toString(36).slice(2, 8)}`,
    dev_status: 'Active',
    team_name: 'Team 1',
    forecast_project_value: 48000,
    forecast_total_created: 24000,
    forecast_total_invoiced: 21600.5,
    forecast_total_sent: 20160,
    forecast_total_paid: 14400.25,
    forecast_overdue_amount: 0,
    forecast_retainer_periods_completed: 3,
    forecast_retainer_periods_total: 12,
    billing_sent_percentage: 42,
    billing_paid_percentage: 30,
    ...fields,
  };
  const columns = Object.keys(row);
  const [inserted] = await db.query<{ id: number }>(
    `INSERT INTO projects (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    Object.values(row),
  );
  return inserted!.id;
}

const projectRow = async (id: number) =>
  (await db.query<Record<string, unknown>>('SELECT * FROM projects WHERE id = $1', [id]))[0];
const json = async <T = { message: string }>(res: Response) => (await res.json()) as T;

describe('GET /api/projects', () => {
  it('refuses a signed-out visitor', async () => {
    const res = await t.request('GET', '/api/projects');
    expect(res.status).toBe(401);
  });

  it("lists every project, hidden ones too, as the spec's Project in camelCase with numbers as numbers", async () => {
    const shown = await seedProject({
      name: 'Shown Project',
      forecast_project_id: 91001,
      jira_project_key: 'SHOWN',
      jira_total_tickets: 120,
      jira_completed_tickets: 90,
      last_forecast_sync: new Date('2026-11-20T09:30:00Z'),
      client_hourly_rate: 150,
    });
    const hidden = await seedProject({ name: 'Hidden Project', visible: 0 });
    await db.query(
      'INSERT INTO sprints (project_id, name, total_tickets, completed_tickets, goal_hours, actual_hours) VALUES ($1, $2, 10, 4, 40, 12.5)',
      [shown, 'Sprint 3'],
    );

    const res = await t.request('GET', '/api/projects', { cookie });
    expect(res.status).toBe(200);
    const list = await json<Project[]>(res);
    const a = list.find((p) => p.id === shown)!;
    const b = list.find((p) => p.id === hidden)!;
    expect(a).toMatchObject({
      name: 'Shown Project',
      devStatus: 'Active',
      teamName: 'Team 1',
      forecastProjectId: 91001,
      forecastProjectValue: 48000,
      forecastTotalInvoiced: 21600.5,
      forecastTotalPaid: 14400.25,
      forecastOverdueAmount: 0,
      forecastRetainerPeriodsCompleted: 3,
      forecastRetainerPeriodsTotal: 12,
      billingSentPercentage: 42,
      jiraProjectKey: 'SHOWN',
      jiraTotalTickets: 120,
      jiraCompletedTickets: 90,
      clientHourlyRate: 150,
      currentSprintNumber: 1,
      totalSprints: 1,
      lastForecastSync: '2026-11-20T09:30:00.000Z',
      visible: 1,
    });
    expect(a.sprints).toEqual([
      {
        id: expect.any(Number),
        name: 'Sprint 3',
        totalTickets: 10,
        completedTickets: 4,
        goalHours: 40,
        actualHours: 12.5,
      },
    ]);
    expect(b).toMatchObject({
      name: 'Hidden Project',
      visible: 0,
      forecastProjectId: null,
      jiraProjectKey: null,
      lastForecastSync: null,
      sprints: [],
    });
  });

  it('costs the same number of SQL queries for 10 and for 100 projects', async () => {
    const { db: own, drop: dropOwn } = await createTestDb();
    try {
      const counter = { queries: 0 };
      const counted = createTestApp(countingDb(own, counter));
      const owner = await counted.signIn('admin');
      // Each batch has its own id range, so the second never collides with the first.
      const insertProjects = (n: number, offset: number) =>
        own.query(
          `INSERT INTO projects (name, forecast_project_id, jira_project_key)
           SELECT 'P' || g, 200000 + g + $2, 'K' || (g + $2) FROM generate_series(1, $1) g`,
          [n, offset],
        );
      const queriesFor = async (path: string) => {
        counter.queries = 0;
        const res = await counted.request('GET', path, { cookie: owner });
        expect(res.status).toBe(200);
        return counter.queries;
      };

      await insertProjects(10, 0);
      const apiFor10 = await queriesFor('/api/projects');
      const pageFor10 = await queriesFor('/');
      await insertProjects(90, 1000);
      const apiFor100 = await queriesFor('/api/projects');
      const pageFor100 = await queriesFor('/');
      expect(
        (await own.query<{ n: number }>('SELECT count(*)::int AS n FROM projects'))[0]!.n,
      ).toBe(100);
      expect(apiFor100).toBe(apiFor10);
      expect(pageFor100).toBe(pageFor10);
    } finally {
      await dropOwn();
    }
  });
});

describe('PATCH /api/projects/:id/team', () => {
  it('allocates the project to the team and answers the updated project', async () => {
    const id = await seedProject();
    const res = await t.request('PATCH', `/api/projects/${id}/team`, {
      cookie,
      body: { teamName: 'Team 3' },
    });
    expect(res.status).toBe(200);
    expect(await json<Project>(res)).toMatchObject({ id, teamName: 'Team 3' });
    expect((await projectRow(id))!.team_name).toBe('Team 3');
  });

  const TEAMS_MESSAGE = /teamName must be one of Team 1, Team 2, Team 3, Team 4/;
  const bad: [string, unknown, RegExp][] = [
    ['a team outside Team 1-4', { teamName: 'Team 5' }, TEAMS_MESSAGE],
    ['another spelling', { teamName: 'team 1' }, TEAMS_MESSAGE],
    ['an empty team', { teamName: '' }, TEAMS_MESSAGE],
    ['null', { teamName: null }, TEAMS_MESSAGE],
    ['no team at all', {}, TEAMS_MESSAGE],
    ['extra fields', { teamName: 'Team 2', visible: 0 }, /Unrecognized key: "visible"/],
    ['a bare JSON string', JSON.stringify('Team 2'), /expected object/i],
  ];
  for (const [what, body, message] of bad) {
    it(`answers ${what} with 400 and a message, changing nothing`, async () => {
      const id = await seedProject({ team_name: 'Team 1' });
      const res = await t.request('PATCH', `/api/projects/${id}/team`, { cookie, body });
      expect(res.status).toBe(400);
      expect((await json(res)).message).toMatch(message);
      expect((await projectRow(id))!.team_name).toBe('Team 1');
    });
  }

  it('answers an unknown project with 404 and a malformed id with 400', async () => {
    const unknown = await t.request('PATCH', '/api/projects/999999/team', {
      cookie,
      body: { teamName: 'Team 2' },
    });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).message).toBe(
      'There is no project with id 999999 on the dashboard.',
    );
    for (const id of ['abc', '1.5', '-3', '0', '99999999999']) {
      const res = await t.request('PATCH', `/api/projects/${id}/team`, {
        cookie,
        body: { teamName: 'Team 2' },
      });
      expect(res.status, id).toBe(400);
      expect((await json(res)).message).toMatch(/project id must be a positive whole number/);
    }
  });

  it('answers malformed JSON with 400', async () => {
    const id = await seedProject();
    const res = await t.request('PATCH', `/api/projects/${id}/team`, {
      cookie,
      body: '{"teamName": ',
    });
    expect(res.status).toBe(400);
  });
});

describe('PATCH /api/projects/:id/visibility', () => {
  it('hides with 0 and shows again with 1', async () => {
    const id = await seedProject();
    const hide = await t.request('PATCH', `/api/projects/${id}/visibility`, {
      cookie,
      body: { visible: 0 },
    });
    expect(hide.status).toBe(200);
    expect((await json<{ project: Project }>(hide)).project.visible).toBe(0);
    expect((await projectRow(id))!.visible).toBe(0);
    const show = await t.request('PATCH', `/api/projects/${id}/visibility`, {
      cookie,
      body: { visible: 1 },
    });
    expect(show.status).toBe(200);
    expect((await projectRow(id))!.visible).toBe(1);
  });

  for (const body of [
    { visible: 2 },
    { visible: -1 },
    { visible: '1' },
    { visible: true },
    { visible: 0.5 },
    {},
  ]) {
    it(`answers ${JSON.stringify(body)} with 400, changing nothing`, async () => {
      const id = await seedProject();
      const res = await t.request('PATCH', `/api/projects/${id}/visibility`, { cookie, body });
      expect(res.status).toBe(400);
      expect((await json(res)).message).toMatch(/visible/);
      expect((await projectRow(id))!.visible).toBe(1);
    });
  }

  it('answers an unknown project with 404', async () => {
    const res = await t.request('PATCH', '/api/projects/999999/visibility', {
      cookie,
      body: { visible: 0 },
    });
    expect(res.status).toBe(404);
  });
});

describe('DELETE /api/projects/:id', () => {
  it('removes the project with its sprints and retainer periods, and a second delete finds nothing', async () => {
    const id = await seedProject({ name: 'Going away', forecast_project_id: 91002 });
    await db.query("INSERT INTO sprints (project_id, name) VALUES ($1, 'S1')", [id]);
    await db.query(
      `INSERT INTO forecast_retainer_periods (id, project_id, period_number, status, locked, start_date, end_date, target_amount, actual_amount, actual_billable_minutes)
       VALUES (910021, $1, 1, 'COMPLETED', true, '2026-11-02', '2026-11-08', 2400, 2000, 900)`,
      [id],
    );
    const res = await t.request('DELETE', `/api/projects/${id}`, { cookie });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ removed: { id, name: 'Going away' }, restorableForDays: 30 });
    expect(await projectRow(id)).toBeUndefined();
    expect(await db.query('SELECT 1 FROM sprints WHERE project_id = $1', [id])).toHaveLength(0);
    expect(
      await db.query('SELECT 1 FROM forecast_retainer_periods WHERE project_id = $1', [id]),
    ).toHaveLength(0);

    const again = await t.request('DELETE', `/api/projects/${id}`, { cookie });
    expect(again.status).toBe(404);
  });

  it('answers a malformed id with 400 and removes nothing', async () => {
    const before = (await db.query('SELECT id FROM projects')).length;
    const res = await t.request('DELETE', '/api/projects/1%20OR%201=1', { cookie });
    expect(res.status).toBe(400);
    expect((await db.query('SELECT id FROM projects')).length).toBe(before);
  });
});

describe('GET /api/projects/:id/retainer-periods', () => {
  it("answers the stored periods in the spec's shape, by period number", async () => {
    const id = await seedProject({ forecast_project_id: 91003 });
    await db.query(
      `INSERT INTO forecast_retainer_periods (id, project_id, period_number, status, locked, start_date, end_date, target_amount, actual_amount, actual_billable_minutes)
       VALUES (910032, $1, 2, 'DRAFT', false, '2099-01-05', '2099-01-11', 2400, 0, 0),
              (910031, $1, 1, 'COMPLETED', true, '2026-11-02', '2026-11-08', 2400, 2150.5, 870)`,
      [id],
    );
    const res = await t.request('GET', `/api/projects/${id}/retainer-periods`, { cookie });
    expect(res.status).toBe(200);
    const { retainerPeriods } = await json<{ retainerPeriods: unknown[] }>(res);
    expect(retainerPeriods).toEqual([
      {
        id: 910031,
        period_number: 1,
        status: 'COMPLETED',
        start_date: '2026-11-02',
        end_date: '2026-11-08',
        target_amount: 2400,
        actual_amount: 2150.5,
        actual_billable_minutes: 870,
      },
      {
        id: 910032,
        period_number: 2,
        status: 'DRAFT',
        start_date: '2099-01-05',
        end_date: '2099-01-11',
        target_amount: 2400,
        actual_amount: 0,
        actual_billable_minutes: 0,
      },
    ]);
  });

  it('answers 404 with a message for a project with no Forecast link, and for an unknown project', async () => {
    const id = await seedProject();
    const res = await t.request('GET', `/api/projects/${id}/retainer-periods`, { cookie });
    expect(res.status).toBe(404);
    expect((await json(res)).message).toMatch(/not linked to a Forecast project/);
    expect(
      (await t.request('GET', '/api/projects/999999/retainer-periods', { cookie })).status,
    ).toBe(404);
  });
});

describe('GET /api/projects/:id/jira-data and cost-breakdown', () => {
  it('answers 404 with a message when the project has no Jira project', async () => {
    const id = await seedProject();
    const res = await t.request('GET', `/api/projects/${id}/jira-data`, { cookie });
    expect(res.status).toBe(404);
    expect((await json(res)).message).toMatch(/not linked to a Jira project/);
  });

  it('answers a cost breakdown of zero for a project with no logged time, and 404 for an unknown one', async () => {
    const id = await seedProject();
    const res = await t.request('GET', `/api/projects/${id}/cost-breakdown`, { cookie });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      projectId: id,
      totalHours: 0,
      internalCost: 0,
      costBreakdown: [],
    });
    expect((await t.request('GET', '/api/projects/999999/cost-breakdown', { cookie })).status).toBe(
      404,
    );
  });
});

describe('bad input to the calls that reach upstream is refused before any call', () => {
  const cases: [string, string, unknown][] = [
    ['a string forecast id', '/api/projects/import-forecast', { forecastProjectId: '4001' }],
    ['a fractional forecast id', '/api/projects/import-forecast', { forecastProjectId: 4001.5 }],
    ['a negative forecast id', '/api/projects/import-forecast', { forecastProjectId: -4 }],
    ['no forecast id', '/api/projects/import-forecast', {}],
  ];
  for (const [what, path, body] of cases) {
    it(`answers ${what} with 400 and creates nothing`, async () => {
      const before = (await db.query('SELECT id FROM projects')).length;
      const res = await t.request('POST', path, { cookie, body });
      expect(res.status).toBe(400);
      expect((await json(res)).message).toMatch(/forecastProjectId/);
      expect((await db.query('SELECT id FROM projects')).length).toBe(before);
    });
  }

  for (const [what, key] of [
    ['an empty key', ''],
    ['a blank key', '   '],
    ['a key with a slash', 'ABC/../x'],
    ['a key with spaces', 'AB CD'],
  ] as const) {
    it(`answers ${what} on link-jira with 400 and changes nothing`, async () => {
      const id = await seedProject({ jira_project_key: 'KEEP' });
      const res = await t.request('POST', `/api/projects/${id}/link-jira`, {
        cookie,
        body: { jiraProjectKey: key },
      });
      expect(res.status).toBe(400);
      expect((await json(res)).message).toMatch(/jiraProjectKey/);
      expect((await projectRow(id))!.jira_project_key).toBe('KEEP');
    });
  }

  it('answers a sync of an unknown project with 404 and of a project without Forecast with 400', async () => {
    expect((await t.request('POST', '/api/projects/999999/sync-forecast', { cookie })).status).toBe(
      404,
    );
    const id = await seedProject();
    const res = await t.request('POST', `/api/projects/${id}/sync-forecast`, { cookie });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toMatch(/not linked to a Forecast project/);
  });

  it('answers link-jira on an unknown project with 404', async () => {
    const res = await t.request('POST', '/api/projects/999999/link-jira', {
      cookie,
      body: { jiraProjectKey: 'ABC' },
    });
    expect(res.status).toBe(404);
  });
});
