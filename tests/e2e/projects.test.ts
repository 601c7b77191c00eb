import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../src/shared/projects';
import { createDemoSpine } from '../../src/mocks/agency/spine';
import { DEFAULT_COMPANY_CURRENCY, formatMoney } from '../../src/shared/currency';

// The demo agency bills in USD (COMPANY_CURRENCY unset).
const formatBillingAmount = (n: number) => formatMoney(n, 'USD', 2);
import { cardRing } from '../../src/shared/card-ring';
import { gaugeColor } from '../../src/shared/percent';
import {
  DEMO_ADMIN,
  holdNextCall,
  signIn,
  toastWithTitle,
  waitForHydration,
  type PageWatch,
  useHarness,
} from './harness';

// A walk through the Projects tab, in real Chromium against the built server in demo
// mode: the demo agency puts six of its projects on the dashboard at first start.

const harness = useHarness();

const spine = createDemoSpine();
const onDashboard = spine.projects.filter((p) => p.onDashboard);
// A running project with a Jira project that the demo leaves off the dashboard: it gets imported.
const newcomer = spine.projects.find((p) => !p.onDashboard && p.stage === 'RUNNING' && p.jiraKey)!;
// Another Jira project to relink to by typing its key.
const otherJira = spine.projects.find((p) => p !== newcomer && !p.onDashboard && p.jiraKey)!;
const closedStages = spine.projects.filter((p) => p.stage === 'DONE' || p.stage === 'HALTED');

const cardOf = (page: Page, name: string) =>
  page.getByTestId('project-card').filter({ has: page.getByRole('link', { name, exact: true }) });
const scrollLocked = (page: Page) =>
  page.evaluate(() => document.body.classList.contains('scroll-locked'));

async function projectsFromApi(page: Page): Promise<Project[]> {
  const res = await page.request.get('/api/projects');
  expect(res.status()).toBe(200);
  return (await res.json()) as Project[];
}

async function openPortfolio(page: Page): Promise<void> {
  await page.goto('/');
  await waitForHydration(page);
}

