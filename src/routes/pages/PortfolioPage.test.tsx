import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowConsoleErrors } from '../../../tests/helpers/console';
import { createTestApp, type TestApp } from '../../../tests/helpers/app';
import { createTestDb } from '../../../tests/helpers/db';
import type { Db } from '../../db/port';

let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db);
  cookie = await t.signIn('user');
  await db.query(
    `INSERT INTO projects (name, team_name, forecast_project_id, forecast_total_invoiced, forecast_total_paid, forecast_retainer_periods_completed,
       forecast_retainer_periods_total, billing_sent_percentage, jira_project_key, jira_total_tickets, jira_completed_tickets, visible)
     VALUES ('Northwind Mobile App', 'Team 2', 4015, 12345.6, 1000, 4, 10, 61, 'NMA', 200, 150, 1),
            ('Globex Checkout Revamp', 'Team 4', 4022, 500, 0, 0, 0, 0, NULL, 0, 0, 1),
            ('Hidden Hooli', NULL, 4057, 0, 0, 0, 0, 0, NULL, 0, 0, 0)`,
  );
});
afterAll(() => drop());

describe('GET / (the Project Portfolio)', () => {
  it('sends every visible card with its numbers in the HTML, inside the portfolio island, with no spinner', async () => {
    const res = await t.request('GET', '/', { cookie });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('>Project Portfolio</h1>');
    expect(html).toMatch(/<app-island data-island="ManageProjectsDialog" data-props="\{\}"><button[^>]*>Manage Projects<\/button>/);
    expect(html).toContain('<app-island data-island="ProjectPortfolio" data-props="{&quot;projects&quot;:[');
    expect(html.split('data-testid="project-card"')).toHaveLength(3);
    expect(html).toContain('Northwind Mobile App');
    expect(html).toContain('$12,345.60');
    expect(html).toContain('4/10');
    expect(html).toContain('150/200 tickets');
    expect(html).toContain('Sent %</span><span class="');
    expect(html).not.toMatch(/>Hidden Hooli</);
    expect(html).not.toContain('Loading projects');
    // The page preloads the chunks of its islands and nothing runs inline.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
  });

  it('still renders when the projects cannot be read, and lets the island fetch them (spinner first)', async () => {
    allowConsoleErrors();
    const failing: Db = {
      ...db,
      kind: db.kind,
      query: (text, params) => (text.includes('FROM projects p') ? Promise.reject(new Error('connection lost')) : db.query(text, params)),
      transaction: (fn) => db.transaction(fn),
      exec: (text) => db.exec(text),
      close: () => Promise.resolve(),
    };
    const broken = createTestApp(failing);
    const own = await broken.signIn('user');
    const res = await broken.request('GET', '/', { cookie: own });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-props="{&quot;projects&quot;:null');
    expect(html).toContain('aria-label="Loading projects"');
    expect(html).not.toContain('data-testid="project-card"');
  });

  it('sends a signed-out visitor to /auth', async () => {
    const res = await t.request('GET', '/');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth');
  });
});
