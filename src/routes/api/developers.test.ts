import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/app';
import { allowConsoleErrors } from '../../../tests/helpers/console';
import { createTestDb } from '../../../tests/helpers/db';
import type { Db } from '../../db/port';
import type { AvailabilityResponse } from '../../shared/availability';
import { createDemoSpine } from '../../mocks/agency/spine';
import { createJiraHandlers } from '../../mocks/jira/handlers';
import { DEMO_JIRA } from '../../services/integrations';
import { createJiraClient } from '../../services/jira/client';
import { evaluateAlerts } from '../../services/alerts';
import type { CompletedTicketResult } from '../../shared/story-points';

// Wednesday 18 November 2026, 10:00 UTC: the current week is Monday 16 to Sunday 22 November.
const NOW = new Date('2026-11-18T10:00:00Z');
const WEEK = '2026-11-16';
const developers = createDemoSpine().developers;
const [mia, lena, omar, priya] = developers as [
  (typeof developers)[0],
  (typeof developers)[0],
  (typeof developers)[0],
  (typeof developers)[0],
];

const mockJira = setupServer();
let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let cookie: string;

function appWith(db: Db, env: Record<string, string> = {}) {
  return createTestApp(db, {
    clock: () => NOW,
    jira: createJiraClient({ ...DEMO_JIRA, maxRetries: 0 }),
    env,
  });
}

beforeAll(async () => {
  mockJira.listen({ onUnhandledRequest: 'error' });
  ({ db, drop } = await createTestDb());
  t = appWith(db);
  cookie = await t.signIn('admin');
});
beforeEach(() =>
  mockJira.use(...createJiraHandlers({ ...DEMO_JIRA, today: NOW, issueCounts: {} })),
);
afterEach(() => mockJira.resetHandlers());
afterAll(async () => {
  mockJira.close();
  await drop();
});

const get = async <T>(path: string, app = t) => {
  const res = await app.request('GET', path, { cookie });
  return { status: res.status, body: (await res.json()) as T };
};
const post = async <T = Record<string, unknown>>(path: string, body: unknown, app = t) => {
  const res = await app.request('POST', path, { cookie, body });
  return { status: res.status, body: (await res.json()) as T & { message?: string } };
};
const availablePoints = async (weekStart = WEEK) =>
  (
    await get<{ totalAvailablePoints: number }>(
      `/api/developer-available-points?weekStart=${weekStart}`,
    )
  ).body.totalAvailablePoints;

async function resetDevelopers() {
  await db.query('DELETE FROM developer_availability');
  await db.query('DELETE FROM selected_developers');
  await db.query('DELETE FROM developer_weeks');
  await db.query(`UPDATE settings SET value = '1' WHERE key = 'storyPointsPerDeveloperDay'`);
}
async function select(...devs: { accountId: string; displayName: string }[]) {
  for (const d of devs) {
    await db.query(
      'INSERT INTO selected_developers (account_id, display_name) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [d.accountId, d.displayName],
    );
  }
}
const snapshot = async () => ({
  selected: await db.query(
    'SELECT account_id, display_name, start_date, end_date FROM selected_developers ORDER BY account_id',
  ),
  cells: await db.query(
    'SELECT account_id, date, is_away FROM developer_availability ORDER BY account_id, date',
  ),
  weeks: await db.query(
    'SELECT week, points_available, team_velocity_percentage FROM developer_weeks ORDER BY week',
  ),
  setting: await db.query('SELECT value FROM settings ORDER BY key'),
});

// ---------------------------------------------------------------------------
// Synced Jira data, written as the Jira sync stores it.

let projectSeq = 0;
async function linkedProject(
  name: string,
  key: string,
  lastSync: Date | null = new Date('2026-11-18T09:00:00Z'),
) {
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO projects (name, jira_project_key, last_jira_sync) VALUES ($1, $2, $3) RETURNING id',
    [name, `${key}${++projectSeq}`, lastSync],
  );
  return row!.id;
}
let issueSeq = 0;
async function ticket(
  projectId: number,
  t: {
    type?: string;
    status?: string;
    summary?: string;
    assignee?: string | null;
    /** The assignee as a Jira account: their name and id (velocity counts tracked ids). */
    by?: { accountId: string; displayName: string };
    points?: number | null;
    updated?: string;
    enteredQa?: string[];
    otherTransitions?: [string, string][];
  },
) {
  const key = `T-${++issueSeq}`;
  await db.query(
    `INSERT INTO jira_issues (project_id, issue_key, issue_id, summary, issue_type, status_name, status_category_key, assignee_display_name, story_points, updated_at, assignee_account_id)
     VALUES ($1, $2, $3, $4, $5, $6, 'indeterminate', $7, $8, $9, $10)`,
    [
      projectId,
      key,
      String(10_000 + issueSeq),
      t.summary ?? `Ticket ${key}`,
      t.type ?? 'Story',
      t.status ?? 'Ready for QA Testing',
      t.by?.displayName ?? t.assignee ?? null,
      t.points ?? null,
      t.updated ?? '2026-11-17T12:00:00Z',
      t.by?.accountId ?? null,
    ],
  );
  let h = 0;
  for (const at of t.enteredQa ?? []) {
    await db.query(
      `INSERT INTO jira_status_transitions (project_id, issue_key, history_id, at, from_status_name, to_status_name) VALUES ($1, $2, $3, $4, 'In Progress', 'Ready for QA Testing')`,
      [projectId, key, `${key}-${h++}`, at],
    );
  }
  for (const [at, to] of t.otherTransitions ?? []) {
    await db.query(
      `INSERT INTO jira_status_transitions (project_id, issue_key, history_id, at, to_status_name) VALUES ($1, $2, $3, $4, $5)`,
      [projectId, key, `${key}-${h++}`, at, to],
    );
  }
  return key;
}
async function resetJira() {
  await db.query('DELETE FROM jira_status_transitions');
  await db.query('DELETE FROM jira_issues');
  await db.query('DELETE FROM projects');
}