async function openDetail(page: Page, name: string): Promise<Locator> {
  await cardOf(page, name).getByRole('link', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  return dialog;
}

function expectNoProblems(watch: PageWatch) {
  expect(watch.problems()).toEqual([]);
}

describe(`the Projects tab in Chromium (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  it('serves the portfolio with every card and number in its HTML, without a spinner', async () => {
    const { page, watch } = await harness().openPage();
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const projects = await projectsFromApi(page);
    expect(projects.map((p) => p.name).sort()).toEqual(onDashboard.map((p) => p.name).sort());

    // The HTML as the server sent it, before any script ran.
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('Project Portfolio');
    expect(html.split('data-testid="project-card"').length - 1).toBe(projects.length);
    expect(html).not.toContain('aria-label="Loading projects"');
    for (const p of projects) expect(html).toContain(formatBillingAmount(p.forecastTotalInvoiced));

    await openPortfolio(page);
    await expect.poll(() => page.getByTestId('project-card').count()).toBe(projects.length);
    const first = projects[0]!;
    const card = cardOf(page, first.name);
    await card
      .getByText(
        `${first.forecastRetainerPeriodsCompleted}/${first.forecastRetainerPeriodsTotal}`,
        { exact: true },
      )
      .waitFor();
    expect(
      await card.getByRole('progressbar', { name: 'Sent %' }).getAttribute('aria-valuenow'),
    ).toBe(String(Math.min(100, first.billingSentPercentage)));
    expect(await card.getByRole('combobox', { name: `Team of ${first.name}` }).inputValue()).toBe(
      first.teamName,
    );
    // Every card's ring is its ticket completion, named under it, in the gauge colours (decision 300).
    for (const p of projects) {
      const ring = cardRing(p);
      const gauge = cardOf(page, p.name).getByRole('meter', { name: `${p.name}: ${ring.caption}` });
      expect(await gauge.getAttribute('aria-valuetext')).toBe(`${ring.percent}%`);
      expect(await gauge.getAttribute('data-color')).toBe(gaugeColor(ring.percent));
    }
    // Hovering Billing shows the details.
    await card.getByTestId('billing').hover();
    await card.getByText('Forecast Billing, tax excluded').waitFor({ state: 'visible' });
    await card
      .getByText(`Paid: ${formatBillingAmount(first.forecastTotalPaid)}`)
      .waitFor({ state: 'visible' });
    expectNoProblems(watch);
  });

  it("leads a card's name clicked before the page's scripts run to the project's page", async () => {
    const { page, watch } = await harness().openPage();
    const html = await (await page.request.get('/')).text();
    const entry = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toMatch(/^\/assets\//);
    // The page paints its cards with the client entry held back: nothing listens for clicks yet.
    const held = await holdNextCall(page, entry!);
    // A module script holds DOMContentLoaded back until it has run: wait for the cards instead.
    await page.goto('/', { waitUntil: 'commit' });
    const name = onDashboard[1]!.name;
    await cardOf(page, name).waitFor();
    expect(await page.locator('[data-cards-ready]').count()).toBe(0);
    // No click is kept for later (docs/decisions/360): the name is a plain link that works alone.
    await cardOf(page, name).getByRole('link', { name, exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/');
    await page.getByRole('heading', { name }).first().waitFor();
    held.release();
    expectNoProblems(watch);
  });

  it('changes a team, and puts the old team back when the server fails', async () => {
    const { page, watch } = await harness().openPage();
    await openPortfolio(page);
    const [target] = await projectsFromApi(page);
    const select = cardOf(page, target!.name).getByRole('combobox', {
      name: `Team of ${target!.name}`,
    });
    const next = target!.teamName === 'Team 3' ? 'Team 4' : 'Team 3';

    await select.selectOption(next);
    await toastWithTitle(page, 'Team Updated')
      .filter({ hasText: 'Project allocated to the chosen team' })
      .waitFor();
    expect((await projectsFromApi(page)).find((p) => p.id === target!.id)!.teamName).toBe(next);

    const failing = `/api/projects/${target!.id}/team`;
    watch.expectFailedLoad(failing, 500);
    await page.route(
      (url) => url.pathname === failing,
      (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"message":"database unavailable"}',
        }),
      { times: 1 },
    );
    await select.selectOption('Team 1');
    await toastWithTitle(page, 'Error')
      .filter({ hasText: 'Failed to update team allocation' })
      .waitFor();
    await expect.poll(() => select.inputValue()).toBe(next);
    await page.reload();
    await waitForHydration(page);
    expect(await select.inputValue()).toBe(next);
    expectNoProblems(watch);
  });

  it('syncs billing with a busy button and a toast of the totals, and shows the failure toast', async () => {
    const { page, watch } = await harness().openPage();
    await openPortfolio(page);
    const [target] = await projectsFromApi(page);
    const button = page.getByRole('button', {
      name: new RegExp(`^Sync billing data of ${escapeRegExp(target!.name)}`),
    });

    const held = await holdNextCall(page, `/api/projects/${target!.id}/sync-forecast`);
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Syncing...');
    expect(await button.isDisabled()).toBe(true);
    held.release();
    const synced = toastWithTitle(page, 'Billing Data Synced');
    await synced.waitFor();
    const after = (await projectsFromApi(page)).find((p) => p.id === target!.id)!;
    expect(await synced.textContent()).toContain(
      `Invoiced: ${formatBillingAmount(after.forecastTotalInvoiced)} · Paid: ${formatBillingAmount(after.forecastTotalPaid)}`,
    );
    await expect.poll(() => button.textContent()).toBe('Sync Billing');

    const failing = `/api/projects/${target!.id}/sync-forecast`;
    watch.expectFailedLoad(failing, 502);
    await page.route(
      (url) => url.pathname === failing,
      (route) =>
        route.fulfill({
          status: 502,
          contentType: 'application/json',
          body: '{"message":"Forecast: the service is unavailable (HTTP 503)"}',
        }),
      { times: 1 },
    );
    await button.click();
    await toastWithTitle(page, 'Sync Failed')
      .filter({ hasText: 'Forecast: the service is unavailable (HTTP 503)' })
      .waitFor();
    expectNoProblems(watch);
  });

  it('opens the detail modal: Jira tab with Load More, Retainer tab, and closes on X, Escape and the backdrop', async () => {
    const { page, watch } = await harness().openPage();
    await openPortfolio(page);
    const projects = await projectsFromApi(page);
    const manyEpics = projects.find((p) => p.jiraProjectKey && p.totalEpics > 5)!;
    expect(manyEpics, 'the demo has a project with more than five epics').toBeDefined();

    let dialog = await openDetail(page, manyEpics.name);
    expect(await scrollLocked(page)).toBe(true);
    if (manyEpics.forecastProjectId !== null)
      await dialog.getByText(`Forecast Project ID: ${manyEpics.forecastProjectId}`).waitFor();
    expect(
      await dialog.getByRole('tab', { name: 'Jira Integration' }).getAttribute('aria-selected'),
    ).toBe('true');
    await dialog.getByRole('heading', { name: 'Project Overview' }).waitFor();
    await dialog.getByText(String(manyEpics.jiraTotalTickets), { exact: true }).first().waitFor();
    await dialog.getByRole('heading', { name: 'Ticket Status Breakdown' }).waitFor();
    await dialog.getByRole('img', { name: 'Tickets per status' }).waitFor();
    // A point on the ring, just right of twelve o'clock: the first status's slice.
    await dialog
      .getByRole('img', { name: 'Tickets per status' })
      .hover({ position: { x: 104, y: 30 } });
    await dialog.getByText(/^Tickets: \d+$/).waitFor();
    await dialog.getByRole('heading', { name: 'This Sprint' }).waitFor();
    await dialog.getByText('Progress (including descoped)').waitFor();
    await dialog.getByRole('heading', { name: `Epics (${manyEpics.totalEpics})` }).waitFor();
    expect(await dialog.getByTestId('epic').count()).toBe(5);
    const remaining = manyEpics.totalEpics - 5;
    await dialog.getByRole('button', { name: `Load More (${remaining} remaining)` }).click();
    expect(await dialog.getByTestId('epic').count()).toBe(Math.min(10, manyEpics.totalEpics));

    // At most 90% of the viewport high, and Tab never leaves it.
    const box = (await dialog.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(page.viewportSize()!.height * 0.9 + 1);
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }

    // X closes, and the page scrolls again.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await scrollLocked(page)).toBe(false);

    // The retainer tab of the demo's retainer project; Escape closes.
    const retainer = projects.find((p) => p.forecastBudgetType === 'RETAINER')!;
    dialog = await openDetail(page, retainer.name);
    await dialog.getByRole('tab', { name: 'Retainer Periods' }).click();
    await dialog.getByRole('heading', { name: 'Project Summary' }).waitFor();
    await dialog.getByText('Total Target T&M').waitFor();
    // Retainer amounts read in the project's billing currency, named by its own symbol ('$' for
    // the demo's USD), and in no other.
    const symbolOf = (currency: string) => formatMoney(0, currency).replace('0', '');
    const symbol = symbolOf(retainer.forecastCurrency ?? DEFAULT_COMPANY_CURRENCY);
    const summaryText = (await dialog.getByRole('tabpanel').textContent())!;
    expect(summaryText).toContain(`Total Target T&M${symbol}`);
    for (const other of ['USD', 'AUD', 'EUR', 'GBP', 'NZD'].map(symbolOf)) {
      if (!symbol.includes(other)) expect(summaryText).not.toContain(other);
    }
    await dialog.getByText(/^(Over|Under) Target$/).waitFor();
    await dialog.getByText(/^\d+% of target achieved$/).waitFor();
    expect(await dialog.getByTestId('retainer-period').count()).toBe(
      retainer.forecastRetainerPeriodsTotal,
    );
    await dialog.getByText('Week 1', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // A click on the backdrop closes.
    dialog = await openDetail(page, retainer.name);
    await page.mouse.click(5, 5);
    await dialog.waitFor({ state: 'detached' });
    expect(await scrollLocked(page)).toBe(false);
    expectNoProblems(watch);
  });

  it('loads Forecast projects on demand, imports one, links it by selection and by typed key, and removes it', async () => {
    const { page, watch } = await harness().openPage();
    await openPortfolio(page);
    const before = await page.getByTestId('project-card').count();

    await page.getByRole('button', { name: 'Manage Projects' }).click();
    let manage = page.getByRole('dialog', { name: 'Manage Projects' });
    await manage.getByText('Click "Load Projects" to see available Forecast projects').waitFor();
    await manage.getByRole('button', { name: 'Load Projects' }).click();
    await manage.getByTestId('forecast-project').first().waitFor();
    const listed = await manage.getByTestId('forecast-project').allTextContents();
    for (const closed of closedStages) expect(listed.join('\n')).not.toContain(closed.name);
    expect(
      await manage.getByTestId('forecast-project').filter({ hasText: 'On Dashboard' }).count(),
    ).toBe(onDashboard.length);

    await manage.getByRole('button', { name: `Add ${newcomer.name} to the dashboard` }).click();
    await toastWithTitle(page, 'Success')
      .filter({ hasText: `Project "${newcomer.name}" imported successfully from Forecast!` })
      .waitFor();
    await manage
      .getByTestId('forecast-project')
      .filter({ hasText: newcomer.name })
      .getByText('On Dashboard')
      .waitFor();
    await manage.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByTestId('project-card').count()).toBe(before + 1);

    // Link by selection: the new project has no Jira link yet. Jira's project list is asked for
    // when the link control renders, before its dialog is opened.
    const jiraListAsked = page.waitForRequest((r) =>
      new URL(r.url()).pathname.endsWith('/api/jira/projects'),
    );
    const dialog = await openDetail(page, newcomer.name);
    await dialog.getByText('No Jira Project Linked').waitFor();
    await jiraListAsked;
    await dialog.getByRole('button', { name: 'Link Jira Project' }).click();
    let link = page.getByRole('dialog', { name: 'Link Jira Project' });
    const linkButton = link.getByRole('button', { name: 'Link Project' });
    expect(await linkButton.isDisabled()).toBe(true);
    await link.getByLabel('Jira project').selectOption(newcomer.jiraKey!);
    expect(await linkButton.isDisabled()).toBe(false);
    await linkButton.click();
    await toastWithTitle(page, 'Success')
      .filter({ hasText: 'Jira project linked successfully!' })
      .waitFor({ timeout: 60_000 });
    // Only the link dialog closes: the detail stays open on the freshly synced Jira overview.
    await link.waitFor({ state: 'detached' });
    await dialog.getByRole('heading', { name: 'Project Overview' }).waitFor();
    await dialog.getByRole('button', { name: `Linked: ${newcomer.jiraKey}` }).waitFor();
    await cardOf(page, newcomer.name).locator('[data-marker="jira"]').waitFor();

    // Link by typing: lower case becomes upper case; an unknown key fails and changes nothing.
    await dialog.getByRole('button', { name: `Linked: ${newcomer.jiraKey}` }).click();
    link = page.getByRole('dialog', { name: 'Link Jira Project' });
    await link.getByTestId('current-jira-key').getByText(newcomer.jiraKey!).waitFor();
    await link.getByText('Linking will replace the current connection').waitFor();
    await link.getByRole('button', { name: 'Manual Entry' }).click();
    const keyField = link.getByPlaceholder('e.g., PROJ, DEV, TASK');
    await keyField.pressSequentially('nosuch');
    expect(await keyField.inputValue()).toBe('NOSUCH');
    watch.expectFailedLoad(
      `/api/projects/${(await projectsFromApi(page)).find((p) => p.name === newcomer.name)!.id}/link-jira`,
      400,
    );
    await link.getByRole('button', { name: 'Link Project' }).click();
    await toastWithTitle(page, 'Error')
      .filter({ hasText: 'Jira has no project with key NOSUCH' })
      .waitFor();
    expect(await link.isVisible()).toBe(true);
    await keyField.fill('');
    await keyField.pressSequentially(otherJira.jiraKey!.toLowerCase());
    await link.getByRole('button', { name: 'Link Project' }).click();
    await toastWithTitle(page, 'Success')
      .filter({ hasText: 'Jira project linked successfully!' })
      .waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: `Linked: ${otherJira.jiraKey}` }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(
      (await projectsFromApi(page)).find((p) => p.name === newcomer.name)!.jiraProjectKey,
    ).toBe(otherJira.jiraKey);

    // Remove it again from the Forecast list.
    await page.getByRole('button', { name: 'Manage Projects' }).click();
    manage = page.getByRole('dialog', { name: 'Manage Projects' });
    await manage.getByRole('button', { name: 'Load Projects' }).click();
    const removeButton = manage
      .getByTestId('forecast-project')
      .filter({ hasText: newcomer.name })
      .getByRole('button', { name: `Remove ${newcomer.name} from the dashboard` });
    // Removing asks first: Escape closes only the question and removes nothing.
    const confirm = page.getByRole('alertdialog', {
      name: `Remove ${newcomer.name} from the dashboard?`,
    });
    await removeButton.click();
    await confirm.waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect(await manage.isVisible()).toBe(true);
    expect((await projectsFromApi(page)).some((p) => p.name === newcomer.name)).toBe(true);
    await removeButton.click();
    await confirm.getByRole('button', { name: 'Remove project' }).click();
    await toastWithTitle(page, 'Success')
      .filter({ hasText: 'Project removed from dashboard successfully!' })
      .waitFor();
    await manage.getByRole('button', { name: `Add ${newcomer.name} to the dashboard` }).waitFor();
    await manage.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByTestId('project-card').count()).toBe(before);
    expectNoProblems(watch);
  });

  it('hides a project and shows it again, with the toggles disabled while a change is pending', async () => {
    const { page, watch } = await harness().openPage();
    await openPortfolio(page);
    const [target] = await projectsFromApi(page);
    const before = await page.getByTestId('project-card').count();

    await page.getByRole('button', { name: 'Manage Projects' }).click();
    const manage = page.getByRole('dialog', { name: 'Manage Projects' });
    const toggle = manage.getByRole('switch', { name: `Show ${target!.name} on the portfolio` });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await manage.getByTestId('visible-count').getByText(`${before} of ${before} visible`).waitFor();

    const held = await holdNextCall(page, `/api/projects/${target!.id}/visibility`);
    await toggle.click();
    await expect.poll(() => toggle.isDisabled()).toBe(true);
    expect(await manage.getByRole('switch').first().isDisabled()).toBe(true);
    held.release();
    await toastWithTitle(page, 'Success')
      .filter({ hasText: 'Project removed from dashboard!' })
      .waitFor();
    await expect.poll(() => toggle.textContent()).toBe('Hidden');
    await expect.poll(() => page.getByTestId('project-card').count()).toBe(before - 1);
    expect(await cardOf(page, target!.name).count()).toBe(0);

    await toggle.click();
    await toastWithTitle(page, 'Success')
      .filter({ hasText: 'Project added to dashboard!' })
      .waitFor();
    await expect.poll(() => toggle.textContent()).toBe('Visible');

    // Hiding says it only hides, and its Undo shows the project again.
    await toggle.click();
    const hidden = toastWithTitle(page, 'Success').filter({ hasText: 'It is only hidden' });
    await hidden.waitFor();
    await expect.poll(() => toggle.textContent()).toBe('Hidden');
    await hidden.getByRole('button', { name: 'Undo' }).click();
    await toastWithTitle(page, 'Success')
      .filter({ hasText: 'Project added to dashboard!' })
      .waitFor();
    await expect.poll(() => toggle.textContent()).toBe('Visible');
    await page.keyboard.press('Escape');
    await manage.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('project-card').count()).toBe(before);
    await cardOf(page, target!.name).waitFor();
    expectNoProblems(watch);
  });

  it('lets an admin mark a project Billing Blocked: a red badge on its card, and Gross Margins leaves it out', async () => {
    const { page, watch } = await harness().openPage();
    await openPortfolio(page);
    const margins = await page.request.get('/api/gross-margins');
    expect(margins.status()).toBe(200);
    const { projects: before } = (await margins.json()) as { projects: { name: string }[] };
    const target = before[0]!.name;

    const setStatus = async (devStatus: string) => {
      await page.getByRole('button', { name: 'Manage Projects' }).click();
      const manage = page.getByRole('dialog', { name: 'Manage Projects' });
      await manage
        .getByRole('combobox', { name: `Dev status of ${target}` })
        .selectOption(devStatus);
      await toastWithTitle(page, 'Success')
        .filter({ hasText: `Dev status set to ${devStatus}.` })
        .waitFor();
      await page.keyboard.press('Escape');
      await manage.waitFor({ state: 'detached' });
    };

    await setStatus('Billing Blocked');
    const badge = cardOf(page, target).getByText('Billing Blocked', { exact: true });
    await badge.waitFor();
    expect(await badge.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(185, 28, 28)');

    await page.goto('/agency?tab=gross-margins');
    await page.getByText('Active Projects Gross Margins').waitFor();
    const table = (await page.getByRole('table').first().textContent())!;
    expect(table).not.toContain(target);
    for (const other of before.slice(1)) expect(table).toContain(other.name);

    await openPortfolio(page);
    await setStatus('Active');
    const active = cardOf(page, target).getByText('Active', { exact: true });
    await active.waitFor();
    expect(await active.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(21, 128, 61)');
    expectNoProblems(watch);
  });
});

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
