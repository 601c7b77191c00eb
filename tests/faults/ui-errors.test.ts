import type { Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { browserTest } from '../helpers/chromium';
import { loadConfig } from '../../src/config';
import type { Db } from '../../src/db/port';
import { createJiraHandlers } from '../../src/mocks/jira/handlers';
import { createIntegrations } from '../../src/services/integrations';
import { toastWithTitle, waitForHydration } from '../e2e/harness';
import { demoUpstream } from '../helpers/upstream';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { DEMO_NOT_ON_DASHBOARD, DEMO_ON_DASHBOARD } from '../security/calls';
import { changedTables, snapshotDb, type DbSnapshot } from '../security/db-snapshot';
import {
  builtAssets,
  startInProcessBrowser,
  type InProcessBrowser,
} from '../security/in-process-browser';

// Upstream failures as a user sees them: when Jira or Forecast fails, each screen shows the spec's
// error state (docs/product-spec.md, "Screens and routes" and "Error catalogue"), in the built
// client against this process's app, and nothing stored changes.

const { jiraAuth, forecast, server } = demoUpstream();

let t: TestApp;
let db: Db;
let drop: () => Promise<void>;
let browser: InProcessBrowser;
let projectName: string;

browserTest.beforeAll(async ({ chromium }) => {
  server.listen({ onUnhandledRequest: 'error' });
  const created = await createTestDb();
  db = created.db;
  drop = created.drop;
  const integrations = createIntegrations(loadConfig({ NODE_ENV: 'test' }), {
    timeoutMs: 1_000,
    deadlineMs: 2_000,
  });
  t = createTestApp(db, { ...integrations, assets: await builtAssets() });
  const cookie = await t.signIn('admin');
  const imported = await t.request('POST', '/api/projects/import-forecast', {
    cookie,
    body: { forecastProjectId: DEMO_ON_DASHBOARD.forecastProjectId },
  });
  expect(imported.status).toBe(201);
  const { project } = (await imported.json()) as { project: { id: number; name: string } };
  projectName = project.name;
  expect(
    (
      await t.request('POST', `/api/projects/${project.id}/link-jira`, {
        cookie,
        body: { jiraProjectKey: DEMO_ON_DASHBOARD.jiraKey },
      })
    ).status,
  ).toBe(200);

  browser = await startInProcessBrowser(chromium, t.app);
  await browser.context.addCookies([
    { name: 'session', value: cookie.split('=')[1]!, url: 'http://localhost' },
  ]);
}, 180_000);
afterEach(() => {
  server.resetHandlers();
  forecast.setFaults(null);
});
afterAll(async () => {
  await browser?.close();
  server.close();
  await drop?.();
});

const jiraAnswers500 = () =>
  server.use(
    ...createJiraHandlers({ ...jiraAuth, faults: [{ kind: 'serverError', status: 500 }] }),
  );

async function portfolio(): Promise<{ page: Page; before: DbSnapshot; problems: () => string[] }> {
  const { page, problems } = await browser.openPage();
  await page.goto('/');
  await waitForHydration(page);
  return { page, before: await snapshotDb(db), problems };
}

async function expectUnchanged(before: DbSnapshot) {
  expect(changedTables(before, await snapshotDb(db))).toEqual([]);
}

describe('the Projects screens when upstream fails', () => {
  it('Load Projects shows "Unable to load Forecast projects" when Forecast answers 500', async () => {
    const { page, before, problems } = await portfolio();
    forecast.setFaults({ serverErrors: { times: 1_000 } });
    await page.getByRole('button', { name: 'Manage Projects' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Projects' });
    await dialog.getByRole('button', { name: 'Load Projects' }).click();
    await dialog.getByText('Unable to load Forecast projects', { exact: true }).waitFor();
    await dialog.getByText('Check your Forecast API credentials', { exact: true }).waitFor();
    await expectUnchanged(before);
    expect(problems()).toEqual([]);
  }, 60_000);

  it('an import Forecast refuses shows a destructive Error toast with the server message', async () => {
    const { page, before, problems } = await portfolio();
    await page.getByRole('button', { name: 'Manage Projects' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Projects' });
    await dialog.getByRole('button', { name: 'Load Projects' }).click();
    const add = dialog.getByRole('button', { name: /^Add .* to the dashboard$/ });
    await add.first().waitFor();
    // The list loaded; the project's own reads now fail.
    forecast.setFaults({
      serverErrors: { times: 1_000 },
      match: new RegExp(`/projects/${DEMO_NOT_ON_DASHBOARD.forecastProjectId}`),
    });
    const target = forecast.data.projects.find(
      (p) => p.id === DEMO_NOT_ON_DASHBOARD.forecastProjectId,
    )!;
    await dialog.getByRole('button', { name: `Add ${target.name} to the dashboard` }).click();
    const toast = toastWithTitle(page, 'Error');
    await toast.waitFor();
    expect(await toast.textContent()).toMatch(/Forecast: the service is unavailable/);
    await expectUnchanged(before);
    expect(problems()).toEqual([]);
  }, 60_000);

  it('Sync Billing shows a "Sync Failed" toast naming Forecast and keeps the card as it was', async () => {
    const { page, before, problems } = await portfolio();
    const card = page.getByTestId('project-card').filter({ hasText: projectName });
    const cardText = await card.textContent();
    forecast.setFaults({ serverErrors: { times: 1_000 } });
    await card.getByRole('button', { name: /^Sync billing data of / }).click();
    const toast = toastWithTitle(page, 'Sync Failed');
    await toast.waitFor();
    expect(await toast.textContent()).toMatch(/Forecast: /);
    await expect
      .poll(() => card.getByRole('button', { name: /^Sync billing data of / }).isEnabled())
      .toBe(true);
    expect(await card.textContent()).toBe(cardText);
    await expectUnchanged(before);
    expect(problems()).toEqual([]);
  }, 60_000);

  it('the link dialog shows its empty state when Jira fails, and a failed link shows an Error toast naming Jira', async () => {
    const { page, before, problems } = await portfolio();
    jiraAnswers500();
    await page
      .getByTestId('project-card')
      .filter({ hasText: projectName })
      .getByRole('link', { name: projectName, exact: true })
      .click();
    const detail = page.getByRole('dialog', { name: projectName });
    await detail.getByRole('button', { name: `Linked: ${DEMO_ON_DASHBOARD.jiraKey}` }).click();
    const link = page.getByRole('dialog', { name: 'Link Jira Project' });
    await link.getByText('No Jira projects found.', { exact: true }).waitFor();
    await link
      .getByText('Try manual entry or check your Jira permissions.', { exact: true })
      .waitFor();

    await link.getByRole('button', { name: 'Manual Entry' }).click();
    await link.getByPlaceholder('e.g., PROJ, DEV, TASK').fill('asr');
    await link.getByRole('button', { name: 'Link Project' }).click();
    const toast = toastWithTitle(page, 'Error');
    await toast.waitFor();
    expect(await toast.textContent()).toMatch(/Jira: /);
    // A failed link leaves the dialog open for another try.
    expect(await link.isVisible()).toBe(true);
    await expectUnchanged(before);
    expect(problems()).toEqual([]);
  }, 60_000);
});
