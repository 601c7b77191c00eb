import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/app';
import { createTestDb } from '../../../tests/helpers/db';
import type { Db } from '../../db/port';
import type { Props } from '../../islands/WeeklyHistory';
import { ISLAND_PROPS_ATTR } from '../../shared/island-markers';

let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let cookie: string;
/** Lena and Omar are tracked (the selection below); Ivan delivers but is not. */
const ACCOUNTS: Record<string, string> = {
  'Lena Ortiz': 'a-1',
  'Omar Haddad': 'a-2',
  'Ivan Petrov': 'a-3',
};
// Wednesday 18 November 2026: the current week is Monday 16 to Sunday 22 November.
const clock = () => new Date('2026-11-18T12:00:00Z');

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db, { clock });
  cookie = await t.signIn('user');
  const [p] = await db.query<{ id: number }>(
    `INSERT INTO projects (name, jira_project_key, last_jira_sync) VALUES ('Payments <b>Portal</b>', 'PAY', now()) RETURNING id`,
  );
  const issue = async (
    key: string,
    o: {
      type: string;
      status: string;
      summary: string;
      assignee: string | null;
      points: number | null;
      updated: string;
      qa: string;
    },
  ) => {
    await db.query(
      `INSERT INTO jira_issues (project_id, issue_key, issue_id, summary, issue_type, status_name, status_category_key, assignee_display_name, story_points, updated_at, assignee_account_id)
       VALUES ($1, $2, $3, $4, $5, $6, 'indeterminate', $7, $8, $9, $10)`,
      [
        p!.id,
        key,
        key.replace(/\D/g, ''),
        o.summary,
        o.type,
        o.status,
        o.assignee,
        o.points,
        o.updated,
        o.assignee === null ? null : (ACCOUNTS[o.assignee] ?? null),
      ],
    );
    await db.query(
      `INSERT INTO jira_status_transitions (project_id, issue_key, history_id, at, to_status_name) VALUES ($1, $2, $3, $4, 'Ready for QA Testing')`,
      [p!.id, key, `${key}-1`, o.qa],
    );
  };
  // This week: 5 + 2 = 7 points, Lena's 5 tracked. Last week: 4 + 3 points, Omar's 4 tracked.
  // Two weeks ago: 9 points, all Omar's.
  await issue('PAY-101', {
    type: 'Story',
    status: 'Ready for QA Testing',
    summary: 'Refund <script>alert(1)</script> button',
    assignee: 'Lena Ortiz',
    points: 5,
    updated: '2026-11-19T08:30:00Z',
    qa: '2026-11-17T10:00:00Z',
  });
  await issue('PAY-102', {
    type: 'Bug',
    status: 'Done',
    summary: 'Totals rounding',
    assignee: null,
    points: 2,
    updated: '2026-11-18T09:00:00Z',
    qa: '2026-11-18T08:00:00Z',
  });
  await issue('PAY-90', {
    type: 'Task',
    status: 'Done',
    summary: 'Audit log',
    assignee: 'Omar Haddad',
    points: 4,
    updated: '2026-11-12T09:00:00Z',
    qa: '2026-11-12T08:00:00Z',
  });
  await issue('PAY-91', {
    type: 'Task',
    status: 'Done',
    summary: 'Sign-in limits',
    assignee: 'Ivan Petrov',
    points: 3,
    updated: '2026-11-13T09:00:00Z',
    qa: '2026-11-13T08:00:00Z',
  });
  await issue('PAY-80', {
    type: 'Task',
    status: 'Done',
    summary: 'Export',
    assignee: 'Omar Haddad',
    points: 9,
    updated: '2026-11-05T09:00:00Z',
    qa: '2026-11-05T08:00:00Z',
  });
  // Two developers, a full week each: 10 available points.
  await db.query(
    `INSERT INTO selected_developers (account_id, display_name) VALUES ('a-1', 'Lena Ortiz'), ('a-2', 'Omar Haddad')`,
  );
});
afterAll(() => drop());

