import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/app';
import { type SeededDemoApp, seededDemoApp } from '../../../tests/helpers/demo-app';
import { demoUpstream } from '../../../tests/helpers/upstream';
import { sourceLink } from '../../components/ui.css';
import type { Db } from '../../db/port';
import { listAllProjects, setProjectVisibility } from '../../db/projects';
import { DEMO_FORECAST_SITE } from '../../services/integrations';
import type { Project } from '../../shared/projects';

/**
 * `/projects/:id`, a project's own page, on the demo agency seeded as `npm start` seeds it:
 * the detail modal's content in the server's HTML, by role.
 */
const upstream = demoUpstream(new Date('2026-11-25T16:00:00Z'));
const { forecast } = upstream;
let db: Db;
let demo: SeededDemoApp;
let t: TestApp;
const cookies: Record<'admin' | 'staff' | 'user', string> = { admin: '', staff: '', user: '' };
let projects: Project[];
/** A retainer linked to Jira, and a fixed-price or T&M project (which has a Budget Burn tab). */
let retainer: Project;
let burning: Project;

beforeAll(async () => {
  demo = await seededDemoApp(upstream);
  ({ db, t } = demo);
  for (const role of ['admin', 'staff', 'user'] as const) cookies[role] = await t.signIn(role);
  projects = await listAllProjects(db);
  retainer = projects.find((p) => p.forecastBudgetType === 'RETAINER' && p.jiraProjectKey)!;
  burning = projects.find(
    (p) => p.forecastBudgetType === 'FIXED_PRICE' || p.forecastBudgetType === 'TIME_AND_MATERIALS',
  )!;
}, 120_000);
afterAll(() => demo.close());

async function page(path: string, role: keyof typeof cookies) {
  const res = await t.request('GET', path, { cookie: cookies[role] });
  return { status: res.status, html: await res.text() };
}

/** The ProjectDetails island's props, as the browser will read them. */
function detailProps(html: string): Record<string, unknown> {
  const match = /data-island="ProjectDetails" data-props="([^"]*)"/.exec(html);
  expect(match, 'the ProjectDetails island').not.toBeNull();
  const json = match![1]!
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
  return JSON.parse(json) as Record<string, unknown>;
}

