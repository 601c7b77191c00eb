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
  it('sends every visible card with its numbers in the HTML, as server HTML and not an island, with no spinner', async () => {
    const res = await t.request('GET', '/', { cookie });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('>Project Portfolio</h1>');
    expect(html).toMatch(
      /<app-island data-island="ManageProjectsDialog" data-props="\{&quot;role&quot;:&quot;user&quot;,&quot;today&quot;:&quot;\d{4}-\d{2}-\d{2}&quot;\}"><button[^>]*>Manage Projects<\/button>/,
    );
    expect(html).toContain(
      '<app-island data-island="PortfolioCards" data-props="{&quot;rendered&quot;:true,&quot;role&quot;:&quot;user&quot;,&quot;jiraSite&quot;:&quot;https://demo-agency.atlassian.net&quot;,&quot;forecastSite&quot;:&quot;https://demo-agency.forecast.it&quot;}"></app-island><div data-portfolio-projects=""><ul',
    );
    // No project list rides along as island props: each card's islands carry a few fields.
    expect(html).not.toContain('&quot;projects&quot;');
    expect(html.split('data-island="TeamSelector"')).toHaveLength(3);
    expect(html.split('data-testid="project-card"')).toHaveLength(3);
    expect(html).toContain('Northwind Mobile App');
    expect(html).toContain('$12,345.60');
    expect(html).toContain('4/10');
    expect(html).toContain('150/200 tickets');
    expect(html).toContain('Sent %</span><b>');
    expect(html).not.toMatch(/>Hidden Hooli</);
    expect(html).not.toContain('Loading projects');
    // The page preloads the chunks of its islands and nothing runs inline.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
  });

  it('still renders when the projects cannot be read, and lets the island fetch the cards (spinner first)', async () => {
    allowConsoleErrors();
    const failing: Db = {
      ...db,
      kind: db.kind,
      query: (text, params) =>
        text.includes('FROM projects p')
          ? Promise.reject(new Error('connection lost'))
          : db.query(text, params),
      transaction: (fn) => db.transaction(fn),
      exec: (text) => db.exec(text),
      close: () => Promise.resolve(),
    };
    const broken = createTestApp(failing);
    const own = await broken.signIn('user');
    const res = await broken.request('GET', '/', { cookie: own });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(
      'data-props="{&quot;rendered&quot;:false,&quot;role&quot;:&quot;user&quot;,&quot;jiraSite&quot;:&quot;https://demo-agency.atlassian.net&quot;,&quot;forecastSite&quot;:&quot;https://demo-agency.forecast.it&quot;}"',
    );
    expect(html).toContain('aria-label="Loading projects"');
    expect(html).not.toContain('data-testid="project-card"');
    // The cards the island asks for answer 503 with the reason, never a page.
    const cards = await broken.request('GET', '/portfolio/projects', { cookie: own });
    expect(cards.status).toBe(503);
    expect(await cards.json()).toEqual({ message: 'Failed to fetch project data.' });
  });

  it('answers GET /portfolio/projects with the same cards as the page, without a document around them', async () => {
    const res = await t.request('GET', '/portfolio/projects', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toMatch(/^<ul class="[^"]+" aria-label="Projects">/);
    expect(html).not.toContain('<html');
    expect(html.split('data-testid="project-card"')).toHaveLength(3);
    expect(html).toContain('$12,345.60');
    const page = await (await t.request('GET', '/', { cookie })).text();
    // React's useId ids (a refused control's reason) depend on where the tree renders.
    const sameIds = (h: string) => h.replace(/_R_\w+_/g, '_R_id_');
    expect(sameIds(page)).toContain(sameIds(html));
  });

  it('sends a signed-out visitor to /auth', async () => {
    const res = await t.request('GET', '/');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth');
  });
});
