import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import type { Db } from '../../src/db/port';
import { replaceJiraData, type JiraTicket } from '../../src/db/jira';
import { refreshJiraSummary } from '../../src/services/jira/sync';
import { createQueryClient, IslandProviders } from '../../src/components/IslandProviders';
import { JiraTab } from '../../src/islands/projects/JiraTab';
import { jiraDataKey, projectForecastKey } from '../../src/islands/projects/api';
import type { ProjectForecastResponse } from '../../src/shared/delivery-forecast';
import type { Project } from '../../src/shared/projects';
import type { JiraOverview } from '../../src/shared/tickets';

/**
 * Epic Progress reads the same on the three surfaces that show it (docs/decisions/355): the
 * card, the portfolio table and the detail modal's Epics. The fixture is the issue's: five open
 * epics, 71% to 89% of their tickets done, which the old count of closed epics showed as 0%.
 */
const NOW = new Date('2026-11-25T16:00:00Z');
const EPICS = [
  { key: 'EPX-1', tickets: 34, done: 30 },
  { key: 'EPX-2', tickets: 20, done: 16 },
  { key: 'EPX-3', tickets: 28, done: 20 },
  { key: 'EPX-4', tickets: 18, done: 16 },
  { key: 'EPX-5', tickets: 10, done: 8 },
];
const TEXT = '0/5 epics done · 82% of their tickets';

let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let user: string;
let projectId: number;

const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

/** The project as the portfolio's call sends it, and its Jira overview: what the modal reads. */
async function modalData(): Promise<{ project: Project; overview: JiraOverview }> {
  const projects = (await (
    await t.request('GET', '/api/projects', { cookie: user })
  ).json()) as Project[];
  const res = await t.request('GET', `/api/projects/${projectId}/jira-data`, { cookie: user });
  expect(res.status).toBe(200);
  return { project: projects.find((p) => p.id === projectId)!, overview: await res.json() };
}

/** The detail modal's Jira tab, as text, from the calls' answers in `client`. */
const jiraTabText = (project: Project, client: ReturnType<typeof createQueryClient>) =>
  textOf(
    renderToString(
      <IslandProviders client={client}>
        <JiraTab project={project} role="user" />
      </IslandProviders>,
    ),
  );

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db, { clock: () => NOW });
  user = await t.signIn('user');
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO projects (name, team_name, jira_project_key, visible) VALUES ('Epic Works', 'Team 1', 'EPX', 1) RETURNING id`,
  );
  projectId = row!.id;
  let n = 100;
  const tickets: JiraTicket[] = [];
  for (const e of EPICS)
    for (let i = 0; i < e.tickets; i++) {
      n += 1;
      const done = i < e.done;
      tickets.push({
        id: String(n),
        key: `EPX-${n}`,
        summary: `Ticket ${n}`,
        issueType: 'Story',
        statusId: null,
        statusName: done ? 'Done' : 'In Progress',
        statusCategoryKey: done ? 'done' : 'indeterminate',
        assignee: null,
        storyPoints: 1,
        created: NOW,
        updated: NOW,
        epicKey: e.key,
        sprintIds: [],
      });
    }
  // A ticket under no epic does not count towards the epics' share.
  tickets.push({
    ...tickets[0]!,
    id: '999',
    key: 'EPX-999',
    epicKey: null,
    statusCategoryKey: 'new',
  });
  await replaceJiraData(db, projectId, {
    tickets,
    epics: EPICS.map((e, i) => ({
      id: String(i + 1),
      key: e.key,
      name: `Epic ${i + 1}`,
      statusName: 'In Progress',
      statusCategoryKey: 'indeterminate',
    })),
    sprints: [],
    transitions: [],
  });
  // What every Jira sync runs after storing the issues.
  await refreshJiraSummary(db, projectId, { key: 'EPX', syncedAt: NOW });
}, 120_000);
afterAll(async () => {
  await drop();
});

describe('Epic Progress on every surface', () => {
  it('reads the same on the card, the table and the detail modal', async () => {
    const cards = await t.request('GET', '/portfolio/projects?view=cards', { cookie: user });
    expect(cards.status).toBe(200);
    const card = textOf(await cards.text());
    expect(card).toContain(`Epic Progress (${TEXT} · EPX) 82%`);

    const table = await t.request('GET', '/portfolio/projects?view=table', { cookie: user });
    expect(table.status).toBe(200);
    const row = textOf(await table.text());
    expect(row).toContain(TEXT);

    // The modal: the project as the portfolio's call sends it, and its Jira overview.
    const { project, overview } = await modalData();
    // The share is of the tickets the modal lists under the epics.
    expect(overview.epics.reduce((s, e) => s + e.tickets, 0)).toBe(project.epicTickets);
    expect(overview.epics.reduce((s, e) => s + e.completedTickets, 0)).toBe(
      project.completedEpicTickets,
    );
    const client = createQueryClient();
    client.setQueryData(jiraDataKey(projectId), overview);
    const modal = jiraTabText(project, client);
    expect(modal).toContain(`Epic Progress: ${TEXT}`);
  });
});

describe('each open epic’s forecast on the detail modal', () => {
  it('says the work left in the forecast’s unit and its P50 and P85 dates, or that there is none', async () => {
    const { project, overview } = await modalData();
    const client = createQueryClient();
    client.setQueryData(jiraDataKey(projectId), overview);
    const forecast: ProjectForecastResponse = {
      asOf: '2026-11-25',
      basis: {
        weeks: 12,
        people: 2,
        unit: 'points',
        throughputPerDevDay: 1.5,
        daysAwayAhead: 0,
        text: 'from 12 weeks of points done, 2 people, 0 days away in the next 8 weeks',
      },
      retainer: null,
      epics: [
        { key: 'EPX-1', remaining: 4, p50Date: '2026-12-04', p85Date: '2026-12-11' },
        { key: 'EPX-2', remaining: 1, p50Date: '2027-03-01', p85Date: null },
        { key: 'EPX-3', remaining: 8.5, p50Date: null, p85Date: null },
      ],
      sprint: null,
    };
    client.setQueryData(projectForecastKey(projectId), forecast);
    const modal = jiraTabText(project, client);
    expect(modal).toContain(
      'Finish dates forecast from 12 weeks of points done, 2 people, 0 days away in the next 8 weeks, open epics worked in key order.',
    );
    expect(modal).toContain(
      'Epic 1 In Progress 30/34 tickets 88% 4 points left: likely done by Dec 4, 2026 (P50), 85% sure by Dec 11, 2026 (P85)',
    );
    expect(modal).toContain(
      '1 point left: likely done by Mar 1, 2027 (P50), not 85% sure within two years',
    );
    expect(modal).toContain('8.5 points left: not likely done within two years');
    // An epic the forecast does not list (done, or not open) has no line.
    expect(modal.match(/ left: /g)).toHaveLength(3);
  });
});
