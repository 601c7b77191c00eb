import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAgencyFixture } from '../../../tests/fixtures/agency';
import { createTestApp, type TestApp } from '../../../tests/helpers/app';
import { readCsvResponse } from '../../../tests/helpers/csv';
import { createTestDb } from '../../../tests/helpers/db';
import type { Db } from '../../db/port';
import { exportHref } from '../../shared/exports';
import type { AgencyTimeData } from '../../shared/weekly-hours';

// Wednesday 18 November 2026: the current week is Monday 16 to Sunday 22 November.
const clock = () => new Date('2026-11-18T12:00:00Z');
const WEEK = '2026-11-16';
const HOSTILE = '=HYPERLINK("http://x")';

let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let admin: string;
let user: string;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db, { clock });
  admin = await t.signIn('admin', 'boss@agency.test');
  user = await t.signIn('user', 'dev@agency.test');
  await insertAgencyFixture(db);
  await db.query(
    `UPDATE projects SET forecast_budget_type = 'RETAINER', team_name = 'Team 2', forecast_overdue_amount = 250.5,
            forecast_project_value = 20000, billing_paid_percentage = 20, billing_sent_percentage = 40
      WHERE forecast_project_id = 4001`,
  );
  await db.query(
    `UPDATE projects SET forecast_budget_type = 'FIXED_PRICE', forecast_project_value = 10000 WHERE forecast_project_id = 4002`,
  );
  const [acme] = await db.query<{ id: number }>(
    'SELECT id FROM projects WHERE forecast_project_id = 4001',
  );
  await db.query(
    `INSERT INTO forecast_retainer_periods (id, project_id, period_number, status, locked, start_date, end_date, target_amount, actual_amount, actual_billable_minutes)
     VALUES (1, $1, 1, 'COMPLETED', true, '2026-10-01', '2026-10-31', 8000, 8200, 4800),
            (2, $1, 2, 'ACTIVE', false, '2026-11-01', '2026-11-30', 9000, 3000, 1800)`,
    [acme!.id],
  );
  // A project whose upstream name is a spreadsheet formula, linked to Jira with one ticket ready for QA.
  const [hostile] = await db.query<{ id: number }>(
    `INSERT INTO projects (name, team_name, jira_project_key, jira_total_tickets, jira_completed_tickets, total_epics, completed_epics, epic_tickets, completed_epic_tickets, last_jira_sync, visible)
     VALUES ($1, 'Team 1', 'PAY', 8, 6, 4, 1, 7, 5, '2026-11-18T09:00:00Z', 1) RETURNING id`,
    [HOSTILE],
  );
  const issue = async (key: string, assignee: string | null, points: number, qa: string) => {
    await db.query(
      `INSERT INTO jira_issues (project_id, issue_key, issue_id, summary, issue_type, status_name, status_category_key, assignee_display_name, story_points, updated_at)
       VALUES ($1, $2, $3, $4, 'Story', 'Ready for QA Testing', 'indeterminate', $5, $6, $7)`,
      [
        hostile!.id,
        key,
        key.replace(/\D/g, ''),
        `-1 refund, "fast"\nsecond line`,
        assignee,
        points,
        qa,
      ],
    );
    await db.query(
      `INSERT INTO jira_status_transitions (project_id, issue_key, history_id, at, to_status_name) VALUES ($1, $2, $3, $4, 'Ready for QA Testing')`,
      [hostile!.id, key, `${key}-1`, qa],
    );
  };
  await issue('PAY-1', 'Lena Ortiz', 5, '2026-11-17T10:00:00Z');
  await issue('PAY-2', 'Lena Ortiz', 3, '2026-11-18T10:00:00Z');
  await issue('PAY-3', null, 2, '2026-11-18T11:00:00Z');
  await issue('PAY-4', 'Omar Haddad', 8, '2026-11-10T11:00:00Z');
  await db.query(
    `INSERT INTO selected_developers (account_id, display_name, start_date, end_date) VALUES
       ('a-1', 'Lena Ortiz', NULL, NULL), ('a-2', '@Omar', '2026-01-05', NULL), ('a-3', 'Gone Dev', NULL, '2026-10-01')`,
  );
  await db.query(
    `INSERT INTO developer_availability (account_id, display_name, date, is_away) VALUES
       ('a-1', 'Lena Ortiz', '2026-11-17', true), ('a-1', 'Lena Ortiz', '2026-11-18', true), ('a-2', '@Omar', '2026-11-20', true),
       ('a-2', '@Omar', '2026-11-23', true)`,
  );
});
afterAll(async () => {
  await drop();
});

