import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../tests/helpers/db';
import { replaceJiraData, type JiraSnapshot, type JiraTicket } from '../../db/jira';
import type { Db } from '../../db/port';
import { createJiraDemoData, DEMO_SITE_URL, HOSTILE_SUMMARY } from '../../mocks/jira/data';
import { createJiraHandlers } from '../../mocks/jira/handlers';
import { weekRangeInZone } from '../../shared/time-zones';
import { createJiraClient } from './client';
import { getJiraOverview, readyForQaTickets } from './queries';
import { linkJiraProject } from './sync';

let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
});
afterAll(() => drop());

async function project(name: string, key: string | null): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO projects (name, jira_project_key) VALUES ($1, $2) RETURNING id',
    [name, key],
  );
  return row!.id;
}

let seq = 0;
function ticket(key: string, over: Partial<JiraTicket> = {}): JiraTicket {
  return {
    id: String(20_000 + ++seq),
    key,
    summary: `Summary of ${key}`,
    issueType: 'Story',
    statusId: '3',
    statusName: 'In Progress',
    statusCategoryKey: 'indeterminate',
    assignee: { accountId: 'acc-lena', displayName: 'Lena Ortiz' },
    storyPoints: 3,
    created: new Date('2026-11-02T09:00:00Z'),
    updated: new Date('2026-11-17T12:00:00Z'),
    epicKey: null,
    sprintIds: [],
    ...over,
  };
}
const entered = (
  issueKey: string,
  at: string,
  to = 'Ready for QA Testing',
  historyId = `${issueKey}@${at}`,
) => ({
  issueKey,
  historyId,
  at: new Date(at),
  fromStatusId: '10101',
  fromStatusName: 'In Review',
  toStatusId: '10107',
  toStatusName: to,
});

async function store(projectId: number, snapshot: Partial<JiraSnapshot>) {
  await db.transaction((tx) =>
    replaceJiraData(tx, projectId, {
      tickets: [],
      epics: [],
      sprints: [],
      transitions: [],
      ...snapshot,
    }),
  );
}

