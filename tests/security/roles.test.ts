import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { startDemoMocks, type DemoMocks } from '../../src/demo/mocks';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { DEMO_NOT_ON_DASHBOARD, DEMO_ON_DASHBOARD, seedForInputTests, type Seed } from './calls';
import { changedTables, snapshotDb } from './db-snapshot';

/**
 * The role model as a plain user, staff and an admin meet it (docs/decisions/164): each write a
 * role may not make is refused with 403 and a reason, and leaves every table as it was.
 */
let t: TestApp;
let drop: () => Promise<void>;
let seed: Seed;
let mocks: DemoMocks;
const cookies: Record<'user' | 'staff' | 'admin', string> = { user: '', staff: '', admin: '' };

beforeAll(async () => {
  const created = await createTestDb();
  drop = created.drop;
  mocks = startDemoMocks(loadConfig({ NODE_ENV: 'test' }), new Date(), {
    onUnhandledRequest: 'error',
  });
  t = createTestApp(created.db, { demoFetch: mocks.fetch });
  seed = await seedForInputTests(created.db);
  cookies.user = await t.signIn('user');
  cookies.staff = await t.signIn('staff');
  cookies.admin = await t.signIn('admin');
});
afterAll(async () => {
  await t.idle();
  mocks.close();
  await drop();
});

type Who = keyof typeof cookies;
interface Attempt {
  what: string;
  method: string;
  path: () => string;
  body?: () => unknown;
}

const ATTEMPTS: Record<string, Attempt> = {
  remove: {
    what: 'remove a project',
    method: 'DELETE',
    path: () => `/api/projects/${seed.projectId}`,
  },
  hide: {
    what: 'hide a project',
    method: 'PATCH',
    path: () => `/api/projects/${seed.projectId}/visibility`,
    body: () => ({ visible: 0 }),
  },
  reteam: {
    what: 're-team a project',
    method: 'PATCH',
    path: () => `/api/projects/${seed.projectId}/team`,
    body: () => ({ teamName: 'Team 4' }),
  },
  relink: {
    what: 'relink a project to Jira',
    method: 'POST',
    path: () => `/api/projects/${seed.otherProjectId}/link-jira`,
    body: () => ({ jiraProjectKey: DEMO_ON_DASHBOARD.jiraKey }),
  },
  import: {
    what: 'import a Forecast project',
    method: 'POST',
    path: () => '/api/projects/import-forecast',
    body: () => ({ forecastProjectId: DEMO_NOT_ON_DASHBOARD.forecastProjectId }),
  },
  points: {
    what: 'change the points per day',
    method: 'PUT',
    path: () => '/api/settings/story-points-per-developer-day',
    body: () => ({ storyPointsPerDeveloperDay: 7 }),
  },
  wipeTeam: {
    what: 'empty the team',
    method: 'POST',
    path: () => '/api/developer-availability',
    body: () => ({ developers: {}, selectedDevelopersList: [] }),
  },
  endDate: {
    what: "set a developer's end date",
    method: 'POST',
    path: () => '/api/developer-end-date',
    body: () => ({ accountId: seed.accountId, endDate: '2026-06-30' }),
  },
  devStatus: {
    what: "change a project's dev status",
    method: 'PATCH',
    path: () => `/api/projects/${seed.projectId}/dev-status`,
    body: () => ({ devStatus: 'On Hold' }),
  },
};

async function refused(who: Who, key: string) {
  const a = ATTEMPTS[key]!;
  const before = await snapshotDb(t.deps.db);
  const res = await t.request(a.method, a.path(), { cookie: cookies[who], body: a.body?.() });
  const { message } = (await res.json()) as { message: string };
  return {
    status: res.status,
    message,
    changed: changedTables(before, await snapshotDb(t.deps.db)),
  };
}

describe('a plain user', () => {
  for (const key of Object.keys(ATTEMPTS)) {
    it(`cannot ${ATTEMPTS[key]!.what}: 403 with the reason, nothing changed`, async () => {
      const r = await refused('user', key);
      expect(r.status).toBe(403);
      expect(r.message).toMatch(/^Only (staff and admins|admins) can .+\. Your role is user\.$/);
      expect(r.changed).toEqual([]);
    });
  }

  it("cannot read a project's cost breakdown (people's rates and costs)", async () => {
    for (const who of ['user', 'staff'] as const) {
      const res = await t.request('GET', `/api/projects/${seed.projectId}/cost-breakdown`, {
        cookie: cookies[who],
      });
      expect(res.status, who).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe(
        `Only admins can see money figures. Your role is ${who}.`,
      );
    }
    const admin = await t.request('GET', `/api/projects/${seed.projectId}/cost-breakdown`, {
      cookie: cookies.admin,
    });
    expect(admin.status).toBe(200);
  });
});