async function download(path: string, cookie: string) {
  const res = await t.request('GET', path, { cookie });
  expect(res.status, path).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(res.headers.get('cache-control')).toBe('no-store');
  const csv = await readCsvResponse(res);
  expect(csv.bom).toBe(true);
  return csv;
}

describe('CSV exports', () => {
  it('portfolio: visible projects, the hostile name as text, the project value only in the admin file', async () => {
    const mine = await download(exportHref.portfolio(), user);
    expect(mine.fileName).toBe('portfolio_2026-11-18.csv');
    expect(mine.records.map((r) => r.Project)).toEqual([
      `'${HOSTILE}`,
      'Acme Support Retainer',
      'Globex Checkout Revamp',
      'Stark Logistics Tracker',
      'Wayne Foundation Website',
    ]);
    const hostile = mine.records[0]!;
    expect(hostile).toMatchObject({
      Team: 'Team 1',
      'Jira Key': 'PAY',
      'Tickets Completed': '6',
      'Tickets Total': '8',
      'Tickets %': '75',
      'Epics Completed': '1',
      'Epics Total': '4',
      // The bar's value: the share of the epics' tickets done, not of the epics closed.
      'Epic Tickets Completed': '5',
      'Epic Tickets Total': '7',
      'Epic %': '71',
      'Last Jira Sync': '2026-11-18T09:00:00.000Z',
    });

    const theirs = await download(exportHref.portfolio(), admin);
    const acme = theirs.records.find((r) => r.Project === 'Acme Support Retainer')!;
    expect(acme).toMatchObject({
      Team: 'Team 2',
      'Forecast ID': '4001',
      'Sent %': '40',
      'Paid %': '20',
      'Project Value (USD)': '20000',
      'Invoiced (USD)': '12000',
      'Paid (USD)': '4000',
      'Overdue (USD)': '250.5',
    });
    // The card's Billing block is every role's (docs/decisions/387): the same amounts in the
    // user's file, as in the call behind the cards; only the project value is the admin's.
    expect(theirs.header.filter((h) => h !== 'Project Value (USD)')).toEqual(mine.header);
    expect(mine.header).not.toContain('Project Value (USD)');
    const projects = (await (await t.request('GET', '/api/projects', { cookie: user })).json()) as {
      name: string;
      forecastTotalCreated: number;
      forecastTotalInvoiced: number;
      forecastTotalSent: number;
      forecastTotalPaid: number;
      forecastOverdueAmount: number;
      billingPaidPercentage: number;
    }[];
    const fromCall = projects.find((p) => p.name === 'Acme Support Retainer')!;
    const mineAcme = mine.records.find((r) => r.Project === 'Acme Support Retainer')!;
    expect(mineAcme).toMatchObject({
      'Paid %': String(fromCall.billingPaidPercentage),
      'Created (USD)': String(fromCall.forecastTotalCreated),
      'Invoiced (USD)': String(fromCall.forecastTotalInvoiced),
      'Sent (USD)': String(fromCall.forecastTotalSent),
      'Paid (USD)': String(fromCall.forecastTotalPaid),
      'Overdue (USD)': '250.5',
    });
  });

  it('portfolio follows the table view: filters and sort from the address', async () => {
    const csv = await download(exportHref.portfolio('jira=unlinked&sort=name&dir=desc'), user);
    expect(csv.records.map((r) => r.Project)).toEqual([
      'Wayne Foundation Website',
      'Stark Logistics Tracker',
      'Globex Checkout Revamp',
      'Acme Support Retainer',
    ]);
    const team = await download(exportHref.portfolio('team=Team+2'), user);
    expect(team.records.map((r) => r.Project)).toEqual(['Acme Support Retainer']);
  });

  it('tickets ready for QA in a week: one row per ticket, quoted text kept whole', async () => {
    const csv = await download(exportHref.readyForQa('2026-11-18'), user);
    expect(csv.fileName).toBe('ready-for-qa_2026-11-16_2026-11-22.csv');
    expect(csv.header).toEqual([
      'Key',
      'Status',
      'Project',
      'Summary',
      'Assignee',
      'Updated',
      'Story Points',
    ]);
    expect(csv.records.map((r) => r.Key).sort()).toEqual(['PAY-1', 'PAY-2', 'PAY-3']);
    const one = csv.records.find((r) => r.Key === 'PAY-1')!;
    expect(one).toMatchObject({
      Project: `'${HOSTILE}`,
      Summary: `'-1 refund, "fast"\nsecond line`,
      Assignee: 'Lena Ortiz',
      'Story Points': '5',
    });
    expect(csv.records.find((r) => r.Key === 'PAY-3')!.Assignee).toBe('Unassigned');
  });

  it('story points per assignee for a range, largest first', async () => {
    const csv = await download(exportHref.storyPoints('2026-11-09', '2026-11-22'), user);
    expect(csv.fileName).toBe('story-points-by-assignee_2026-11-09_2026-11-22.csv');
    expect(csv.rows).toEqual([
      ['Lena Ortiz', '8', '2'],
      ['Omar Haddad', '8', '1'],
      ['Unassigned', '2', '1'],
    ]);
  });

  it('velocity history: eight weeks, oldest first', async () => {
    const csv = await download(exportHref.velocityHistory(), user);
    expect(csv.header).toEqual(['Week Start', 'Velocity Percentage']);
    expect(csv.rows).toHaveLength(8);
    expect(csv.rows.at(-1)![0]).toBe(WEEK);
    expect(csv.fileName).toBe(`velocity-history_2026-09-28_${WEEK}.csv`);
    for (const [, v] of csv.rows) expect(v).toMatch(/^\d+$/);
  });

  it('availability for a week: the grid’s tracked people and days', async () => {
    const csv = await download(exportHref.availability('2026-11-19'), user);
    expect(csv.fileName).toBe('availability_2026-11-16_2026-11-20.csv');
    expect(csv.header).toEqual([
      'Tracked Person',
      'Account ID',
      'Start Date',
      'End Date',
      'Mon 2026-11-16',
      'Tue 2026-11-17',
      'Wed 2026-11-18',
      'Thu 2026-11-19',
      'Fri 2026-11-20',
      'Days Away',
    ]);
    // Gone Dev ended before the week and is not in its grid; '@Omar' is neutralised.
    expect(csv.rows).toEqual([
      [
        "'@Omar",
        'a-2',
        '2026-01-05',
        '',
        'Available',
        'Available',
        'Available',
        'Available',
        'Away',
        '1',
      ],
      ['Lena Ortiz', 'a-1', '', '', 'Available', 'Away', 'Away', 'Available', 'Available', '2'],
    ]);
  });

  it('weekly hours: one row per entry with its project', async () => {
    const csv = await download(exportHref.weeklyHours(WEEK), admin);
    expect(csv.fileName).toBe('weekly-hours_2026-11-16_2026-11-22.csv');
    expect(csv.header).toEqual(['Project', 'Project Hours', 'Date', 'Person', 'Notes', 'Hours']);
    const acme = csv.records.filter((r) => r.Project === 'Acme Support Retainer');
    expect(acme.map((r) => [r.Date, r.Person, r.Hours])).toEqual([
      ['2026-11-16', 'Mia Chen', '2'],
      ['2026-11-17', 'Omar Haddad', '1'],
      ['2026-11-18', 'Mia Chen', '1.5'],
    ]);
    expect(new Set(acme.map((r) => r['Project Hours']))).toEqual(new Set(['4.5']));
    // Every entry of the screen's week, and nothing else.
    const week = (await (
      await t.request('GET', `/api/agency-time-entries?weekStart=${WEEK}`, { cookie: admin })
    ).json()) as AgencyTimeData;
    expect(csv.records.map((r) => [r.Project, r.Date, r.Person, r.Hours])).toEqual(
      week.projectTimeData.flatMap((p) =>
        p.timeEntries.map((e) => [p.projectName, e.date, e.personName, String(e.hours)]),
      ),
    );
  });

  it('gross margins and their cost breakdown', async () => {
    const margins = await download(exportHref.grossMargins(), admin);
    const acme = margins.records.find((r) => r.Project === 'Acme Support Retainer')!;
    // All time: Mia 2 h + 1 h at $50 and 1.5 h + 1 h at $70, Omar 1 h at $80 (tests/fixtures/agency.ts).
    expect(acme).toMatchObject({
      'Dev Status': 'Active',
      'Internal Cost (USD)': '405',
      'Invoices Created (USD)': '12000',
      'Gross Margin (USD)': '11595',
      'Margin %': '96.6',
      'Amount Paid (USD)': '4000',
      'Cost Basis': 'breakdown',
    });
    const breakdown = await download(exportHref.costBreakdown(), admin);
    expect(breakdown.header).toEqual([
      'Project',
      'Person',
      'Hours',
      'Hourly Rate (USD)',
      'Cost (USD)',
    ]);
    const acmeCosts = breakdown.records.filter((r) => r.Project === 'Acme Support Retainer');
    expect(acmeCosts.reduce((sum, r) => sum + Number(r['Cost (USD)']), 0)).toBe(405);
  });

  it('users, trends, cost per point, budget burn, unbilled work and retainer forecasts', async () => {
    const users = await download(exportHref.users(), admin);
    expect(users.header).toEqual(['Email', 'Role', 'Approved', 'Created']);
    expect(users.records.find((r) => r.Email === 'dev@agency.test')).toMatchObject({
      Role: 'user',
      Approved: 'true',
    });

    const trends = await download(exportHref.trends(), admin);
    expect(trends.header[0]).toBe('Scope');
    const thisWeek = trends.records.find((r) => r.Scope === 'Agency' && r['Week Start'] === WEEK)!;
    expect(thisWeek['Current Week (so far)']).toBe('true');
    // The margin runs on from week to week; no weekly margin column invents losses.
    expect(trends.header).toContain('Cumulative Margin (USD)');
    expect(trends.header).not.toContain('Gross Margin (USD)');
    expect(Number(thisWeek.Hours)).toBeGreaterThan(0);

    const cpp = await download(exportHref.costPerPoint(), admin);
    expect(cpp.header).toEqual([
      'Scope',
      'Week Start',
      'Internal Cost (USD)',
      // Points moved to done, not Weekly History's Story Points (docs/figures.md).
      'Points Done',
      'Cost per Point (USD)',
    ]);
    expect(cpp.records.some((r) => r.Scope === 'Agency' && r['Week Start'] === WEEK)).toBe(true);

    const burn = await download(exportHref.budgetBurn(), admin);
    expect(burn.records.map((r) => r.Project)).toEqual(['Globex Checkout Revamp']);
    expect(burn.records[0]).toMatchObject({ 'Budget Type': 'FIXED_PRICE', 'Value (USD)': '10000' });

    const unbilled = await download(exportHref.unbilledWork(), admin);
    expect(unbilled.header).toContain('Unbilled Value (USD)');
    expect(unbilled.records.length).toBeGreaterThan(0);

    const retainers = await download(exportHref.retainerForecasts(), admin);
    expect(retainers.records).toHaveLength(1);
    expect(retainers.records[0]).toMatchObject({
      Project: 'Acme Support Retainer',
      Period: '2',
      'Start Date': '2026-11-01',
      'End Date': '2026-11-30',
      'Target (USD)': '9000',
      'Actual So Far (USD)': '3000',
    });
  });

  it('refuses the admins’ files to others and every file to a signed-out visitor', async () => {
    for (const path of [exportHref.grossMargins(), exportHref.users(), exportHref.trends()]) {
      const res = await t.request('GET', path, { cookie: user });
      expect(res.status, path).toBe(403);
    }
    for (const path of [exportHref.portfolio(), exportHref.readyForQa(WEEK)]) {
      const res = await t.request('GET', path);
      expect(res.status, path).toBe(401);
    }
  });

  it('answers bad dates with a JSON message, not a file', async () => {
    const res = await t.request('GET', '/api/export/ready-for-qa.csv?weekStart=2026-02-30', {
      cookie: user,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/weekStart/);
  });

  it('each screen links its download, with the week it shows', async () => {
    const links = async (path: string, cookie: string) => {
      const html = await (await t.request('GET', path, { cookie })).text();
      return [...html.matchAll(/<a[^>]*href="([^"]+\.csv[^"]*)"[^>]*download/g)].map((m) =>
        m[1]!.replaceAll('&amp;', '&'),
      );
    };
    expect(await links('/', user)).toEqual([exportHref.portfolio()]);
    expect(await links('/', admin)).toEqual([
      exportHref.portfolio(),
      exportHref.retainerForecasts(),
    ]);
    expect(await links('/developer?week=2026-11-10', user)).toEqual([
      exportHref.readyForQa('2026-11-09'),
    ]);
    expect(await links('/agency/settings', user)).toEqual([exportHref.availability(WEEK)]);
    expect(await links('/agency?week=2026-11-09', admin)).toEqual([
      exportHref.weeklyHours('2026-11-09'),
    ]);
    expect(await links('/agency?tab=gross-margins', admin)).toEqual([
      exportHref.grossMargins(),
      exportHref.costBreakdown(),
    ]);
    expect(await links('/agency?tab=trends', admin)).toEqual([exportHref.trends()]);
    expect(await links('/agency?tab=cost-per-point', admin)).toEqual([exportHref.costPerPoint()]);
    expect(await links('/agency?tab=budget-burn', admin)).toEqual([exportHref.budgetBurn()]);
    expect(await links('/agency?tab=unbilled', admin)).toEqual([exportHref.unbilledWork()]);
    expect(await links('/agency/users', admin)).toEqual([exportHref.users()]);
  });
});