describe('getJiraOverview', () => {
  let projectId: number;
  beforeAll(async () => {
    projectId = await project('Payments', 'PAY');
    const t = (n: number, statusName: string, category: string, over: Partial<JiraTicket> = {}) =>
      ticket(`PAY-${n}`, { statusName, statusCategoryKey: category, ...over });
    await store(projectId, {
      epics: [
        {
          id: '1',
          key: 'PAY-2',
          name: 'Refund flow v2',
          statusName: 'In Progress',
          statusCategoryKey: 'indeterminate',
        },
        {
          id: '2',
          key: 'PAY-10',
          name: 'Empty epic',
          statusName: 'To Do',
          statusCategoryKey: 'new',
        },
        { id: '3', key: 'PAY-1', name: 'Checkout', statusName: 'Done', statusCategoryKey: 'done' },
      ],
      sprints: [
        {
          id: 41,
          boardId: 14,
          state: 'closed',
          name: 'PAY Sprint 41',
          startDate: new Date('2026-10-19T08:00:00Z'),
          endDate: new Date('2026-11-02T08:00:00Z'),
          completeDate: new Date('2026-11-02T10:00:00Z'),
          goal: 'Ship refunds',
        },
        {
          id: 42,
          boardId: 14,
          state: 'active',
          name: 'PAY Sprint 42',
          startDate: new Date('2026-11-01T23:30:00Z'),
          endDate: new Date('2026-11-16T08:00:00Z'),
          completeDate: null,
          goal: '',
        },
        {
          id: 43,
          boardId: 14,
          state: 'future',
          name: 'PAY Sprint 43',
          startDate: null,
          endDate: null,
          completeDate: null,
          goal: '',
        },
      ],
      tickets: [
        t(3, 'Done', 'done', { epicKey: 'PAY-2', sprintIds: [41] }),
        t(4, 'Done', 'done', { epicKey: 'PAY-2', sprintIds: [41, 42] }),
        t(5, "Won't Do", 'done', { sprintIds: [42] }),
        t(6, 'Blocked by vendor', 'indeterminate', { epicKey: 'PAY-2', sprintIds: [42] }),
        t(7, 'On Impediment', 'indeterminate', { sprintIds: [42] }),
        t(8, 'In Progress', 'indeterminate', { epicKey: 'PAY-1', sprintIds: [42] }),
        t(9, 'To Do', 'new', { epicKey: 'PAY-1' }),
        t(11, 'Descoped', 'done', { sprintIds: [42] }),
      ],
    });
  });

  it('counts tickets, completed tickets by status category, and tickets per status', async () => {
    const overview = (await getJiraOverview(db, projectId))!;
    expect(overview.totalTickets).toBe(8);
    expect(overview.completedTickets).toBe(4);
    expect(overview.ticketsByStatus).toEqual({
      Done: 2,
      "Won't Do": 1,
      'Blocked by vendor': 1,
      'On Impediment': 1,
      'In Progress': 1,
      'To Do': 1,
      Descoped: 1,
    });
    expect(overview.tickets.map((x) => x.key)).toEqual([
      'PAY-3',
      'PAY-4',
      'PAY-5',
      'PAY-6',
      'PAY-7',
      'PAY-8',
      'PAY-9',
      'PAY-11',
    ]);
    expect(overview.tickets[0]).toEqual({ key: 'PAY-3', status: { name: 'Done' } });
  });

  it('gives each sprint its counts: a carried-over ticket counts in both of its sprints', async () => {
    const { sprints } = (await getJiraOverview(db, projectId))!;
    expect(sprints).toEqual([
      {
        state: 'closed',
        name: 'PAY Sprint 41',
        startDate: '2026-10-19',
        endDate: '2026-11-02',
        goal: 'Ship refunds',
        totalTickets: 2,
        completedTickets: 2,
        descopedTickets: 0,
        blockedTickets: 0,
      },
      {
        state: 'active',
        name: 'PAY Sprint 42',
        startDate: '2026-11-01',
        endDate: '2026-11-16',
        goal: '',
        totalTickets: 6,
        completedTickets: 1,
        descopedTickets: 2,
        blockedTickets: 2,
      },
      {
        state: 'future',
        name: 'PAY Sprint 43',
        startDate: null,
        endDate: null,
        goal: '',
        totalTickets: 0,
        completedTickets: 0,
        descopedTickets: 0,
        blockedTickets: 0,
      },
    ]);
  });

  it('writes sprint dates as calendar days in the agency time zone', async () => {
    const { sprints } = (await getJiraOverview(db, projectId, { timeZone: 'Europe/Berlin' }))!;
    expect(sprints[1]).toMatchObject({ startDate: '2026-11-02', endDate: '2026-11-16' });
  });

  it('gives each epic its tickets, completed tickets and rounded completion, in key order', async () => {
    const { epics } = (await getJiraOverview(db, projectId))!;
    expect(epics).toEqual([
      {
        key: 'PAY-1',
        name: 'Checkout',
        status: { name: 'Done' },
        tickets: 2,
        completedTickets: 0,
        completionPercentage: 0,
      },
      {
        key: 'PAY-2',
        name: 'Refund flow v2',
        status: { name: 'In Progress' },
        tickets: 3,
        completedTickets: 2,
        completionPercentage: 67,
      },
      {
        key: 'PAY-10',
        name: 'Empty epic',
        status: { name: 'To Do' },
        tickets: 0,
        completedTickets: 0,
        completionPercentage: 0,
      },
    ]);
  });

  it('is null for a project that is not linked or does not exist', async () => {
    expect(await getJiraOverview(db, await project('Unlinked', null))).toBeNull();
    expect(await getJiraOverview(db, 987_654)).toBeNull();
  });
});

