import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/app';
import { createTestDb } from '../../../../tests/helpers/db';
import type { Db } from '../../../db/port';

// The portfolio's table view: sorted and filtered on the server, in the address, remembered per person.
let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let admin: string;
let user: string;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db, { clock: () => new Date('2026-11-18T12:00:00Z') });
  admin = await t.signIn('admin');
  user = await t.signIn('user');
  await db.query(
    `INSERT INTO projects (name, team_name, dev_status, jira_project_key, jira_total_tickets, jira_completed_tickets, billing_paid_percentage, forecast_overdue_amount, forecast_stage, visible) VALUES
       ('Bravo', 'Team 1', 'Active', 'BRA', 10, 9, 50, 0, 'RUNNING', 1),
       ('alpha', 'Team 2', 'Billing Blocked', NULL, 0, 0, 10, 1234.5, 'PLANNING', 1),
       ('Charlie', NULL, 'Active', 'CHA', 10, 2, 90, 0, 'RUNNING', 1),
       ('Hidden', 'Team 1', 'Active', NULL, 0, 0, 0, 0, 'RUNNING', 0)`,
  );
});
afterAll(async () => {
  await drop();
});

/** What the page's island sends once the address names a view in full. */
const remember = (query: string, cookie: string) =>
  t.request('PUT', '/api/preferences/portfolio-view', { cookie, body: { query } });
const page = async (path: string, cookie: string) => {
  const res = await t.request('GET', path, { cookie });
  return { res, html: res.status === 200 ? await res.text() : '' };
};
/** The project names in the table, in the order shown. */
const rowNames = (html: string) =>
  [...html.matchAll(/data-testid="project-row"[\s\S]*?aria-haspopup="dialog"[^>]*>([^<]+)</g)].map(
    (m) => m[1],
  );

describe('the portfolio table view', () => {
  it('lists the visible projects sorted by the column in the address, with their billing columns', async () => {
    const { html } = await page('/?view=table&sort=tickets&dir=desc', admin);
    expect(rowNames(html)).toEqual(['Bravo', 'Charlie', 'alpha']);
    expect(html).toContain('aria-sort="descending"');
    expect(html).toMatch(/>Paid %/);
    expect(html).toMatch(/>Overdue/);
    expect(html).toContain('$1,234.50');
    // The header link turns the sort round.
    expect(html).toContain('href="/?view=table&amp;sort=tickets"');
    // The download lists what the table shows.
    expect(html).toContain('href="/api/export/portfolio.csv?sort=tickets&amp;dir=desc"');
  });

  it("shows a plain user the card's billing figures too, and sorts by them", async () => {
    // The card's Billing block is the spec's for every signed-in user (docs/decisions/387).
    const { html } = await page('/?view=table&sort=paid&dir=desc', user);
    expect(html).toMatch(/>Paid %/);
    expect(html).toMatch(/>Overdue/);
    expect(html).toContain('$1,234.50');
    expect(rowNames(html)).toEqual(['Charlie', 'Bravo', 'alpha']);
    expect(html).toContain('aria-sort="descending"');
  });

  it('filters by team, dev status, Jira link and stage', async () => {
    expect(rowNames((await page('/?view=table&team=none', user)).html)).toEqual(['Charlie']);
    expect(rowNames((await page('/?view=table&jira=unlinked', user)).html)).toEqual(['alpha']);
    expect(
      rowNames((await page('/?view=table&stage=RUNNING&devStatus=Active', user)).html),
    ).toEqual(['Bravo', 'Charlie']);
    const none = await page('/?view=table&team=Team+4', user);
    expect(none.html).toContain('No projects match these filters.');
    expect(none.html).toContain('0 of 3 projects');
  });

  it('remembers the view the page posts: a plain / goes to it, others keep theirs', async () => {
    const me = await t.signIn('staff');
    const other = await t.signIn('staff');
    const saved = await remember('view=table&sort=name&dir=desc&jira=linked', me);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ query: 'view=table&dir=desc&jira=linked' });
    const back = await page('/', me);
    expect(back.res.status).toBe(302);
    expect(back.res.headers.get('location')).toBe('/?view=table&dir=desc&jira=linked');
    // Opening the project from an Insights link keeps the view.
    const linked = await page('/?project=7', me);
    expect(linked.res.headers.get('location')).toBe('/?view=table&dir=desc&jira=linked&project=7');
    expect((await page('/', other)).res.status).toBe(200);
    // The copied link shows the same view in another person's session.
    const copied = await page('/?view=table&dir=desc&jira=linked', other);
    expect(rowNames(copied.html)).toEqual(['Charlie', 'Bravo']);
    // Back to cards is remembered too.
    expect((await remember('?view=cards', me)).status).toBe(200);
    const cards = await page('/', me);
    expect(cards.res.status).toBe(200);
    expect(cards.html).toContain('data-testid="project-card"');
    expect(cards.html).not.toContain('data-testid="portfolio-table"');
  });

  it('never remembers a view from a GET, however full the address', async () => {
    const me = await t.signIn('user');
    const opened = await page('/?view=table&sort=tickets&dir=desc&team=Team+1', me);
    expect(opened.res.status).toBe(200);
    const plain = await page('/', me);
    expect(plain.res.status).toBe(200);
    expect(plain.html).toContain('data-testid="project-card"');
  });

  it('tidies the filter form’s address, and refuses to remember a view it cannot read', async () => {
    const me = await t.signIn('user');
    const form = await page(
      '/?view=table&sort=name&dir=asc&team=&devStatus=&jira=linked&stage=',
      me,
    );
    expect(form.res.status).toBe(302);
    expect(form.res.headers.get('location')).toBe('/?view=table&jira=linked');
    expect((await remember('view=table&jira=linked', me)).status).toBe(200);
    const junk = await page('/?view=table&sort=nonsense', me);
    expect(junk.res.status).toBe(200);
    expect(rowNames(junk.html)).toEqual(['alpha', 'Bravo', 'Charlie']);
    for (const query of ['view=table&sort=nonsense', 'view=grid', 'x=1']) {
      const refused = await remember(query, me);
      expect(refused.status).toBe(400);
      expect((await refused.json()).message).toMatch(/^The portfolio view could not be read: /);
    }
    // Still the last view that was read in full.
    expect((await page('/', me)).res.headers.get('location')).toBe('/?view=table&jira=linked');
    // A billing column is a view anyone can keep, as anyone sees it.
    expect((await remember('view=table&sort=paid', me)).status).toBe(200);
    expect((await remember('view=table&sort=paid', admin)).status).toBe(200);
  });

  it('answers the refresh fragment in the view the page asks for', async () => {
    const { html } = await page('/portfolio/projects?view=table&sort=name&dir=desc', user);
    expect(rowNames(html)).toEqual(['Charlie', 'Bravo', 'alpha']);
    const cards = await page('/portfolio/projects', user);
    expect(cards.html).toContain('data-testid="project-card"');
  });

  it('forgets a person’s view with their account', async () => {
    const me = await t.signIn('user', 'leaver@agency.test');
    await remember('view=table', me);
    await db.query("DELETE FROM users WHERE email = 'leaver@agency.test'");
    expect(
      await db.query(
        'SELECT 1 FROM user_preferences up JOIN users u ON u.id = up.user_id WHERE u.email = $1',
        ['leaver@agency.test'],
      ),
    ).toEqual([]);
    const [{ n }] = (await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM user_preferences',
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
  });
});
