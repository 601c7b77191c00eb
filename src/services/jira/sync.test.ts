import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../tests/helpers/db';
import type { Db } from '../../db/port';
import { createJiraDemoData, DEMO_SITE_URL, type JiraDemoData } from '../../mocks/jira/data';
import { createJiraHandlers, type JiraFaultRule } from '../../mocks/jira/handlers';
import { ProjectNotFoundError } from '../errors';
import { UpstreamError } from '../http';
import { completionRate } from '../../shared/tickets';
import { createJiraClient, JIRA_PAGE_SIZE } from './client';
import { getJiraOverview } from './queries';
import {
  INCREMENTAL_OVERLAP_MS,
  JiraNotLinkedError,
  linkJiraProject,
  syncJiraProject,
} from './sync';

// Thursday 19 November 2026, 14:30 UTC.
const NOW = new Date('2026-11-19T14:30:00Z');
const AUTH = { baseUrl: DEMO_SITE_URL, email: 'sync@agency.test', apiToken: 'sync-token' };
const BIG = 'ASR';
const BIG_ISSUES = 3_000;

const server = setupServer();
let db: Db;
let drop: () => Promise<void>;
let data: JiraDemoData;
const calls: { method: string; path: string }[] = [];

function useSite(faults: JiraFaultRule[] = []) {
  server.resetHandlers(...createJiraHandlers({ ...AUTH, today: NOW, data, faults }));
}
const client = () =>
  createJiraClient({
    ...AUTH,
    maxRetries: 2,
    sleep: async () => {},
    onRequest: ({ method, url }) => calls.push({ method, path: new URL(url).pathname }),
  });

async function newProject(name: string): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO projects (name) VALUES ($1) RETURNING id',
    [name],
  );
  return row!.id;
}

/** Every stored row of every Jira table and the project's Jira columns, in a fixed order. */
async function dump(projectId: number) {
  return {
    project: await db.query(
      `SELECT jira_project_key, jira_total_tickets, jira_completed_tickets, jira_current_sprint_name, jira_sprint_completion_percentage,
         total_epics, completed_epics, epic_tickets, completed_epic_tickets, last_jira_sync FROM projects WHERE id = $1`,
      [projectId],
    ),
    issues: await db.query('SELECT * FROM jira_issues WHERE project_id = $1 ORDER BY issue_key', [
      projectId,
    ]),
    epics: await db.query('SELECT * FROM jira_epics WHERE project_id = $1 ORDER BY epic_key', [
      projectId,
    ]),
    sprints: await db.query('SELECT * FROM jira_sprints WHERE project_id = $1 ORDER BY sprint_id', [
      projectId,
    ]),
    transitions: await db.query(
      'SELECT * FROM jira_status_transitions WHERE project_id = $1 ORDER BY issue_key, history_id',
      [projectId],
    ),
  };
}

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  data = createJiraDemoData({ today: NOW, issueCounts: { [BIG]: BIG_ISSUES } });
  ({ db, drop } = await createTestDb());
});
afterEach(() => {
  calls.length = 0;
});
afterAll(async () => {
  server.close();
  await drop();
});