describe('readyForQaTickets', () => {
  // Week of Monday 16 November 2026 in London: [16th 00:00, 23rd 00:00) local = UTC in November.
  const week = weekRangeInZone('2026-11-16', 'Europe/London');
  let pay: number;
  let web: number;

  beforeEach(async () => {
    await db.query('DELETE FROM projects');
    pay = await project('Payments', 'PAY');
    web = await project('Website <b>&</b>', 'WEB');
    await store(pay, {
      tickets: [
        ticket('PAY-1', { statusName: 'Ready for QA Testing', storyPoints: 5 }),
        ticket('PAY-2', {
          issueType: 'Bug',
          statusName: 'Done',
          statusCategoryKey: 'done',
          storyPoints: null,
          assignee: null,
        }),
        ticket('PAY-3', { issueType: 'Task' }),
        ticket('PAY-4', { issueType: 'Sub-task' }),
        ticket('PAY-10', { summary: HOSTILE_SUMMARY }),
        ticket('PAY-12'),
      ],
      transitions: [
        entered('PAY-1', '2026-11-16T00:00:00Z'),
        entered('PAY-1', '2026-11-18T10:00:00Z'),
        entered('PAY-2', '2026-11-22T23:59:59.999Z'),
        entered('PAY-3', '2026-11-23T00:00:00Z'),
        entered('PAY-3', '2026-11-15T23:59:59.999Z'),
        entered('PAY-4', '2026-11-17T10:00:00Z'),
        entered('PAY-10', '2026-11-17T10:00:00Z', 'ready for qa testing'),
        entered('PAY-12', '2026-11-17T10:00:00Z', 'In Review'),
      ],
    });
    await store(web, {
      tickets: [
        ticket('WEB-7', {
          assignee: { accountId: 'acc-omar', displayName: 'Omar Haddad' },
          storyPoints: 0.5,
        }),
      ],
      transitions: [entered('WEB-7', '2026-11-20T15:00:00Z')],
    });
  });

  it('lists Tasks, Bugs and Stories that entered the QA status in the week, once each, in the spec’s shape', async () => {
    const result = await readyForQaTickets(db, week);
    expect(result.tickets.map((t) => t.key)).toEqual(['PAY-1', 'PAY-2', 'PAY-10', 'WEB-7']);
    expect(result.totalCompleted).toBe(4);
    expect(result.tickets[0]).toEqual({
      key: 'PAY-1',
      status: { name: 'Ready for QA Testing' },
      projectName: 'Payments',
      summary: 'Summary of PAY-1',
      // The spec's displayName, with Jira's accountId beside it: velocity counts tracked people by it.
      assignee: { displayName: 'Lena Ortiz', accountId: 'acc-lena' },
      updated: '2026-11-17T12:00:00.000Z',
      storyPoints: 5,
    });
    // Unassigned and unestimated: no assignee object, null points; the ticket's status today is shown.
    expect(result.tickets[1]).toMatchObject({
      key: 'PAY-2',
      status: { name: 'Done' },
      storyPoints: null,
    });
    expect(result.tickets[1]).not.toHaveProperty('assignee');
    expect(result.tickets[3]).toMatchObject({ projectName: 'Website <b>&</b>', storyPoints: 0.5 });
  });

  it('returns stored text as it is (escaping is the page’s job) and matches the status in any case', async () => {
    const { tickets } = await readyForQaTickets(db, week);
    expect(tickets.find((t) => t.key === 'PAY-10')!.summary).toBe(HOSTILE_SUMMARY);
  });

  it('takes the start of the range and leaves out its end', async () => {
    const next = await readyForQaTickets(db, weekRangeInZone('2026-11-23', 'Europe/London'));
    expect(next.tickets.map((t) => t.key)).toEqual(['PAY-3']);
    const previous = await readyForQaTickets(db, weekRangeInZone('2026-11-09', 'Europe/London'));
    expect(previous.tickets.map((t) => t.key)).toEqual(['PAY-3']);
  });

  it('honours another QA status name and another time zone’s week', async () => {
    expect(
      (await readyForQaTickets(db, { ...week, qaStatus: 'In Review' })).tickets.map((t) => t.key),
    ).toEqual(['PAY-12']);
    // In Sydney (UTC+11) the week starts at 13:00 UTC on Sunday the 15th and ends at 13:00 UTC on the 22nd.
    const sydney = await readyForQaTickets(db, weekRangeInZone('2026-11-16', 'Australia/Sydney'));
    expect(sydney.tickets.map((t) => t.key)).toEqual(['PAY-1', 'PAY-3', 'PAY-10', 'WEB-7']);
  });

  it('leaves out projects that are no longer linked', async () => {
    await db.query('UPDATE projects SET jira_project_key = NULL WHERE id = $1', [web]);
    expect((await readyForQaTickets(db, week)).tickets.map((t) => t.key)).toEqual([
      'PAY-1',
      'PAY-2',
      'PAY-10',
    ]);
  });
});

describe('against the demo site', () => {
  it('agrees with what the demo Jira holds for a linked project', async () => {
    const now = new Date('2026-11-19T14:30:00Z');
    const site = createJiraDemoData({ today: now });
    const auth = { baseUrl: DEMO_SITE_URL, email: 'q@agency.test', apiToken: 'q-token' };
    const server = setupServer(...createJiraHandlers({ ...auth, today: now, data: site }));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      await db.query('DELETE FROM projects');
      const id = await project('Acme Support Retainer', null);
      await linkJiraProject(db, createJiraClient(auth), { projectId: id, key: 'ASR', now });
      const overview = (await getJiraOverview(db, id))!;
      const tickets = site.detail('ASR').issues.filter((i) => i.typeName !== 'Epic');
      expect(overview.totalTickets).toBe(tickets.length);
      expect(overview.completedTickets).toBe(
        tickets.filter((i) => i.status.category === 'done').length,
      );
      expect(Object.values(overview.ticketsByStatus).reduce((a, b) => a + b, 0)).toBe(
        tickets.length,
      );
      expect(overview.sprints.map((s) => s.name)).toEqual(
        site.detail('ASR').sprints.map((s) => s.name),
      );
      expect(overview.epics.reduce((n, e) => n + e.tickets, 0)).toBe(
        tickets.filter((i) => i.epic).length,
      );

      const week = weekRangeInZone('2026-11-16', 'UTC');
      const qa = await readyForQaTickets(db, week);
      const expected = tickets.filter((i) =>
        i.transitions.some(
          (t) =>
            t.to.name === 'Ready for QA Testing' &&
            t.at >= week.from.getTime() &&
            t.at < week.to.getTime(),
        ),
      );
      expect(qa.tickets.map((t) => t.key).sort()).toEqual(expected.map((i) => i.key).sort());
      expect(qa.tickets.some((t) => t.summary === HOSTILE_SUMMARY)).toBe(true);
    } finally {
      server.close();
    }
  });
});