async function page(path = '/developer'): Promise<string> {
  const res = await t.request('GET', path, { cookie });
  expect(res.status).toBe(200);
  return res.text();
}

function visibleText(html: string): string {
  return html
    .slice(html.indexOf('<body>'))
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

function islandProps(html: string): Props {
  const match = new RegExp(
    `<app-island data-island="WeeklyHistory" ${ISLAND_PROPS_ATTR}="([^"]*)"`,
  ).exec(html);
  expect(match, 'the WeeklyHistory island').not.toBeNull();
  const json = match![1]!
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return JSON.parse(json) as Props;
}

describe('Weekly History, rendered on the server', () => {
  it('shows the current week: the four cards, the navigator and every field of each ticket ready for QA', async () => {
    const html = await page();
    const text = visibleText(html);
    expect(text).toContain('Weekly History');
    expect(text).toContain(
      'Total Tickets This Week 2 Total Story Points 7 so far Available Points 10 Velocity Percentage 50% so far',
    );
    // Velocity counts the tracked people's 5 points; the 2 unassigned ones are said apart.
    expect(text).toContain('2 points unassigned');
    // The running week's figures say they are so far.
    expect(text).toContain('Week: Nov 16 - Nov 22, 2026 so far');
    expect(html).toMatch(/<button[^>]*>Current<\/button>/);
    expect(text).toContain('Tickets Ready for QA Testing 2');
    expect(text).toContain(
      'Tasks, Bugs, and Stories moved to "Ready for QA Testing" during Nov 16 - Nov 22, 2026',
    );
    // Grouped by project, with the group's ticket count and points; one line per ticket.
    expect(text).toContain('Payments <b>Portal</b> 2 7 pts PAY-101');
    expect(text).toContain(
      'PAY-101 (opens in a new tab) Ready for QA Testing Payments <b>Portal</b> Refund <script>alert(1)</script> button Lena Ortiz Updated Nov 19, 2026 5 pts',
    );
    expect(text).toContain(
      'PAY-102 (opens in a new tab) Done Payments <b>Portal</b> Totals rounding Unassigned Updated Nov 18, 2026 2 pts',
    );
  });

  it('renders hostile Jira text as text, never as markup', async () => {
    const html = await page();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<b>Portal</b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('colours velocity green at 80% and over, yellow from 60%, red below', async () => {
    // The tracked people's points only: Lena's 5 of 10 available.
    expect(await page()).toMatch(/data-color="red"[^>]*>50%/);
    await db.query(`UPDATE settings SET value = '0.8' WHERE key = 'storyPointsPerDeveloperDay'`);
    // 5 of 8 = 63%; Omar's 4 of 8 = 50% (Ivan's 3 are not tracked); 9 of 8 = 113%.
    expect(await page()).toMatch(/data-color="yellow"[^>]*>63%/);
    expect(await page('/developer?week=2026-11-09')).toMatch(/data-color="red"[^>]*>50%/);
    expect(await page('/developer?week=2026-11-04')).toMatch(/data-color="green"[^>]*>113%/);
    await db.query(`UPDATE settings SET value = '1' WHERE key = 'storyPointsPerDeveloperDay'`);
  });

  it('names the people velocity leaves out, with their points, beside the total that counts them', async () => {
    const text = visibleText(await page('/developer?week=2026-11-09'));
    expect(text).toContain(
      'Total Tickets This Week 2 Total Story Points 7 Available Points 10 Velocity Percentage 40%',
    );
    expect(text).toContain('3 points by 1 person who is not tracked');
    expect(text).toMatch(/Ivan Petrov 3 pts/);
    // A plain user has no Track button; staff do.
    expect(text).not.toContain('Track');
    const staff = await t.signIn('staff');
    const res = await t.request('GET', '/developer?week=2026-11-09', { cookie: staff });
    expect(await res.text()).toMatch(
      /<button[^>]*aria-label="Track Ivan Petrov"[^>]*>Track<\/button>/,
    );
  });

  it('renders the week named in the address, and the empty state when it had no tickets', async () => {
    const html = await page('/developer?week=2026-10-14');
    const text = visibleText(html);
    expect(text).toContain('Week: Oct 12 - Oct 18, 2026');
    expect(text).toContain('No Ready for QA Tickets');
    expect(text).toContain(
      'Total Tickets This Week 0 Total Story Points 0 Available Points 10 Velocity Percentage 0%',
    );
    expect(islandProps(html)).toMatchObject({
      weekStart: '2026-10-12',
      currentWeekStart: '2026-11-16',
    });
    expect(visibleText(await page('/developer?week=not-a-date'))).toContain(
      'Week: Nov 16 - Nov 22, 2026',
    );
    // A finished week says nothing of being partial.
    expect(text).not.toContain('so far');
  });

  it('says a week not started has nothing to count, never a red 0%', async () => {
    const html = await page('/developer?week=2026-11-23');
    const text = visibleText(html);
    expect(text).toContain('Week: Nov 23 - Nov 29, 2026 not started: nothing to count yet');
    expect(text).toContain('Velocity Percentage Not started');
    expect(html).not.toMatch(/data-color="red"/);
  });

  it('lists only the tickets the address filters to, with the choice selected, and all for a name not in the week', async () => {
    const lena = await page('/developer?assignee=Lena+Ortiz');
    const text = visibleText(lena);
    expect(text).toContain('Showing 1 of 2 tickets');
    expect(text).toContain('PAY-101');
    expect(text).not.toContain('PAY-102');
    expect(lena).toMatch(/<option value="Lena Ortiz" selected="">Lena Ortiz<\/option>/);
    expect(islandProps(lena).filters).toEqual({ assignee: 'Lena Ortiz', project: '' });
    // The stat cards are the week's, whatever the list shows.
    expect(text).toContain('Total Tickets This Week 2 Total Story Points 7');

    const unassigned = visibleText(
      await page('/developer?project=Payments+%3Cb%3EPortal%3C%2Fb%3E&assignee=Unassigned'),
    );
    expect(unassigned).toContain('Showing 1 of 2 tickets');
    expect(unassigned).toContain('PAY-102');
    expect(unassigned).not.toContain('PAY-101');

    // Omar had no ticket this week, and a value longer than any name is none: all are shown.
    for (const query of ['assignee=Omar+Haddad', `project=${'x'.repeat(201)}`]) {
      const all = visibleText(await page(`/developer?${query}`));
      expect(all, query).toContain('2 tickets in 1 project');
      expect(all, query).toContain('PAY-101');
      expect(all, query).toContain('PAY-102');
    }
    expect(islandProps(await page(`/developer?project=${'x'.repeat(201)}`)).filters).toEqual({
      assignee: '',
      project: '',
    });
  });

  it('hands the island JSON props that survive a round trip, and renders no modal or chart until one is opened', async () => {
    const html = await page();
    const props = islandProps(html);
    expect(JSON.parse(JSON.stringify(props))).toEqual(props);
    expect(props).toMatchObject({
      weekStart: '2026-11-16',
      availablePoints: {
        totalAvailablePoints: 10,
        trackedStoryPoints: 5,
        untracked: [{ accountId: null, displayName: 'Unassigned', storyPoints: 2 }],
        velocityPercentage: 50,
      },
      trackedAccountIds: ['a-1', 'a-2'],
      // A plain user sees who is not tracked, and cannot track them.
      canTrack: false,
      qaStatus: 'Ready for QA Testing',
      timeZone: 'UTC',
    });
    expect(props.completed.totalCompleted).toBe(2);
    expect(html).not.toContain('<dialog');
    expect(html).not.toContain('Story Points by Assignee');
    expect(html).not.toContain('aria-label="Story points by assignee"');
    expect(html).not.toMatch(/aria-label="Velocity percentage per week/);
  });
});