describe('GET /api/jira/tickets/completed-in-week', () => {
  beforeEach(resetJira);

  it('lists Tasks, Bugs and Stories that entered Ready for QA Testing from Monday 00:00 to Sunday 23:59, with every field', async () => {
    const pay = await linkedProject('Payments <Portal>', 'PAY');
    const monday = await ticket(pay, {
      type: 'Story',
      summary: 'Refund button',
      assignee: 'Lena Ortiz',
      points: 5,
      updated: '2026-11-19T08:30:00Z',
      enteredQa: ['2026-11-16T00:00:00Z'],
    });
    const sunday = await ticket(pay, {
      type: 'Bug',
      status: 'Done',
      points: 2,
      enteredQa: ['2026-11-22T23:59:59Z'],
    });
    const task = await ticket(pay, {
      type: 'Task',
      points: null,
      enteredQa: ['2026-11-18T09:00:00Z'],
    });
    await ticket(pay, { type: 'Epic', points: 8, enteredQa: ['2026-11-18T09:00:00Z'] });
    await ticket(pay, { type: 'Sub-task', points: 1, enteredQa: ['2026-11-18T09:00:00Z'] });
    await ticket(pay, { type: 'Story', points: 3, enteredQa: ['2026-11-15T23:59:59Z'] });
    await ticket(pay, { type: 'Story', points: 3, enteredQa: ['2026-11-23T00:00:00Z'] });
    await ticket(pay, {
      type: 'Story',
      status: 'In Review',
      points: 3,
      otherTransitions: [['2026-11-18T09:00:00Z', 'In Review']],
    });

    const { status, body } = await get<CompletedTicketResult>(
      `/api/jira/tickets/completed-in-week?weekStart=${WEEK}`,
    );
    expect(status).toBe(200);
    expect(body.totalCompleted).toBe(3);
    expect(body.tickets.map((x) => x.key).sort()).toEqual([monday, sunday, task].sort());
    expect(body.tickets.find((x) => x.key === monday)).toEqual({
      key: monday,
      status: { name: 'Ready for QA Testing' },
      projectName: 'Payments <Portal>',
      summary: 'Refund button',
      assignee: { displayName: 'Lena Ortiz' },
      updated: '2026-11-19T08:30:00.000Z',
      storyPoints: 5,
    });
    expect(body.tickets.find((x) => x.key === sunday)).toMatchObject({
      status: { name: 'Done' },
      storyPoints: 2,
    });
    expect(body.tickets.find((x) => x.key === sunday)!.assignee).toBeUndefined();
    expect(body.tickets.find((x) => x.key === task)!.storyPoints).toBeNull();
  });

  it('counts a ticket once however often it re-entered QA, matches the status name in any case, and skips unlinked projects', async () => {
    const pay = await linkedProject('Payments', 'PAY');
    const twice = await ticket(pay, {
      points: 3,
      enteredQa: ['2026-11-16T09:00:00Z', '2026-11-19T09:00:00Z'],
    });
    const lower = await ticket(pay, {
      points: 1,
      otherTransitions: [['2026-11-17T09:00:00Z', 'ready for qa testing']],
    });
    const unlinked = await linkedProject('Old', 'OLD');
    await ticket(unlinked, { points: 8, enteredQa: ['2026-11-17T09:00:00Z'] });
    await db.query('UPDATE projects SET jira_project_key = NULL WHERE id = $1', [unlinked]);

    const { body } = await get<CompletedTicketResult>(
      `/api/jira/tickets/completed-in-week?weekStart=${WEEK}`,
    );
    expect(body.tickets.map((x) => x.key).sort()).toEqual([twice, lower].sort());
  });

  it('takes any day of a week as that week', async () => {
    const pay = await linkedProject('Payments', 'PAY');
    const key = await ticket(pay, { points: 3, enteredQa: ['2026-11-17T09:00:00Z'] });
    for (const day of ['2026-11-16', '2026-11-19', '2026-11-22']) {
      const { body } = await get<CompletedTicketResult>(
        `/api/jira/tickets/completed-in-week?weekStart=${day}`,
      );
      expect(body.tickets.map((x) => x.key)).toEqual([key]);
    }
    expect(
      (await get<CompletedTicketResult>('/api/jira/tickets/completed-in-week?weekStart=2026-11-23'))
        .body.totalCompleted,
    ).toBe(0);
  });

  it("bounds the week in the agency's time zone", async () => {
    const sydney = appWith(db, { AGENCY_TIMEZONE: 'Australia/Sydney' });
    const pay = await linkedProject('Payments', 'PAY');
    // Sunday 15 November 14:00 UTC is Monday 16 November 01:00 in Sydney (UTC+11).
    const early = await ticket(pay, { points: 2, enteredQa: ['2026-11-15T14:00:00Z'] });
    // Sunday 22 November 13:30 UTC is already Monday 23 November in Sydney.
    await ticket(pay, { points: 2, enteredQa: ['2026-11-22T13:30:00Z'] });
    const res = await sydney.request(
      'GET',
      `/api/jira/tickets/completed-in-week?weekStart=${WEEK}`,
      { cookie },
    );
    expect(((await res.json()) as CompletedTicketResult).tickets.map((x) => x.key)).toEqual([
      early,
    ]);
  });
});

describe('GET /api/jira/tickets/completed-in-range', () => {
  beforeEach(resetJira);

  it('includes both end days whole', async () => {
    const pay = await linkedProject('Payments', 'PAY');
    const first = await ticket(pay, { points: 1, enteredQa: ['2026-11-02T00:00:00Z'] });
    const last = await ticket(pay, { points: 2, enteredQa: ['2026-11-10T23:59:00Z'] });
    await ticket(pay, { points: 4, enteredQa: ['2026-11-11T00:00:00Z'] });
    const { status, body } = await get<CompletedTicketResult>(
      '/api/jira/tickets/completed-in-range?startDate=2026-11-02&endDate=2026-11-10',
    );
    expect(status).toBe(200);
    expect(body.tickets.map((x) => x.key).sort()).toEqual([first, last].sort());
    const oneDay = await get<CompletedTicketResult>(
      '/api/jira/tickets/completed-in-range?startDate=2026-11-10&endDate=2026-11-10',
    );
    expect(oneDay.body.tickets.map((x) => x.key)).toEqual([last]);
  });
});