describe('GET /projects/:id', () => {
  it('stores each project’s Forecast P-number from Forecast’s projects response', () => {
    for (const p of projects.filter((p) => p.forecastProjectId !== null)) {
      const inForecast = forecast.data.spine.projects.find(
        (s) => s.forecastId === p.forecastProjectId,
      );
      expect(p.forecastCompanyProjectId, p.name).toBe(inForecast?.companyProjectId);
    }
  });

  it('renders the Jira tab’s content in the HTML, readable before scripts, with the Forecast id linking into Forecast', async () => {
    const { status, html } = await page(`/projects/${retainer.id}`, 'user');
    expect(status).toBe(200);
    expect(html).toContain(`<title>${retainer.name}`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${retainer.name}</h1>`));
    // The modal's tabs, each a link to its own address.
    expect(html).toMatch(
      new RegExp(
        `<a [^>]*href="/projects/${retainer.id}"[^>]*role="tab"[^>]*aria-selected="true"[^>]*>Jira Integration</a>`,
      ),
    );
    expect(html).toMatch(
      new RegExp(
        `<a [^>]*href="/projects/${retainer.id}\\?tab=retainer"[^>]*role="tab"[^>]*>Retainer Periods</a>`,
      ),
    );
    // The overview is there already, not a spinner.
    for (const text of [
      'Project Overview',
      'Total Tickets',
      'Ticket Status Breakdown',
      'This Sprint',
    ])
      expect(html, text).toContain(text);
    expect(html).not.toContain('Loading Jira data');
    expect(html).toMatch(/data-testid="epic"/);
    // 'Forecast Project ID: <id>', the id a link to the project's page in the demo Forecast.
    const url = `${DEMO_FORECAST_SITE}/project/P-${retainer.forecastCompanyProjectId}/workflow`;
    expect(html).toContain('Forecast Project ID: ');
    expect(html).toMatch(
      new RegExp(
        `<a class="${sourceLink}" href="${url}" target="_blank" rel="noopener noreferrer"[^>]*>${retainer.forecastProjectId}<span[^>]*> \\(opens in a new tab\\)`,
      ),
    );
    // The way back to the list.
    expect(html).toContain('<a href="/">Project Portfolio</a>');
  });

  it('renders the Retainer Periods tab the address names, with the retainer forecast for admins only', async () => {
    const admin = await page(`/projects/${retainer.id}?tab=retainer`, 'admin');
    expect(admin.status).toBe(200);
    expect(admin.html).toContain('Project Summary');
    expect(admin.html).toMatch(/data-testid="retainer-period"/);
    expect(admin.html).toContain('Forecast for this period');
    expect(admin.html).not.toContain('Loading retainer periods');
    // The demo's running period as a real range: P10 below P90 while working days remain.
    const range = /data-testid="retainer-range"[^>]*>([^<]*)</.exec(
      admin.html.replace(/<!-- -->/g, ''),
    );
    if (range) {
      const [low, high] = range[1]!.split(' – ').map((m) => Number(m.replace(/[^0-9.]/g, '')));
      expect(low!).toBeLessThan(high!);
    } else expect(admin.html).toContain('has ended');
    for (const role of ['staff', 'user'] as const) {
      const { status, html } = await page(`/projects/${retainer.id}?tab=retainer`, role);
      expect(status, role).toBe(200);
      expect(html, role).toContain('Project Summary');
      expect(html, role).not.toContain('Forecast for this period');
    }
  });

  it('shows admins the money (budget burn, rate and value); staff and users get none of it', async () => {
    const admin = await page(`/projects/${burning.id}?tab=burn`, 'admin');
    expect(admin.status).toBe(200);
    expect(admin.html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>Budget Burn</);
    expect(admin.html).toContain('Internal cost to date');
    const props = detailProps(admin.html);
    expect(props.project).toHaveProperty('forecastProjectValue', burning.forecastProjectValue);
    expect(props.project).toHaveProperty('clientHourlyRate');

    for (const role of ['staff', 'user'] as const) {
      const { status, html } = await page(`/projects/${burning.id}?tab=burn`, role);
      expect(status, role).toBe(200);
      // No Budget Burn tab: the address's tab falls back to the first.
      expect(html, role).not.toContain('>Budget Burn<');
      expect(html, role).not.toContain('Internal cost to date');
      expect(html, role).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>Jira Integration</);
      const { project } = detailProps(html) as { project: Record<string, unknown> };
      expect(project, role).not.toHaveProperty('forecastProjectValue');
      expect(project, role).not.toHaveProperty('clientHourlyRate');
      expect(project.name, role).toBe(burning.name);
    }
  });

  it('answers an unknown, hidden or malformed id with the not-found page and its link home', async () => {
    const hidden = projects.find((p) => p.id !== retainer.id && p.id !== burning.id)!;
    await setProjectVisibility(db, hidden.id, 0);
    const unknown = Math.max(...projects.map((p) => p.id)) + 1000;
    for (const path of [
      `/projects/${unknown}`,
      `/projects/${hidden.id}`,
      '/projects/0',
      '/projects/abc',
      '/projects/-1',
      '/projects/1.5',
      '/projects/99999999999999999999',
    ]) {
      const { status, html } = await page(path, 'user');
      expect(status, path).toBe(404);
      expect(html, path).toContain('404 Page Not Found');
      expect(html, path).toContain('<a href="/">');
      expect(html, path).not.toContain(hidden.name);
    }
    await setProjectVisibility(db, hidden.id, 1);
  });

  it('sends a visitor who is not signed in to sign in', async () => {
    const res = await t.request('GET', `/projects/${retainer.id}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^\/auth/);
  });
});

describe('the portfolio links each project to its page', () => {
  it('makes a card’s name and a table row’s name real links to /projects/<id>', async () => {
    const cards = await page('/?view=cards', 'user');
    expect(cards.html).toMatch(
      new RegExp(
        `<a class="[^"]+" href="/projects/${retainer.id}" aria-haspopup="dialog">${retainer.name}</a>`,
      ),
    );
    const table = await page('/?view=table', 'user');
    expect(table.html).toMatch(
      new RegExp(
        `data-testid="project-row"[^>]*>[\\s\\S]*?<a class="[^"]+" href="/projects/${retainer.id}" aria-haspopup="dialog" title="${retainer.name}">`,
      ),
    );
  });

  it('links the card’s Forecast ID into Forecast, a new tab marked with an icon', async () => {
    const { html } = await page('/?view=cards', 'user');
    const url = `${DEMO_FORECAST_SITE}/project/P-${retainer.forecastCompanyProjectId}/workflow`;
    expect(html).toMatch(
      new RegExp(
        `Forecast ID: <a class="${sourceLink}" href="${url}" target="_blank" rel="noopener noreferrer"[^>]*>${retainer.forecastProjectId}<span[^>]*> \\(opens in a new tab\\)`,
      ),
    );
  });
});