describe('linking a project', () => {
  it('stores every ticket, epic, sprint and status change of a 3,000-issue project in a bounded number of calls', async () => {
    useSite();
    const projectId = await newProject('Acme Support Retainer');
    const result = await linkJiraProject(db, client(), { projectId, key: BIG, now: NOW });

    const site = data.detail(BIG);
    const siteTickets = site.issues.filter((i) => i.typeName !== 'Epic');
    const siteEpics = site.issues.filter((i) => i.typeName === 'Epic');
    expect(site.issues).toHaveLength(BIG_ISSUES);
    expect(result).toMatchObject({
      mode: 'full',
      ticketsRead: siteTickets.length,
      epicsRead: siteEpics.length,
      jiraProjectKey: BIG,
    });

    const stored = await dump(projectId);
    expect(stored.issues).toHaveLength(siteTickets.length);
    expect(stored.epics).toHaveLength(siteEpics.length);
    expect(stored.sprints).toHaveLength(site.sprints.length);
    expect(stored.transitions).toHaveLength(
      siteTickets.reduce((n, i) => n + i.transitions.length, 0),
    );

    // Pages of 100 for the search, changelogs in bulk: never a call per issue.
    const searchPages = calls.filter((c) => c.path === '/rest/api/3/search/jql').length;
    expect(searchPages).toBe(Math.ceil(BIG_ISSUES / JIRA_PAGE_SIZE));
    expect(calls.length).toBeLessThanOrEqual(Math.ceil(BIG_ISSUES / JIRA_PAGE_SIZE) + 10);
    expect(calls.filter((c) => c.path === '/rest/api/3/changelog/bulkfetch').length).toBe(
      Math.ceil(siteTickets.length / 1000),
    );
  });

  it('keeps the project card figures in step with what Jira says', async () => {
    useSite();
    const projectId = await newProject('Globex Checkout Revamp');
    await linkJiraProject(db, client(), { projectId, key: 'gcr', now: NOW });
    const site = data.detail('GCR');
    const tickets = site.issues.filter((i) => i.typeName !== 'Epic');
    const epics = site.issues.filter((i) => i.typeName === 'Epic');
    const active = site.sprints.find((s) => s.state === 'active')!;
    const inActive = tickets.filter((i) =>
      i.sprintIndexes.some((s) => site.sprints[s]!.id === active.id),
    );
    const descoped = inActive.filter((i) => /descoped|won't do/i.test(i.status.name)).length;
    const completed = inActive.filter((i) => i.status.category === 'done').length - descoped;

    const [row] = await db.query<Record<string, unknown>>('SELECT * FROM projects WHERE id = $1', [
      projectId,
    ]);
    expect(row).toMatchObject({
      jira_project_key: 'GCR',
      jira_total_tickets: tickets.length,
      jira_completed_tickets: tickets.filter((i) => i.status.category === 'done').length,
      jira_current_sprint_name: active.name,
      jira_sprint_completion_percentage: completionRate(completed + descoped, inActive.length),
      total_epics: epics.length,
      completed_epics: epics.filter((e) => e.status.category === 'done').length,
      // Epic Progress's share: the tickets under an epic, and of them those done.
      epic_tickets: tickets.filter((i) => i.epic).length,
      completed_epic_tickets: tickets.filter((i) => i.epic && i.status.category === 'done').length,
    });
    expect(row!.epic_tickets).toBeGreaterThan(0);
    expect((row!.last_jira_sync as Date).toISOString()).toBe(NOW.toISOString());
  });

  it('refuses a key Jira does not know with a not_found error and changes nothing', async () => {
    useSite();
    const projectId = await newProject('Linked elsewhere');
    await linkJiraProject(db, client(), { projectId, key: 'NMA', now: NOW });
    const before = await dump(projectId);
    const error = await linkJiraProject(db, client(), { projectId, key: 'NOPE', now: NOW }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ service: 'Jira', kind: 'not_found' });
    expect((error as Error).message).toMatch(/No project could be found with key 'NOPE'/);
    expect(await dump(projectId)).toEqual(before);
  });

  it('replaces the previous link’s data when linked to another key', async () => {
    useSite();
    const projectId = await newProject('Relinked');
    await linkJiraProject(db, client(), { projectId, key: 'NMA', now: NOW });
    await linkJiraProject(db, client(), { projectId, key: 'SLT', now: NOW });
    const keys = await db.query<{ prefix: string }>(
      `SELECT DISTINCT split_part(issue_key, '-', 1) AS prefix FROM jira_issues WHERE project_id = $1`,
      [projectId],
    );
    expect(keys).toEqual([{ prefix: 'SLT' }]);
    expect((await getJiraOverview(db, projectId))!.totalTickets).toBe(
      data.detail('SLT').issues.filter((i) => i.typeName !== 'Epic').length,
    );
  });

  it('leaves planner statistics behind, so the weekly reads use the indexes', async () => {
    useSite();
    const projectId = await newProject('Statistics');
    await linkJiraProject(db, client(), { projectId, key: 'SOS', now: NOW });
    const stats = await db.query<{ tablename: string }>(
      `SELECT DISTINCT tablename FROM pg_stats WHERE tablename IN ('jira_issues', 'jira_status_transitions') ORDER BY tablename`,
    );
    expect(stats.map((s) => s.tablename)).toEqual(['jira_issues', 'jira_status_transitions']);
  });

  it('says so when the dashboard project does not exist', async () => {
    useSite();
    await expect(
      linkJiraProject(db, client(), { projectId: 999_999, key: 'NMA', now: NOW }),
    ).rejects.toBeInstanceOf(ProjectNotFoundError);
  });
});

describe('a sync interrupted by Jira', () => {
  it('leaves the stored data byte-for-byte as it was when the 20th search page fails past the retries', async () => {
    useSite();
    const projectId = await newProject('Interrupted');
    await linkJiraProject(db, client(), { projectId, key: BIG, now: NOW });
    const before = await dump(projectId);

    useSite([{ kind: 'serverError', method: 'POST', path: '/rest/api/3/search/jql', skip: 19 }]);
    calls.length = 0;
    const later = new Date(NOW.getTime() + 60_000);
    const error = await syncJiraProject(db, client(), { projectId, now: later, full: true }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ service: 'Jira', kind: 'unavailable', status: 500 });
    // 19 good pages, then the 20th three times (two retries).
    expect(calls.filter((c) => c.path === '/rest/api/3/search/jql')).toHaveLength(19 + 3);
    expect(await dump(projectId)).toEqual(before);
  });

  it('leaves the stored data as it was when the bulk changelog fails', async () => {
    useSite();
    const projectId = await newProject('Changelog down');
    await linkJiraProject(db, client(), { projectId, key: 'HDM', now: NOW });
    const before = await dump(projectId);
    useSite([{ kind: 'malformedJson', path: '/rest/api/3/changelog/bulkfetch' }]);
    await expect(
      syncJiraProject(db, client(), {
        projectId,
        now: new Date(NOW.getTime() + 60_000),
        full: true,
      }),
    ).rejects.toMatchObject({
      kind: 'malformed_response',
    });
    expect(await dump(projectId)).toEqual(before);
  });
});