describe('staff', () => {
  for (const key of ['remove', 'import', 'points', 'devStatus']) {
    it(`cannot ${ATTEMPTS[key]!.what}: that is for admins`, async () => {
      const r = await refused('staff', key);
      expect(r.status).toBe(403);
      expect(r.message).toMatch(/^Only admins can .+\. Your role is staff\.$/);
      expect(r.changed).toEqual([]);
    });
  }

  it('runs the delivery side: team, visibility and employment dates', async () => {
    for (const key of ['reteam', 'hide', 'endDate']) {
      const a = ATTEMPTS[key]!;
      const res = await t.request(a.method, a.path(), { cookie: cookies.staff, body: a.body?.() });
      expect(res.status, key).toBe(200);
    }
    const [project] = await t.deps.db.query<{ team_name: string; visible: number }>(
      'SELECT team_name, visible FROM projects WHERE id = $1',
      [seed.projectId],
    );
    expect(project).toEqual({ team_name: 'Team 4', visible: 0 });
  });
});

/** Every key path of a JSON answer: `a.b`, with `[]` for any element of a list. */
function keyPaths(value: unknown, at = ''): Set<string> {
  const paths = new Set<string>();
  const walk = (v: unknown, p: string) => {
    if (Array.isArray(v)) for (const item of v) walk(item, `${p}[]`);
    else if (v && typeof v === 'object')
      for (const [k, child] of Object.entries(v)) {
        paths.add(`${p}${p ? '.' : ''}${k}`);
        walk(child, `${p}${p ? '.' : ''}${k}`);
      }
  };
  walk(value, at);
  return paths;
}

/**
 * The reads every signed-in role may make (docs/decisions/164, "Fields by role"), and the
 * fields only admins get from each: no call returns a field its caller's screens do not show.
 */
const READS: { call: string; path: () => string; adminOnly: string[] }[] = [
  { call: '/api/user', path: () => '/api/user', adminOnly: [] },
  {
    call: '/api/projects',
    path: () => '/api/projects',
    adminOnly: ['[].clientHourlyRate', '[].forecastProjectValue'],
  },
  {
    call: '/api/projects/:id/retainer-periods',
    path: () => `/api/projects/${seed.projectId}/retainer-periods`,
    adminOnly: [],
  },
  {
    call: '/api/projects/:id/jira-data',
    path: () => `/api/projects/${seed.projectId}/jira-data`,
    adminOnly: [],
  },
  { call: '/api/jira/projects', path: () => '/api/jira/projects', adminOnly: [] },
  { call: '/api/jira/users', path: () => '/api/jira/users', adminOnly: [] },
  {
    call: '/api/jira/tickets/completed-in-week',
    path: () => '/api/jira/tickets/completed-in-week?weekStart=2026-11-16',
    adminOnly: [],
  },
  {
    call: '/api/jira/tickets/completed-in-range',
    path: () => '/api/jira/tickets/completed-in-range?startDate=2026-11-02&endDate=2026-11-22',
    adminOnly: [],
  },
  { call: '/api/forecast/projects', path: () => '/api/forecast/projects', adminOnly: [] },
  { call: '/api/developer-availability', path: () => '/api/developer-availability', adminOnly: [] },
  {
    call: '/api/developer-available-points',
    path: () => '/api/developer-available-points?weekStart=2026-11-16',
    adminOnly: [],
  },
  { call: '/api/velocity-history', path: () => '/api/velocity-history', adminOnly: [] },
  {
    call: '/api/settings/story-points-per-developer-day',
    path: () => '/api/settings/story-points-per-developer-day',
    adminOnly: [],
  },
];

/** Names of money fields no user or staff answer may carry, whatever the call. */
const MONEY_KEYS = /(hourlyRate|ProjectValue|cost|margin)$/i;

describe('fields each call returns, by role', () => {
  for (const read of READS)
    it(`GET ${read.call}: user and staff get the admin's fields minus ${
      read.adminOnly.join(', ') || 'nothing'
    }`, async () => {
      const answers = {} as Record<Who, Set<string>>;
      for (const who of ['user', 'staff', 'admin'] as const) {
        const res = await t.request('GET', read.path(), { cookie: cookies[who] });
        expect(res.status, `${who} ${read.path()}`).toBe(200);
        answers[who] = keyPaths(await res.json());
      }
      for (const key of read.adminOnly) expect(answers.admin).toContain(key);
      const everyone = [...answers.admin].filter((k) => !read.adminOnly.includes(k)).sort();
      // /api/user names the role itself; its keys are the same for everyone.
      expect([...answers.user].sort()).toEqual(everyone);
      expect([...answers.staff].sort()).toEqual(everyone);
      for (const who of ['user', 'staff'] as const)
        expect(
          [...answers[who]].filter((k) => MONEY_KEYS.test(k)),
          who,
        ).toEqual([]);
    });
});
