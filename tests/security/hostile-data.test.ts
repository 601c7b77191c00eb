import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { browserTest } from '../helpers/chromium';
import type { AssetManifest } from '../../src/render/assets';
import { syncTimeRegistrations } from '../../src/services/forecast/sync';
import { isoDateInZone } from '../../src/shared/time-zones';
import { weekStartOf } from '../../src/shared/calendar';
import { skippedText, type SyncRunJson } from '../../src/shared/sync-runs';
import { waitForHydration } from '../e2e/harness';
import { demoUpstream } from '../helpers/upstream';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { DEMO_ON_DASHBOARD } from './calls';
import { builtAssets, startInProcessBrowser, type InProcessBrowser } from './in-process-browser';

// Names, summaries and notes from Jira and Forecast carrying markup render as
// text everywhere: in the server's HTML, in the islands once React has them, and in the
// dialogs the islands open. The data comes through the real clients from the mock services.

/** Script, an element with a handler, and the tag that closes an island, all in one value. */
const PAYLOAD = '<script>alert(1)</script><img src=x onerror=alert(1)></app-island>"\'&';

const { now, jiraData, forecast, server } = demoUpstream();

// Every name a person or project has upstream, every ticket, epic and sprint of the linked
// project, and every time-entry note carry the payload.
for (const p of jiraData.projects) p.name = `${p.name} ${PAYLOAD}`;
for (const u of jiraData.users) u.displayName = `${u.displayName} ${PAYLOAD}`;
const linked = jiraData.detail(DEMO_ON_DASHBOARD.jiraKey);
for (const issue of linked.issues) issue.summary = `${issue.summary} ${PAYLOAD}`;
for (const sprint of linked.sprints) {
  sprint.name = `${sprint.name} ${PAYLOAD}`;
  sprint.goal = `Goal ${PAYLOAD}`;
}
for (const p of forecast.data.projects) p.name = `${p.name} ${PAYLOAD}`;
for (const person of forecast.data.persons) person.last_name = `${person.last_name} ${PAYLOAD}`;
for (const r of forecast.data.timeRegistrations) r.notes = `Note ${PAYLOAD}`;

let t: TestApp;
let drop: () => Promise<void>;
let assets: AssetManifest;
let browser: InProcessBrowser;
let adminCookie: string;