describe('bad input to the reads', () => {
  const cases: [string, string, RegExp][] = [
    ['a malformed week', '/api/jira/tickets/completed-in-week?weekStart=16-11-2026', /weekStart/],
    [
      'an impossible week date',
      '/api/jira/tickets/completed-in-week?weekStart=2026-02-30',
      /weekStart/,
    ],
    ['a missing week', '/api/jira/tickets/completed-in-week', /weekStart/],
    [
      'an extra parameter',
      '/api/jira/tickets/completed-in-week?weekStart=2026-11-16&project=PAY',
      /project|Unrecognized/i,
    ],
    [
      'a malformed available-points week',
      '/api/developer-available-points?weekStart=2026-11-1',
      /weekStart/,
    ],
    [
      'SQL in the week',
      "/api/developer-available-points?weekStart=2026-11-16'%20OR%201=1--",
      /weekStart/,
    ],
    [
      'an impossible week for the availability grid',
      '/api/developer-availability?weekStart=2026-11-31',
      /weekStart must be a real date/,
    ],
    [
      'an unknown parameter for the availability grid',
      '/api/developer-availability?week=2026-11-16',
      /week|Unrecognized/i,
    ],
    [
      'a malformed start',
      '/api/jira/tickets/completed-in-range?startDate=2026/11/02&endDate=2026-11-10',
      /startDate/,
    ],
    ['a missing end', '/api/jira/tickets/completed-in-range?startDate=2026-11-02', /endDate/],
    [
      'a start after its end',
      '/api/jira/tickets/completed-in-range?startDate=2026-11-11&endDate=2026-11-10',
      /startDate must not be after endDate/,
    ],
    [
      'a range longer than a year',
      '/api/jira/tickets/completed-in-range?startDate=2025-11-01&endDate=2026-11-02',
      /at most 366 days/,
    ],
  ];
  for (const [what, path, message] of cases) {
    it(`answers ${what} with 400 and a clear message`, async () => {
      const { status, body } = await get<{ message: string }>(path);
      expect(status).toBe(400);
      expect(body.message).toMatch(message);
    });
  }

  it('accepts a range of exactly a leap year', async () => {
    expect(
      (await get('/api/jira/tickets/completed-in-range?startDate=2028-01-01&endDate=2028-12-31'))
        .status,
    ).toBe(200);
  });

  it('answers every call with 401 when signed out', async () => {
    for (const [method, path] of [
      ['GET', `/api/jira/tickets/completed-in-week?weekStart=${WEEK}`],
      ['GET', `/api/developer-available-points?weekStart=${WEEK}`],
      ['GET', '/api/jira/tickets/completed-in-range?startDate=2026-11-16&endDate=2026-11-22'],
      ['GET', '/api/velocity-history'],
      ['GET', '/api/jira/users'],
      ['GET', '/api/developer-availability'],
      ['POST', '/api/developer-availability'],
      ['POST', '/api/developer-end-date'],
      ['POST', '/api/developer-start-date'],
      ['GET', '/api/settings/story-points-per-developer-day'],
      ['PUT', '/api/settings/story-points-per-developer-day'],
    ] as const) {
      const res = await t.request(method, path, method === 'GET' ? {} : { body: {} });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('leaves other calls alone: an unknown call is still a 404 for a signed-out visitor', async () => {
    expect((await t.request('GET', '/api/no-such-call')).status).toBe(404);
  });
});

describe("available points (the design's rule for available points)", () => {
  beforeEach(resetDevelopers);

  it('counts weekdays within employment dates and not away, times the points per day', async () => {
    await select(mia, lena, omar, priya, developers[4]!);
    // Mia: the whole week, 5. Lena: away Tuesday and Wednesday, 3. Omar: ends Wednesday, 3.
    // Priya: starts Thursday, 2. The fifth left before this week, 0. Weekend days never count.
    await db.query(
      `INSERT INTO developer_availability (account_id, display_name, date, is_away) VALUES
      ($1, 'x', '2026-11-17', true), ($1, 'x', '2026-11-18', true), ($2, 'x', '2026-11-21', true), ($2, 'x', '2026-11-19', false)`,
      [lena.accountId, mia.accountId],
    );
    await db.query(`UPDATE selected_developers SET end_date = '2026-11-18' WHERE account_id = $1`, [
      omar.accountId,
    ]);
    await db.query(
      `UPDATE selected_developers SET start_date = '2026-11-19' WHERE account_id = $1`,
      [priya.accountId],
    );
    await db.query(`UPDATE selected_developers SET end_date = '2026-11-13' WHERE account_id = $1`, [
      developers[4]!.accountId,
    ]);
    expect(await availablePoints()).toBe(13);
    expect(await availablePoints('2026-11-20')).toBe(13);

    const put = await t.request('PUT', '/api/settings/story-points-per-developer-day', {
      cookie,
      body: { storyPointsPerDeveloperDay: 2.5 },
    });
    expect(put.status).toBe(200);
    expect(await availablePoints()).toBe(32.5);
    expect(
      (
        await get<{ storyPointsPerDeveloperDay: number }>(
          '/api/settings/story-points-per-developer-day',
        )
      ).body,
    ).toEqual({ storyPointsPerDeveloperDay: 2.5 });
  });

  it('is 0 with nobody selected', async () => {
    expect(await availablePoints()).toBe(0);
  });

  for (const [what, body] of [
    ['a negative number', { storyPointsPerDeveloperDay: -1 }],
    ['more than 100', { storyPointsPerDeveloperDay: 101 }],
    ['a string', { storyPointsPerDeveloperDay: '2' }],
    ['three decimals', { storyPointsPerDeveloperDay: 1.125 }],
    ['a missing value', {}],
    ['an extra field', { storyPointsPerDeveloperDay: 2, other: 1 }],
  ] as const) {
    it(`refuses ${what} for the points setting and keeps the old value`, async () => {
      const res = await t.request('PUT', '/api/settings/story-points-per-developer-day', {
        cookie,
        body,
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message.length).toBeGreaterThan(5);
      expect(
        (
          await get<{ storyPointsPerDeveloperDay: number }>(
            '/api/settings/story-points-per-developer-day',
          )
        ).body.storyPointsPerDeveloperDay,
      ).toBe(1);
    });
  }
});

describe('GET /api/jira/users', () => {
  it('lists the active human Jira users only', async () => {
    const { status, body } = await get<{
      users: { accountId: string; displayName: string; emailAddress?: string }[];
    }>('/api/jira/users');
    expect(status).toBe(200);
    expect(body.users).toHaveLength(developers.length + 1);
    expect(body.users).toContainEqual({
      accountId: mia.accountId,
      displayName: mia.displayName,
      emailAddress: mia.email,
    });
    expect(body.users.map((u) => u.displayName)).not.toContain('Automation for Jira');
    expect(body.users.map((u) => u.displayName)).not.toContain('Former Contractor');
  });

  it('answers 502 naming Jira when Jira fails', async () => {
    mockJira.use(
      ...createJiraHandlers({
        ...DEMO_JIRA,
        today: NOW,
        issueCounts: {},
        faults: [{ kind: 'serverError', path: '/rest/api/3/users/search' }],
      }),
    );
    const { status, body } = await get<{ message: string }>('/api/jira/users');
    expect(status).toBe(502);
    expect(body.message).toMatch(/^Jira/);
  });
});

describe('developer availability', () => {
  beforeEach(resetDevelopers);

  it('adds team members with their Jira names, saves the sent cells, and reads them back', async () => {
    const saved = await post<AvailabilityResponse>('/api/developer-availability', {
      developers: {
        [mia.displayName]: { '2026-11-17': true, '2026-11-18': true },
        [lena.displayName]: {},
      },
      selectedDevelopersList: [mia.accountId, lena.accountId],
    });
    expect(saved.status).toBe(200);
    const { body } = await get<AvailabilityResponse>('/api/developer-availability');
    expect(body).toEqual(saved.body);
    expect(body.developers).toEqual({
      [mia.displayName]: { '2026-11-17': true, '2026-11-18': true },
      [lena.displayName]: {},
    });
    expect(body.selectedDevelopersList.sort()).toEqual([mia.accountId, lena.accountId].sort());
    expect(body.developersWithEndDates).toEqual([]);
    expect(await availablePoints()).toBe(8);
  });

  it('writes only the cells a save sends, and a cell set back to available stays stored as available', async () => {
    await select(mia);
    await post('/api/developer-availability', {
      developers: { [mia.displayName]: { '2026-11-16': true, '2026-11-17': true } },
      selectedDevelopersList: [mia.accountId],
    });
    await post('/api/developer-availability', {
      developers: { [mia.displayName]: { '2026-11-17': false } },
      selectedDevelopersList: [mia.accountId],
    });
    const { body } = await get<AvailabilityResponse>('/api/developer-availability');
    expect(body.developers[mia.displayName]).toEqual({ '2026-11-16': true, '2026-11-17': false });
  });

  it('changes nothing for a body that names nobody: removing is explicit and keeps the days', async () => {
    await select(mia, lena);
    await post('/api/developer-availability', {
      developers: { [lena.displayName]: { '2026-11-17': true } },
      selectedDevelopersList: [mia.accountId, lena.accountId],
    });
    const before = await snapshot();
    // The attack's body: an empty team and no days. It adds nobody and removes nobody.
    const empty = await post<AvailabilityResponse>('/api/developer-availability', {
      developers: {},
      selectedDevelopersList: [],
    });
    expect(empty.status).toBe(200);
    expect(await snapshot()).toEqual(before);

    const removed = await post<AvailabilityResponse>('/api/developer-availability', {
      developers: {},
      selectedDevelopersList: [mia.accountId],
      removeDevelopers: [lena.accountId],
    });
    expect(removed.status).toBe(200);
    expect(removed.body.selectedDevelopersList).toEqual([mia.accountId]);
    expect(removed.body.developers).toEqual({ [mia.displayName]: {} });

    // Added again, Lena's away day is there again.
    await post('/api/developer-availability', {
      developers: { [lena.displayName]: {} },
      selectedDevelopersList: [mia.accountId, lena.accountId],
    });
    const { body } = await get<AvailabilityResponse>('/api/developer-availability');
    expect(body.developers[lena.displayName]).toEqual({ '2026-11-17': true });
  });

  it('refuses to remove someone who is not on the team, or to keep and remove the same person', async () => {
    await select(mia);
    const before = await snapshot();
    const stranger = await post('/api/developer-availability', {
      developers: {},
      selectedDevelopersList: [mia.accountId],
      removeDevelopers: ['nobody-selected'],
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe(
      'Cannot remove nobody-selected: not a selected team member. Nothing was saved.',
    );
    const both = await post('/api/developer-availability', {
      developers: {},
      selectedDevelopersList: [mia.accountId],
      removeDevelopers: [mia.accountId],
    });
    expect(both.status).toBe(400);
    expect(both.body.message).toMatch(
      /both kept in selectedDevelopersList and named in removeDevelopers/,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('keeps both of two saves made at the same time for different developers and different weeks', async () => {
    await select(mia, lena);
    const both = [mia.accountId, lena.accountId];
    const [a, b] = await Promise.all([
      t.request('POST', '/api/developer-availability', {
        cookie,
        body: {
          developers: { [mia.displayName]: { '2026-11-16': true, '2026-11-17': true } },
          selectedDevelopersList: both,
        },
      }),
      t.request('POST', '/api/developer-availability', {
        cookie,
        body: {
          developers: {
            [lena.displayName]: { '2026-11-23': true },
            [mia.displayName]: { '2026-11-24': true },
          },
          selectedDevelopersList: both,
        },
      }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const { body } = await get<AvailabilityResponse>('/api/developer-availability');
    expect(body.developers).toEqual({
      [mia.displayName]: { '2026-11-16': true, '2026-11-17': true, '2026-11-24': true },
      [lena.displayName]: { '2026-11-23': true },
    });
  });

  it('keeps both team members two people add at the same time', async () => {
    await select(mia);
    const [a, b] = await Promise.all([
      t.request('POST', '/api/developer-availability', {
        cookie,
        body: {
          developers: { [lena.displayName]: {} },
          selectedDevelopersList: [mia.accountId, lena.accountId],
          previousSelectedDevelopersList: [mia.accountId],
        },
      }),
      t.request('POST', '/api/developer-availability', {
        cookie,
        body: {
          developers: { [omar.displayName]: { '2026-11-18': true } },
          selectedDevelopersList: [mia.accountId, omar.accountId],
          previousSelectedDevelopersList: [mia.accountId],
        },
      }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const { body } = await get<AvailabilityResponse>('/api/developer-availability');
    expect(body.selectedDevelopersList.sort()).toEqual(
      [mia.accountId, lena.accountId, omar.accountId].sort(),
    );
    expect(body.developers[omar.displayName]).toEqual({ '2026-11-18': true });
  });

  it('many concurrent saves of different cells all keep their cells', async () => {
    await select(mia, lena, omar);
    const days = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];
    const people = [mia, lena, omar];
    const results = await Promise.all(
      people.flatMap((p) =>
        days.map((day) =>
          t.request('POST', '/api/developer-availability', {
            cookie,
            body: {
              developers: { [p.displayName]: { [day]: true } },
              selectedDevelopersList: people.map((x) => x.accountId),
            },
          }),
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(15).fill(200));
    expect(await availablePoints()).toBe(0);
  });

  const badSaves: [string, unknown, RegExp][] = [
    [
      'an unknown account id',
      { developers: {}, selectedDevelopersList: ['no-such-account'] },
      /Unknown Jira account id: no-such-account/,
    ],
    [
      'a developer name that is not selected',
      { developers: { 'Nobody Here': { '2026-11-16': true } }, selectedDevelopersList: [] },
      /"Nobody Here" is not a selected team member/,
    ],
    [
      'a malformed date',
      { developers: { 'Mia Chen': { '16/11/2026': true } }, selectedDevelopersList: [] },
      /"16\/11\/2026" is not a real date/,
    ],
    [
      'an impossible date',
      {
        developers: { [mia.displayName]: { '2026-02-30': true } },
        selectedDevelopersList: [mia.accountId],
      },
      /"2026-02-30" is not a real date/,
    ],
    [
      'a flag that is not a boolean',
      {
        developers: { [mia.displayName]: { '2026-11-16': 'yes' } },
        selectedDevelopersList: [mia.accountId],
      },
      /true \(away\) or false/,
    ],
    ['a missing selection', { developers: {} }, /selectedDevelopersList/],
    [
      'an over-long account id',
      { developers: {}, selectedDevelopersList: ['x'.repeat(256)] },
      /at most 255/,
    ],
    [
      'an extra field',
      { developers: {}, selectedDevelopersList: [], admin: true },
      /admin|Unrecognized/i,
    ],
    ['an array body', [], /object|expected/i],
  ];
  for (const [what, body, message] of badSaves) {
    it(`answers ${what} with 400 and changes nothing`, async () => {
      await select(mia);
      await db.query(
        `INSERT INTO developer_availability (account_id, display_name, date, is_away) VALUES ($1, 'x', '2026-11-16', true)`,
        [mia.accountId],
      );
      const before = await snapshot();
      const res = await post('/api/developer-availability', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(await snapshot()).toEqual(before);
    });
  }

  it('answers 502 and changes nothing when Jira cannot confirm a new team member', async () => {
    await select(mia);
    mockJira.use(
      ...createJiraHandlers({
        ...DEMO_JIRA,
        today: NOW,
        issueCounts: {},
        faults: [{ kind: 'serverError', path: '/rest/api/3/users/search' }],
      }),
    );
    const before = await snapshot();
    const res = await post('/api/developer-availability', {
      developers: { [mia.displayName]: { '2026-11-16': true }, [lena.displayName]: {} },
      selectedDevelopersList: [mia.accountId, lena.accountId],
    });
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/^Jira/);
    expect(await snapshot()).toEqual(before);
  });

  it('undoes the whole save when a write fails halfway', async () => {
    allowConsoleErrors();
    await select(mia);
    const failing: Db = {
      ...db,
      kind: db.kind,
      query: (text, params) => db.query(text, params),
      transaction: (fn) =>
        db.transaction((tx) =>
          fn({
            ...tx,
            kind: tx.kind,
            query: (text, params) =>
              text.includes('INSERT INTO developer_availability')
                ? Promise.reject(new Error('disk full'))
                : tx.query(text, params),
          }),
        ),
      exec: (text) => db.exec(text),
      close: () => Promise.resolve(),
    };
    const broken = appWith(failing);
    const brokenCookie = await broken.signIn('admin');
    const before = await snapshot();
    const res = await broken.request('POST', '/api/developer-availability', {
      cookie: brokenCookie,
      body: {
        developers: {
          [mia.displayName]: { '2026-11-16': true },
          [lena.displayName]: { '2026-11-17': true },
        },
        selectedDevelopersList: [mia.accountId, lena.accountId],
      },
    });
    expect(res.status).toBe(500);
    expect(((await res.json()) as { message: string }).message).toMatch(/went wrong/);
    expect(await snapshot()).toEqual(before);
  });
});

describe('start and end of employment', () => {
  beforeEach(resetDevelopers);

  it('sets and clears an end date, and the available points follow', async () => {
    await select(mia, lena);
    expect(await availablePoints()).toBe(10);
    const set = await post('/api/developer-end-date', {
      accountId: lena.accountId,
      endDate: '2026-11-17',
    });
    expect(set.status).toBe(200);
    expect(await availablePoints()).toBe(7);
    const { body } = await get<AvailabilityResponse>('/api/developer-availability');
    expect(body.developersWithEndDates).toEqual([
      { accountId: lena.accountId, endDate: '2026-11-17' },
    ]);
    const cleared = await post('/api/developer-end-date', {
      accountId: lena.accountId,
      endDate: null,
    });
    expect(cleared.status).toBe(200);
    expect(await availablePoints()).toBe(10);
    expect(
      (await get<AvailabilityResponse>('/api/developer-availability')).body.developersWithEndDates,
    ).toEqual([]);
  });

  it('sets and clears a start date', async () => {
    await select(mia);
    expect(
      (
        await post('/api/developer-start-date', {
          accountId: mia.accountId,
          startDate: '2026-11-20',
        })
      ).status,
    ).toBe(200);
    expect(await availablePoints()).toBe(1);
    expect(
      (await get<AvailabilityResponse>('/api/developer-availability')).body.developersWithEndDates,
    ).toEqual([{ accountId: mia.accountId, startDate: '2026-11-20' }]);
    expect(
      (await post('/api/developer-start-date', { accountId: mia.accountId, startDate: null }))
        .status,
    ).toBe(200);
    expect(await availablePoints()).toBe(5);
  });

  const bad: [string, string, unknown, RegExp][] = [
    [
      'an end date before the start date',
      '/api/developer-end-date',
      { accountId: 'MIA', endDate: '2026-11-09' },
      /end date 2026-11-09 is before the start date 2026-11-10/,
    ],
    [
      'a start date after the end date',
      '/api/developer-start-date',
      { accountId: 'MIA', startDate: '2026-12-01' },
      /start date 2026-12-01 is after the end date 2026-11-30/,
    ],
    [
      'an unknown account id',
      '/api/developer-end-date',
      { accountId: 'no-such-account', endDate: '2026-11-20' },
      /Unknown account id/,
    ],
    [
      'a malformed date',
      '/api/developer-end-date',
      { accountId: 'MIA', endDate: '20-11-2026' },
      /endDate/,
    ],
    [
      'an impossible date',
      '/api/developer-start-date',
      { accountId: 'MIA', startDate: '2026-13-01' },
      /startDate/,
    ],
    ['a missing date', '/api/developer-end-date', { accountId: 'MIA' }, /endDate/],
    ['a missing account id', '/api/developer-start-date', { startDate: null }, /accountId/],
    [
      'an empty string for a date',
      '/api/developer-end-date',
      { accountId: 'MIA', endDate: '' },
      /endDate/,
    ],
  ];
  for (const [what, path, body, message] of bad) {
    it(`answers ${what} with 400 and changes nothing`, async () => {
      await select(mia);
      await db.query(
        `UPDATE selected_developers SET start_date = '2026-11-10', end_date = '2026-11-30' WHERE account_id = $1`,
        [mia.accountId],
      );
      const before = await snapshot();
      const withId = JSON.parse(
        JSON.stringify(body).replace('"MIA"', JSON.stringify(mia.accountId)),
      ) as unknown;
      const res = await post(path, withId);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(await snapshot()).toEqual(before);
    });
  }
});

describe('days outside employment', () => {
  beforeEach(resetDevelopers);

  it('refuses to mark a day before the start or after the end with a 400, and changes nothing', async () => {
    await select(mia, lena);
    await db.query(
      `UPDATE selected_developers SET start_date = '2026-11-18', end_date = '2026-11-19' WHERE account_id = $1`,
      [mia.accountId],
    );
    await post('/api/developer-availability', {
      developers: { [lena.displayName]: { '2026-11-16': true } },
      selectedDevelopersList: [mia.accountId, lena.accountId],
    });
    const before = await snapshot();
    for (const day of ['2026-11-17', '2026-11-20']) {
      const res = await post('/api/developer-availability', {
        developers: {
          [lena.displayName]: { '2026-11-17': true },
          [mia.displayName]: { [day]: true },
        },
        selectedDevelopersList: [mia.accountId, lena.accountId],
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(`${mia.displayName} `);
      expect(res.body.message).toContain(`on ${day}: a day outside employment cannot be marked`);
      expect(await snapshot()).toEqual(before);
    }
    // Within the range the same save goes through.
    const ok = await post('/api/developer-availability', {
      developers: { [mia.displayName]: { '2026-11-18': true } },
      selectedDevelopersList: [mia.accountId, lena.accountId],
    });
    expect(ok.status).toBe(200);
  });
});

describe('GET /api/velocity-history', () => {
  beforeEach(async () => {
    await resetJira();
    await resetDevelopers();
  });

  it('gives eight weeks ending with this one, velocity = round(points / available × 100)', async () => {
    await select(mia, lena);
    const pay = await linkedProject('Payments', 'PAY');
    // This week: 7 points of 10 available = 70%. Last week: 13 of 10 = 130%.
    await ticket(pay, { by: mia, points: 5, enteredQa: ['2026-11-17T10:00:00Z'] });
    await ticket(pay, { by: lena, points: 2, enteredQa: ['2026-11-18T08:00:00Z'] });
    await ticket(pay, { by: lena, points: 13, enteredQa: ['2026-11-12T10:00:00Z'] });
    await ticket(pay, { by: mia, points: 1, enteredQa: ['2026-10-27T10:00:00Z'] });
    // Points of someone not tracked, and of nobody, count in Total Story Points, not in velocity.
    await ticket(pay, { by: omar, points: 8, enteredQa: ['2026-11-17T11:00:00Z'] });
    await ticket(pay, { points: 3, enteredQa: ['2026-11-12T11:00:00Z'] });
    await db.query(
      `INSERT INTO developer_availability (account_id, display_name, date, is_away) VALUES ($1, 'x', '2026-10-26', true), ($1, 'x', '2026-10-27', true)`,
      [mia.accountId],
    );
    await db.query(
      `UPDATE selected_developers SET start_date = '2026-10-29' WHERE account_id = $1`,
      [lena.accountId],
    );

    const { status, body } =
      await get<{ weekStart: string; velocityPercentage: number }[]>('/api/velocity-history');
    expect(status).toBe(200);
    expect(body.map((e) => e.weekStart)).toEqual([
      '2026-09-28',
      '2026-10-05',
      '2026-10-12',
      '2026-10-19',
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
    ]);
    // Week of 26 October: Mia 3 days, Lena Thursday and Friday: 1 point of 5 available = 20%.
    expect(body.map((e) => e.velocityPercentage)).toEqual([0, 0, 0, 0, 20, 0, 130, 70]);
  });

  it('stores finished weeks once synced past their end, then reads them back without recomputing', async () => {
    await select(mia);
    const pay = await linkedProject('Payments', 'PAY');
    const lastWeek = await ticket(pay, {
      by: mia,
      points: 4,
      updated: '2026-11-12T11:00:00Z',
      enteredQa: ['2026-11-12T10:00:00Z'],
    });
    await ticket(pay, { by: mia, points: 1, enteredQa: ['2026-11-17T10:00:00Z'] });
    const first = await get<{ velocityPercentage: number }[]>('/api/velocity-history');
    expect(first.body.slice(-2).map((e) => e.velocityPercentage)).toEqual([80, 20]);
    const stored = await db.query<{
      week: string;
      story_points_completed: number;
      total_tickets: number;
      daily_stats: { date: string; tickets: number; storyPoints: number }[];
    }>(
      'SELECT week, story_points_completed, total_tickets, daily_stats FROM developer_weeks ORDER BY week',
    );
    expect(stored.map((r) => r.week)).toEqual([
      '2026-09-28',
      '2026-10-05',
      '2026-10-12',
      '2026-10-19',
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
    ]);
    expect(stored.at(-1)).toMatchObject({ story_points_completed: 4, total_tickets: 1 });
    expect(
      stored.at(-1)!.daily_stats.map((d) => `${d.date} ${d.tickets} ${d.storyPoints}`),
    ).toEqual([
      '2026-11-09 0 0',
      '2026-11-10 0 0',
      '2026-11-11 0 0',
      '2026-11-12 1 4',
      '2026-11-13 0 0',
      '2026-11-14 0 0',
      '2026-11-15 0 0',
    ]);

    // Jira data changes after the fact: the stored week keeps its figures, this week follows the data.
    await db.query('DELETE FROM jira_issues WHERE issue_key = $1', [lastWeek]);
    await ticket(pay, { by: mia, points: 3, enteredQa: ['2026-11-18T09:00:00Z'] });
    const second = await get<{ velocityPercentage: number }[]>('/api/velocity-history');
    expect(second.body.slice(-2).map((e) => e.velocityPercentage)).toEqual([80, 80]);
  });

  it('does not store a finished week while a linked project has not been synced since it ended', async () => {
    await select(mia);
    await linkedProject('Synced', 'SYN');
    const stale = await linkedProject('Stale', 'STL', new Date('2026-11-15T12:00:00Z'));
    await get('/api/velocity-history');
    const weeks = async () =>
      (await db.query<{ week: string }>('SELECT week FROM developer_weeks ORDER BY week')).map(
        (r) => r.week,
      );
    // Last week ended on Monday 16 November 00:00, after the stale project's last sync.
    expect(await weeks()).toEqual([
      '2026-09-28',
      '2026-10-05',
      '2026-10-12',
      '2026-10-19',
      '2026-10-26',
      '2026-11-02',
    ]);
    await db.query('UPDATE projects SET last_jira_sync = NULL WHERE id = $1', [stale]);
    await db.query('DELETE FROM developer_weeks');
    await get('/api/velocity-history');
    expect(await weeks()).toEqual([]);
  });

  it('keeps finished weeks as stored: only a correction of their away days changes them', async () => {
    await select(mia);
    const pay = await linkedProject('Payments', 'PAY');
    await ticket(pay, { by: mia, points: 4, enteredQa: ['2026-11-12T10:00:00Z'] });
    const lastWeek = async () =>
      (await get<{ velocityPercentage: number }[]>('/api/velocity-history')).body.at(-2)!
        .velocityPercentage;
    expect(await lastWeek()).toBe(80);

    // A day of that week corrected to away: 4 points of 4 available days.
    await post('/api/developer-availability', {
      developers: { [mia.displayName]: { '2026-11-09': true } },
      selectedDevelopersList: [mia.accountId],
    });
    expect(await lastWeek()).toBe(100);

    // Neither the setting, nor an end date, nor emptying the team rewrites it.
    await t.request('PUT', '/api/settings/story-points-per-developer-day', {
      cookie,
      body: { storyPointsPerDeveloperDay: 2 },
    });
    expect(await lastWeek()).toBe(100);
    await post('/api/developer-end-date', { accountId: mia.accountId, endDate: '2026-11-10' });
    expect(await lastWeek()).toBe(100);
    await post('/api/developer-availability', {
      developers: {},
      selectedDevelopersList: [],
      removeDevelopers: [mia.accountId],
    });
    expect(await lastWeek()).toBe(100);
    const [week] = await db.query<{ points_available: number }>(
      `SELECT points_available FROM developer_weeks WHERE week = '2026-11-09'`,
    );
    expect(Number(week!.points_available)).toBe(4);
  });
});

describe('velocity over the tracked people (docs/decisions/391)', () => {
  beforeEach(async () => {
    await resetJira();
    await resetDevelopers();
  });

  it('answers tracked and untracked points that add up to the week, and velocity from the tracked', async () => {
    await select(mia, lena);
    const pay = await linkedProject('Payments', 'PAY');
    await ticket(pay, { by: mia, points: 5, enteredQa: ['2026-11-17T10:00:00Z'] });
    await ticket(pay, { by: lena, points: 2.5, enteredQa: ['2026-11-18T08:00:00Z'] });
    await ticket(pay, { by: omar, points: 8, enteredQa: ['2026-11-17T11:00:00Z'] });
    await ticket(pay, { by: omar, points: 5, enteredQa: ['2026-11-19T11:00:00Z'] });
    await ticket(pay, { points: 3, enteredQa: ['2026-11-18T11:00:00Z'] });
    await ticket(pay, { by: lena, points: null, enteredQa: ['2026-11-18T12:00:00Z'] });

    const week = await get<{
      totalAvailablePoints: number;
      trackedStoryPoints: number;
      untracked: { accountId: string | null; displayName: string; storyPoints: number }[];
      velocityPercentage: number;
    }>(`/api/developer-available-points?weekStart=${WEEK}`);
    expect(week.status).toBe(200);
    // Mia and Lena, five days each at 1 point a day: 10 available; 7.5 tracked points = 75%.
    expect(week.body).toEqual({
      totalAvailablePoints: 10,
      trackedStoryPoints: 7.5,
      untracked: [
        { accountId: omar.accountId, displayName: omar.displayName, storyPoints: 13 },
        { accountId: null, displayName: 'Unassigned', storyPoints: 3 },
      ],
      velocityPercentage: 75,
    });
    const tickets = await get<CompletedTicketResult>(
      `/api/jira/tickets/completed-in-week?weekStart=${WEEK}`,
    );
    const total = tickets.body.tickets.reduce((sum, x) => sum + (x.storyPoints ?? 0), 0);
    const untracked = week.body.untracked.reduce((sum, u) => sum + u.storyPoints, 0);
    expect(week.body.trackedStoryPoints + untracked).toBe(total);
    expect(total).toBe(23.5);
    // The history's this week is the same figure.
    const history = await get<{ velocityPercentage: number }[]>('/api/velocity-history');
    expect(history.body.at(-1)!.velocityPercentage).toBe(75);

    // Tracking Omar moves his points into velocity: 20.5 of 15 available = 137%.
    await post('/api/developer-availability', {
      developers: {},
      selectedDevelopersList: [omar.accountId],
    });
    const after = await get<{ trackedStoryPoints: number; velocityPercentage: number }>(
      `/api/developer-available-points?weekStart=${WEEK}`,
    );
    expect(after.body).toMatchObject({ trackedStoryPoints: 20.5, velocityPercentage: 137 });
  });

  it('answers velocity 0 with nobody tracked, every point untracked', async () => {
    const pay = await linkedProject('Payments', 'PAY');
    await ticket(pay, { by: mia, points: 5, enteredQa: ['2026-11-17T10:00:00Z'] });
    const { body } = await get<Record<string, unknown>>(
      `/api/developer-available-points?weekStart=${WEEK}`,
    );
    expect(body).toEqual({
      totalAvailablePoints: 0,
      trackedStoryPoints: 0,
      untracked: [{ accountId: mia.accountId, displayName: mia.displayName, storyPoints: 5 }],
      velocityPercentage: 0,
    });
  });

  it('gives a week stored before tracked points were kept its tracked points, from the team it was stored with', async () => {
    await select(mia);
    const pay = await linkedProject('Payments', 'PAY');
    await ticket(pay, { by: mia, points: 4, enteredQa: ['2026-11-12T10:00:00Z'] });
    await ticket(pay, { by: omar, points: 6, enteredQa: ['2026-11-12T11:00:00Z'] });
    expect(
      (await get<{ velocityPercentage: number }[]>('/api/velocity-history')).body.at(-2),
    ).toMatchObject({ velocityPercentage: 80 });
    // As a database migrated from before: the total's velocity, no tracked points.
    await db.query(
      `UPDATE developer_weeks SET tracked_story_points = NULL, team_velocity_percentage = 200 WHERE week = '2026-11-09'`,
    );
    // Omar tracked since: the week keeps the team it was stored with (Mia alone).
    await select(omar);
    const history = await get<{ velocityPercentage: number }[]>('/api/velocity-history');
    expect(history.body.at(-2)!.velocityPercentage).toBe(80);
    const [row] = await db.query<{ tracked_story_points: number }>(
      `SELECT tracked_story_points FROM developer_weeks WHERE week = '2026-11-09'`,
    );
    expect(Number(row!.tracked_story_points)).toBe(4);
  });
});

describe('Confirm week (docs/decisions/392)', () => {
  beforeEach(async () => {
    await resetJira();
    await resetDevelopers();
    await db.query('DELETE FROM alerts');
    await db.query('DELETE FROM availability_confirmed_weeks');
  });
  // Thursday 19 November: next week's availability is asked for from today.
  const thursday = new Date('2026-11-19T09:00:00Z');
  const evaluate = () =>
    evaluateAlerts({
      db,
      now: thursday,
      timeZone: 'UTC',
      qaStatus: 'Ready for QA Testing',
      publicHolidays: null,
      companyCurrency: 'USD',
    });
  const openAvailability = async () =>
    (
      await db.query<{ subject: string }>(
        `SELECT subject FROM alerts WHERE rule = 'availability' AND closed_at IS NULL ORDER BY subject`,
      )
    ).map((r) => r.subject);

  it('saves a week as it is, audited, and closes its alert for good', async () => {
    // Mia has no Forecast calendar and nothing saved for next week: she is reminded.
    await select(mia);
    await evaluate();
    expect(await openAvailability()).toEqual([`developer:${mia.accountId}`]);

    const res = await post<{ weekStart: string; alertsClosed: number }>(
      '/api/developer-availability/confirm',
      { weekStart: '2026-11-25' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ weekStart: '2026-11-23', alertsClosed: 1 });
    expect(await openAvailability()).toEqual([]);
    const [entry] = await db.query<{ kind: string; summary: string; after: unknown }>(
      `SELECT kind, summary, after FROM audit_log ORDER BY id DESC LIMIT 1`,
    );
    expect(entry).toEqual({
      kind: 'developers.availability',
      summary: 'Confirmed the week of 2026-11-23 as it is; 1 alert closed',
      after: { confirmed: '2026-11-23' },
    });
    // The next pass does not open it again.
    await evaluate();
    expect(await openAvailability()).toEqual([]);
  });

  it('raises no alert for someone whose Forecast calendar describes the week', async () => {
    await select(mia, lena);
    await db.query('DELETE FROM people');
    const [c] = await db.query<{ id: number }>(
      `INSERT INTO capacity_persons (id, name, team, monday, tuesday, wednesday, thursday, friday, saturday, sunday)
       VALUES (9001, 'Mia Chen', 'Team 1', 450, 450, 450, 450, 450, 0, 0) RETURNING id`,
    );
    await db.query(
      `INSERT INTO people (name, jira_account_id, forecast_person_id) VALUES ('Mia Chen', $1, $2)`,
      [mia.accountId, c!.id],
    );
    await evaluate();
    expect(await openAvailability()).toEqual([`developer:${lena.accountId}`]);
    await db.query('DELETE FROM people');
    await db.query('DELETE FROM capacity_persons');
  });

  it('refuses a week that is not a date, and a plain user, changing nothing', async () => {
    const bad = await post('/api/developer-availability/confirm', { weekStart: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('weekStart');
    const user = await t.signIn('user');
    const refused = await t.request('POST', '/api/developer-availability/confirm', {
      cookie: user,
      body: { weekStart: '2026-11-23' },
    });
    expect(refused.status).toBe(403);
    expect(await db.query('SELECT 1 FROM availability_confirmed_weeks')).toEqual([]);
  });
});