describe('syncing a linked project', () => {
  it('later the same day reads only issues updated since the last sync and merges them', async () => {
    const site = createJiraDemoData({ today: NOW });
    server.resetHandlers(...createJiraHandlers({ ...AUTH, today: NOW, data: site }));
    const projectId = await newProject('Incremental');
    await linkJiraProject(db, client(), { projectId, key: 'WFW', now: NOW });
    const before = await dump(projectId);

    const later = new Date(NOW.getTime() + 2 * 3_600_000);
    const moved = site
      .detail('WFW')
      .issues.find((i) => i.typeName !== 'Epic' && i.status.name === 'In Review')!;
    site.transitionIssue(moved.key, 'Ready for QA Testing', new Date(later.getTime() - 3_600_000));
    calls.length = 0;
    const result = await syncJiraProject(db, client(), { projectId, now: later });

    expect(result.mode).toBe('incremental');
    // Only what changed in the 26 hours of overlap before the last sync, plus the moved issue.
    const since = NOW.getTime() - INCREMENTAL_OVERLAP_MS;
    // JQL dates stop at the minute.
    const changed = site
      .detail('WFW')
      .issues.filter((i) => i.updatedAt >= Math.floor(since / 60_000) * 60_000);
    expect(result.ticketsRead + result.epicsRead).toBe(changed.length);
    expect(result.ticketsRead + result.epicsRead).toBeLessThan(site.detail('WFW').issues.length);
    expect(calls.filter((c) => c.path === '/rest/api/3/search/jql')).toHaveLength(1);

    const after = await dump(projectId);
    expect(after.issues).toHaveLength(before.issues.length);
    const [row] = await db.query<{ status_name: string }>(
      'SELECT status_name FROM jira_issues WHERE project_id = $1 AND issue_key = $2',
      [projectId, moved.key],
    );
    expect(row!.status_name).toBe('Ready for QA Testing');
    const entered = await db.query<{ at: Date }>(
      `SELECT at FROM jira_status_transitions WHERE project_id = $1 AND issue_key = $2 AND to_status_name = 'Ready for QA Testing'`,
      [projectId, moved.key],
    );
    expect(entered.map((e) => e.at.toISOString())).toContain(
      new Date(later.getTime() - 3_600_000).toISOString(),
    );
    expect(after.transitions).toHaveLength(before.transitions.length + 1);
    expect((after.project[0] as { last_jira_sync: Date }).last_jira_sync.toISOString()).toBe(
      later.toISOString(),
    );
  });

  it('reads everything on the first sync of a day, dropping issues deleted in Jira', async () => {
    const site = createJiraDemoData({ today: NOW });
    server.resetHandlers(...createJiraHandlers({ ...AUTH, today: NOW, data: site }));
    const projectId = await newProject('Daily full sync');
    await linkJiraProject(db, client(), { projectId, key: 'PPCA', now: NOW });
    const gone = site.detail('PPCA').issues.find((i) => i.typeName === 'Story')!;
    site.deleteIssue(gone.key);

    const sameDay = await syncJiraProject(db, client(), {
      projectId,
      now: new Date('2026-11-19T23:00:00Z'),
    });
    expect(sameDay.mode).toBe('incremental');
    const stillThere = await db.query(
      'SELECT 1 FROM jira_issues WHERE project_id = $1 AND issue_key = $2',
      [projectId, gone.key],
    );
    expect(stillThere).toHaveLength(1);

    const nextDay = await syncJiraProject(db, client(), {
      projectId,
      now: new Date('2026-11-20T00:30:00Z'),
    });
    expect(nextDay.mode).toBe('full');
    expect(
      await db.query('SELECT 1 FROM jira_issues WHERE project_id = $1 AND issue_key = $2', [
        projectId,
        gone.key,
      ]),
    ).toEqual([]);
    expect(
      await db.query(
        'SELECT 1 FROM jira_status_transitions WHERE project_id = $1 AND issue_key = $2',
        [projectId, gone.key],
      ),
    ).toEqual([]);
    expect(nextDay.jiraTotalTickets).toBe(
      site.detail('PPCA').issues.filter((i) => i.typeName !== 'Epic').length,
    );
  });

  it('refuses a project that is not linked', async () => {
    useSite();
    const projectId = await newProject('Never linked');
    await expect(syncJiraProject(db, client(), { projectId, now: NOW })).rejects.toBeInstanceOf(
      JiraNotLinkedError,
    );
  });
});