browserTest.beforeAll(async ({ chromium }) => {
  server.listen({ onUnhandledRequest: 'error' });
  assets = await builtAssets();
  const created = await createTestDb();
  drop = created.drop;
  t = createTestApp(created.db, { assets });
  adminCookie = await t.signIn('admin');

  // The data arrives the way a user brings it in: import, link, select developers, time sync.
  const imported = await t.request('POST', '/api/projects/import-forecast', {
    cookie: adminCookie,
    body: { forecastProjectId: DEMO_ON_DASHBOARD.forecastProjectId },
  });
  expect(imported.status, await imported.clone().text()).toBe(201);
  const { project } = (await imported.json()) as { project: { id: number; name: string } };
  expect(project.name).toContain(PAYLOAD);
  const link = await t.request('POST', `/api/projects/${project.id}/link-jira`, {
    cookie: adminCookie,
    body: { jiraProjectKey: DEMO_ON_DASHBOARD.jiraKey },
  });
  expect(link.status, await link.clone().text()).toBe(200);
  const developers = jiraData.spine.developers.slice(0, 3).map((d) => d.accountId);
  const select = await t.request('POST', '/api/developer-availability', {
    cookie: adminCookie,
    body: { developers: {}, selectedDevelopersList: developers },
  });
  expect(select.status, await select.clone().text()).toBe(200);
  await syncTimeRegistrations(created.db, t.deps.forecast, {
    now,
    timeZone: t.deps.config.AGENCY_TIMEZONE,
  });

  browser = await startInProcessBrowser(chromium, t.app);
  const [, token] = adminCookie.split('=');
  await browser.context.addCookies([{ name: 'session', value: token!, url: 'http://localhost' }]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  server.close();
  await drop?.();
});

interface Inspection {
  problems: string[];
  /** How many times the payload is in the text of the document. */
  shownAsText: number;
  islands: number;
}

/**
 * Looks for anything the payload could have become: a script that is not our bundle, an
 * element with an event-handler attribute, the injected image, an island cut short or with
 * props that do not survive JSON exactly. `html` given: the server's document, parsed but
 * never run; otherwise the live page.
 */
function inspect(page: Page, html?: string): Promise<Inspection> {
  return page.evaluate(
    ({ html, payload, known }) => {
      const doc =
        html === undefined ? document : new DOMParser().parseFromString(html, 'text/html');
      const problems: string[] = [];
      for (const s of doc.querySelectorAll('script')) {
        const src = s.getAttribute('src') ?? '';
        // Ours: a module from /assets/; the pages have no inline script at all.
        const bundle = src.startsWith('/assets/') && !s.textContent!.trim();
        if (!bundle) problems.push(`a script that is not our bundle: ${s.outerHTML.slice(0, 120)}`);
      }
      for (const el of doc.querySelectorAll('*')) {
        for (const a of el.attributes)
          if (/^on/i.test(a.name))
            problems.push(`<${el.tagName.toLowerCase()}> has ${a.name}="${a.value.slice(0, 40)}"`);
      }
      for (const img of doc.querySelectorAll('img'))
        if (img.getAttribute('src') === 'x') problems.push('the injected <img> exists');
      const islands = [...doc.querySelectorAll('app-island')];
      for (const el of islands) {
        const name = el.getAttribute('data-island') ?? '';
        if (!known.includes(name)) problems.push(`an island named ${JSON.stringify(name)}`);
        const props = el.getAttribute('data-props') ?? '';
        try {
          if (JSON.stringify(JSON.parse(props)) !== props)
            problems.push(`${name}: data-props do not round-trip`);
        } catch {
          problems.push(`${name}: data-props are not JSON`);
        }
      }
      const text = doc.body.textContent ?? '';
      return { problems, shownAsText: text.split(payload).length - 1, islands: islands.length };
    },
    { html, payload: PAYLOAD, known: Object.keys(assets.islands) },
  );
}

/** The server's document for `path`: the payload shown only as text, islands whole, props exact. */
async function checkServerHtml(page: Page, path: string): Promise<Inspection> {
  const res = await t.request('GET', path, { cookie: adminCookie });
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const found = await inspect(page, html);
  expect(found.problems, path).toEqual([]);
  // An unescaped payload would close an island early: every closing tag must belong to one.
  expect(html.split('</app-island>').length - 1, `${path}: closing island tags`).toBe(
    found.islands,
  );
  return found;
}

async function checkLive(page: Page, what: string, problems: () => string[]): Promise<Inspection> {
  const found = await inspect(page);
  expect(found.problems, what).toEqual([]);
  expect(problems(), what).toEqual([]);
  return found;
}

/** How many times the open dialog shows the payload as text. */
function shownInDialog(page: Page, name?: string): Promise<number> {
  return page
    .getByRole('dialog', name ? { name } : {})
    .evaluate((el, payload) => (el.textContent ?? '').split(payload).length - 1, PAYLOAD);
}

/** Props that carry the payload keep it byte for byte: what the island gets is what upstream sent. */
async function payloadInProps(page: Page): Promise<number> {
  return page.evaluate((payload) => {
    let n = 0;
    const walk = (v: unknown): void => {
      if (typeof v === 'string') n += v.split(payload).length - 1;
      else if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    for (const el of document.querySelectorAll('app-island'))
      walk(JSON.parse(el.getAttribute('data-props') ?? 'null'));
    return n;
  }, PAYLOAD);
}

describe('markup from Jira and Forecast renders as text', () => {
  it('on the Projects page, its detail modal, the link dialog and the manage dialog', async () => {
    const { page, problems } = await browser.openPage();
    await page.goto('/');
    expect((await checkServerHtml(page, '/')).shownAsText).toBeGreaterThan(0);
    await waitForHydration(page);
    expect((await checkLive(page, 'the portfolio', problems)).shownAsText).toBeGreaterThan(0);
    expect(await payloadInProps(page)).toBeGreaterThan(0);

    // The detail modal, Jira tab: epics, sprint name and goal, ticket statuses.
    await page.locator('[data-testid=project-card] a[aria-haspopup=dialog]').first().click();
    const detail = page.getByRole('dialog');
    await detail.waitFor();
    await detail.getByText(`Goal ${PAYLOAD}`, { exact: false }).first().waitFor();
    await checkLive(page, 'the project detail modal', problems);
    expect(await shownInDialog(page)).toBeGreaterThan(0);

    // The link dialog lists Jira's projects by key and name.
    await detail
      .getByRole('button', { name: /Linked: |Link Jira Project/ })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Link Jira Project' }).waitFor();
    await expect
      .poll(async () => (await inspect(page)).shownAsText, { timeout: 15_000 })
      .toBeGreaterThan(1);
    await checkLive(page, 'the link dialog', problems);
    expect(await shownInDialog(page, 'Link Jira Project')).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    // Closing the modal goes Back to the list's address; a reload before that lands would
    // reload the project's own page, which has no Manage Projects button.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');

    // The manage dialog lists Forecast's projects on demand.
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Manage Projects' }).click();
    const manage = page.getByRole('dialog', { name: 'Manage Projects' });
    await manage.getByRole('button', { name: 'Load Projects' }).click();
    await manage.getByText('On Dashboard').first().waitFor();
    await checkLive(page, 'the manage dialog', problems);
    expect(await shownInDialog(page)).toBeGreaterThan(2);
  }, 120_000);

  it('on the Agency Dashboard: project rows, people and notes of the week, and the gross margins', async () => {
    const { page, problems } = await browser.openPage();
    await page.goto('/');
    await checkServerHtml(page, '/agency');
    await page.goto('/agency');
    await waitForHydration(page);
    // Expand every project row of the week, one at a time (each click changes the set).
    // The rows of the week, not the top bar's Menu button (hidden on a wide screen).
    const collapsed = page.locator(
      'button[aria-expanded=false][aria-controls]:not([aria-controls="top-menu"])',
    );
    for (let i = 0; i < 50 && (await collapsed.count()) > 0; i++) await collapsed.first().click();
    await page.getByText(`Note ${PAYLOAD}`).first().waitFor();
    expect((await checkLive(page, 'the weekly hours', problems)).shownAsText).toBeGreaterThan(2);

    expect((await checkServerHtml(page, '/agency?tab=gross-margins')).shownAsText).toBeGreaterThan(
      0,
    );
    await page.goto('/agency?tab=gross-margins');
    await waitForHydration(page);
    expect((await checkLive(page, 'the gross margins', problems)).shownAsText).toBeGreaterThan(0);
    expect(await payloadInProps(page)).toBeGreaterThan(0);
  }, 120_000);

  it('on the settings page and its Add Team Member dialog', async () => {
    const { page, problems } = await browser.openPage();
    await page.goto('/');
    expect((await checkServerHtml(page, '/agency/settings')).shownAsText).toBeGreaterThan(0);
    await page.goto('/agency/settings');
    await waitForHydration(page);
    expect((await checkLive(page, 'the availability grid', problems)).shownAsText).toBeGreaterThan(
      0,
    );
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('dialog', { name: 'Add Team Member' }).waitFor();
    await page.getByText('Loading users...').waitFor({ state: 'detached' });
    expect(
      (await checkLive(page, 'the Add Team Member dialog', problems)).shownAsText,
    ).toBeGreaterThan(3);
    expect(await shownInDialog(page)).toBeGreaterThan(2);
  }, 120_000);

  it('on the Weekly History page and its story points modal', async () => {
    const { page, problems } = await browser.openPage();
    await page.goto('/');
    await checkServerHtml(page, '/developer');
    await page.goto('/developer');
    await waitForHydration(page);
    expect((await checkLive(page, 'the weekly history', problems)).shownAsText).toBeGreaterThan(0);
    await page.getByRole('button', { name: /Total Story Points/ }).click();
    await page.getByRole('dialog').waitFor();
    // The chart shortens names on its axis, so here the proof is that it drew them and nothing else.
    await page.getByRole('dialog').getByText('Total Assignees', { exact: true }).waitFor();
    await checkLive(page, 'the story points modal', problems);
  }, 120_000);

  it('in the JSON of the calls, byte for byte', async () => {
    const res = await t.request('GET', '/api/projects', { cookie: adminCookie });
    const projects = (await res.json()) as { name: string }[];
    expect(projects.map((p) => p.name)).toContain(
      forecast.data.projects.find((p) => p.id === DEMO_ON_DASHBOARD.forecastProjectId)!.name,
    );
    const week = await t.request(
      'GET',
      `/api/agency-time-entries?weekStart=${weekStartOf(isoDateInZone(now, t.deps.config.AGENCY_TIMEZONE))}`,
      { cookie: adminCookie },
    );
    expect(await week.text()).toContain(JSON.stringify(`Note ${PAYLOAD}`).slice(1, -1));
  });
});

describe('hostile rows from Jira and Forecast', () => {
  // Each record is checked on its own: a row that cannot be stored is cleaned where that is safe,
  // otherwise skipped and counted, and the rest is stored (docs/decisions/271).
  const onDashboard = () =>
    forecast.data.projects.find((p) => p.id === DEMO_ON_DASHBOARD.forecastProjectId)!;
  // Two projects not yet on the dashboard, for the import cases.
  const [nulProject, hugeProject] = forecast.data.projects.filter(
    (p) => p.id !== DEMO_ON_DASHBOARD.forecastProjectId && p.stage === 'RUNNING',
  );

  it('imports a project whose name holds NUL and control characters, cleaned', async () => {
    nulProject!.name = 'Night\u0000ly\u0007 Build\uE000';
    const res = await t.request('POST', '/api/projects/import-forecast', {
      cookie: adminCookie,
      body: { forecastProjectId: nulProject!.id },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(((await res.json()) as { project: { name: string } }).project.name).toBe(
      'Nightly Build',
    );
  });

  it('answers 502 naming the field for a 1e300 budget, and stores nothing', async () => {
    const before = (
      (await (await t.request('GET', '/api/projects', { cookie: adminCookie })).json()) as unknown[]
    ).length;
    hugeProject!.budget = 1e300;
    const res = await t.request('POST', '/api/projects/import-forecast', {
      cookie: adminCookie,
      body: { forecastProjectId: hugeProject!.id },
    });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Forecast: .*budget/);
    const after = (
      (await (await t.request('GET', '/api/projects', { cookie: adminCookie })).json()) as unknown[]
    ).length;
    expect(after).toBe(before);
  });

  it('links a Jira project one of whose summaries holds a NUL byte, storing every ticket', async () => {
    const linked = jiraData.detail(DEMO_ON_DASHBOARD.jiraKey);
    linked.issues.find((i) => i.typeName !== 'Epic')!.summary = `Broken\u0000 summary\uE000`;
    const projects = (await (
      await t.request('GET', '/api/projects', { cookie: adminCookie })
    ).json()) as {
      id: number;
      name: string;
      jiraProjectKey: string | null;
    }[];
    const project = projects.find((p) => p.jiraProjectKey === DEMO_ON_DASHBOARD.jiraKey)!;
    const count = () =>
      t.deps.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM jira_issues WHERE project_id = $1',
        [project.id],
      );
    const before = (await count())[0]!.n;
    expect(before).toBeGreaterThan(100);
    const res = await t.request('POST', `/api/projects/${project.id}/link-jira`, {
      cookie: adminCookie,
      body: { jiraProjectKey: DEMO_ON_DASHBOARD.jiraKey },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const [row] = await t.deps.db.query<{ n: number; summaries: string }>(
      `SELECT count(*)::int AS n, string_agg(summary, '|') AS summaries FROM jira_issues
       WHERE project_id = $1`,
      [project.id],
    );
    expect(row!.n).toBe(before);
    expect(row!.summaries).toContain('Broken summary');
    expect(row!.summaries.includes('\u0000') || row!.summaries.includes('\uE000')).toBe(false);
  });

  it('keeps Sync now going past a missing unit price and a negative minute count, and says so', async () => {
    const invoice = forecast.data.invoices.find((i) => i.entries.length > 0)!;
    delete (invoice.entries[0] as { unit_price?: number }).unit_price;
    const registration = {
      ...forecast.data.timeRegistrations[0]!,
      id: Math.max(...forecast.data.timeRegistrations.map((r) => r.id)) + 1,
      time_registered: -30,
      // Edited after every other row, as the fake's clock goes (the demo's day ends at 18:00
      // UTC, so before then its newest rows are stamped later than the real clock).
      updated_at: new Date(
        Math.max(
          Date.now(),
          ...forecast.data.timeRegistrations.map((r) => Date.parse(r.updated_at)),
        ) + 1000,
      ).toISOString(),
    };
    forecast.data.timeRegistrations.push(registration);
    onDashboard().name = `${onDashboard().name}\u0000`;

    const ended = await t.deps.refresh.run('sync_now');
    expect(ended.ended?.outcome, ended.ended?.failure ?? '').toBe('succeeded');
    const stored = await t.deps.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM forecast_time_registrations',
    );
    expect(stored[0]!.n).toBe(forecast.data.timeRegistrations.length - 1);

    // The history says how many were skipped and why, to admins only.
    const history = await t.request('GET', '/api/admin/sync/runs', { cookie: adminCookie });
    const { runs } = (await history.json()) as { runs: SyncRunJson[] };
    const run = runs.find((r) => r.id === ended.ended!.id)!;
    expect(skippedText(run)).toMatch(/^\d+ records? skipped$/);
    expect(run.progress.skippedReasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(`^Forecast invoice ${invoice.id}: entries\\.0\\.unit_price`),
        ),
        expect.stringMatching(
          new RegExp(`^Forecast time registration ${registration.id}: time_registered`),
        ),
      ]),
    );
    const userCookie = await t.signIn('user');
    expect((await t.request('GET', '/api/admin/sync/runs', { cookie: userCookie })).status).toBe(
      403,
    );
  });

  it('hydrates pages whose Jira names held private-use characters', async () => {
    const { page, problems } = await browser.openPage();
    await page.goto('/');
    await waitForHydration(page);
    await checkLive(page, 'the portfolio after hostile rows', problems);
    await page.goto('/developer');
    await waitForHydration(page);
    await checkLive(page, 'the weekly history after hostile rows', problems);
  }, 120_000);
});
