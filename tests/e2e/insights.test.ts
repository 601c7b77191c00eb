import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { browserTest } from '../helpers/chromium';
import { formatWeekLabel } from '../../src/shared/format';
import { shiftWeek } from '../../src/shared/calendar';
import {
  DEMO_ADMIN,
  holdNextCall,
  screenshotOnFailure,
  signIn,
  signUp,
  startHarness,
  waitForHydration,
  type Harness,
} from './harness';

// The Insights tab in real Chromium: the Agency Dashboard as the demo admin, and its absence for
// others.

const PASSWORD = 'a long enough password';

// A stand-in for the shared Pipedrive dashboard on its own origin: the frame must load it,
// run its script (the sandbox allows scripts) and break no Content-Security-Policy rule.
let pipedrive: Server;
let pipedriveUrl = '';
let h: Harness | undefined;
const harness = () => h!;

browserTest.beforeAll(async ({ chromium }) => {
  pipedrive = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(
      '<!doctype html><title>Pipeline</title><h1>Pipeline test double</h1><p id="s">scripts blocked</p><script>document.getElementById("s").textContent = "scripts run";</script>',
    );
  });
  await new Promise<void>((resolve) => pipedrive.listen(0, '127.0.0.1', resolve));
  pipedriveUrl = `http://127.0.0.1:${(pipedrive.address() as AddressInfo).port}/dashboards/share/e2e`;
  h = await startHarness(chromium, { env: { PIPEDRIVE_DASHBOARD_URL: pipedriveUrl } });
});
afterAll(async () => {
  await h?.close();
  await new Promise((resolve) => pipedrive?.close(resolve));
});
screenshotOnFailure(() => h);

const pathOf = (page: Page) => new URL(page.url()).pathname;
const weekInAddress = (page: Page) => new URL(page.url()).searchParams.get('week');
const mainTabs = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
const agencyTab = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: 'Agency Dashboard' })
    .getByRole('link', { name, exact: true });

/** The value under a card's label in the Weekly Summary. */
async function card(page: Page, label: string): Promise<string> {
  const term = page.locator('dt', { hasText: label });
  return (await term.locator('xpath=following-sibling::dd[1]').textContent())!.trim();
}

describe(`Insights in Chromium (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  it('lets the admin move between weeks, expand rows, read the hovers and open Sales', {
    timeout: 180_000,
  }, async () => {
    const { page, watch } = await harness().openPage();
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Insights', exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === '/agency');
    await waitForHydration(page);

    // Weekly Hours, rendered for the agency's current week with the demo's time in it.
    const props = JSON.parse(
      (await page.locator('app-island[data-island="WeeklyHours"]').getAttribute('data-props'))!,
    ) as { currentWeekStart: string };
    const current = props.currentWeekStart;
    const label = page.getByTestId('week-label');
    await page.getByRole('heading', { name: 'Weekly Summary' }).waitFor();
    expect(await label.textContent()).toBe(formatWeekLabel(current));
    expect(await card(page, 'Total Hours')).toMatch(/^\d+ hrs?( \d+ min)?$/);
    const activeProjects = Number(await card(page, 'Active Projects'));
    expect(activeProjects).toBeGreaterThan(1);
    expect(await card(page, 'Total Internal Cost')).toMatch(/^\$[\d,]+$/);
    expect(await card(page, 'Invoices This Week')).toMatch(/^\$[\d,]+$/);
    await page.getByRole('heading', { name: 'Project Time Breakdown' }).waitFor();
    const rows = page.getByTestId('project-time-row');
    expect(await rows.count()).toBe(activeProjects);

    // Previous: spinners and the loading text while the week is on its way, then that week.
    const held = await holdNextCall(page, '/api/agency-time-entries');
    await page.getByRole('button', { name: 'Previous', exact: true }).click();
    await page.getByText('Loading project time data...', { exact: true }).waitFor();
    // The label names the week on its way, never 'No data' in between.
    expect(await label.textContent()).toBe(formatWeekLabel(shiftWeek(current, -1)));
    expect(await card(page, 'Total Hours')).toBe('Loading');
    held.release();
    await expect.poll(() => card(page, 'Total Hours')).not.toBe('Loading');
    expect(await label.textContent()).toBe(formatWeekLabel(shiftWeek(current, -1)));
    expect(weekInAddress(page)).toBe(shiftWeek(current, -1));
    expect(Number(await card(page, 'Active Projects'))).toBe(await rows.count());

    // Next twice, to the week after this one; Back returns; Current comes home.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(() => label.textContent()).toBe(formatWeekLabel(current));
    expect(weekInAddress(page)).toBeNull();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(() => label.textContent()).toBe(formatWeekLabel(shiftWeek(current, 1)));
    await page.goBack();
    await expect.poll(() => label.textContent()).toBe(formatWeekLabel(current));
    await page.getByRole('button', { name: 'Previous', exact: true }).click();
    await expect.poll(() => label.textContent()).toBe(formatWeekLabel(shiftWeek(current, -1)));
    await page.getByRole('button', { name: 'Current', exact: true }).click();
    await expect.poll(() => label.textContent()).toBe(formatWeekLabel(current));
    expect(weekInAddress(page)).toBeNull();

    // Two rows open independently, each with its share bar and entries; closing one keeps the other.
    const first = rows.nth(0).getByRole('button').first();
    const second = rows.nth(1).getByRole('button').first();
    await first.click();
    await second.click();
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    expect(await second.getAttribute('aria-expanded')).toBe('true');
    for (const row of [rows.nth(0), rows.nth(1)]) {
      const share = Number(
        await row
          .getByRole('progressbar', { name: "Share of the week's hours" })
          .getAttribute('aria-valuenow'),
      );
      expect(share).toBeGreaterThan(0);
      expect(share).toBeLessThanOrEqual(100);
      const entries = row.locator('ul li');
      expect(await entries.count()).toBeGreaterThan(0);
      expect(await entries.first().textContent()).toMatch(
        /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \d{1,2}.+(\d+ hrs?|\d+ min)/,
      );
    }
    const firstEntries = Number(/(\d+) entr/.exec((await first.textContent())!)![1]);
    expect(await rows.nth(0).locator('ul li').count()).toBe(firstEntries);
    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    expect(await rows.nth(0).getByRole('progressbar').count()).toBe(0);
    expect(await second.getAttribute('aria-expanded')).toBe('true');

    // Gross Margins: the table, a cost and a margin hovered, and the same details from the keyboard.
    await agencyTab(page, 'Gross Margins').click();
    await page.waitForURL((url) => url.search === '?tab=gross-margins');
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Active Projects Gross Margins' }).waitFor();
    expect(await page.locator('thead th').allTextContents()).toEqual([
      'Project',
      'Total Hours',
      'Internal Cost',
      'Invoices Created',
      'Gross Margin',
      'Margin %',
    ]);
    const marginRows = page.getByTestId('gross-margin-row');
    expect(await marginRows.count()).toBeGreaterThan(1);

    const cost = marginRows.first().getByRole('button', { name: /^Internal cost / });
    const costDetails = page.locator(
      `[role="tooltip"][id="${await cost.getAttribute('aria-describedby')}"]`,
    );
    expect(await costDetails.isVisible()).toBe(false);
    await cost.hover();
    await costDetails.waitFor({ state: 'visible' });
    expect(await costDetails.textContent()).toMatch(
      /^Cost Breakdown(.+\d+ (hrs?|min).* x \$[\d,]+\/hr\$[\d,]+)+Total\$[\d,]+$|^Cost BreakdownNo detailed breakdown available\. Using default rate: \$100\/hr$/,
    );

    const margin = marginRows.first().getByRole('button', { name: /^Margin / });
    const marginDetails = page.locator(
      `[role="tooltip"][id="${await margin.getAttribute('aria-describedby')}"]`,
    );
    await margin.hover();
    await marginDetails.waitFor({ state: 'visible' });
    expect(await costDetails.isVisible()).toBe(false);
    expect(await marginDetails.textContent()).toMatch(
      /^Live Gross Margin AnalysisTotal Invoiced\$[\d,]+Amount Paid\$[\d,]+Internal Cost\$[\d,]+Live Margin \(Paid\)-?\$[\d,]+Live Margin %(N\/A|-?\d+\.\d%)$/,
    );

    await page.mouse.move(0, 0);
    await marginDetails.waitFor({ state: 'hidden' });
    await cost.focus();
    await costDetails.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await costDetails.waitFor({ state: 'hidden' });

    // Red for a loss, green otherwise, on every row.
    for (const row of await marginRows.all()) {
      const cell = row.locator('td').nth(3);
      const text = (await cell.textContent())!;
      const color = await cell.evaluate((el) => getComputedStyle(el).color);
      expect(color, text).toBe(text.startsWith('-') ? 'rgb(185, 28, 28)' : 'rgb(21, 128, 61)');
    }

    // Sales: the shared dashboard in its sandboxed frame, its script running.
    await agencyTab(page, 'Sales').click();
    await page.waitForURL((url) => url.search === '?tab=sales');
    const frame = page.locator('iframe[title="Pipedrive Sales Dashboard"]');
    expect(await frame.getAttribute('src')).toBe(pipedriveUrl);
    expect(await frame.getAttribute('sandbox')).toBe(
      'allow-scripts allow-same-origin allow-popups',
    );
    const inside = page.frameLocator('iframe[title="Pipedrive Sales Dashboard"]');
    await inside.getByRole('heading', { name: 'Pipeline test double' }).waitFor();
    await inside.getByText('scripts run', { exact: true }).waitFor();

    expect(watch.problems()).toEqual([]);
  });

  it('gives anyone else no Insights tab, sends them from /agency to / and refuses the calls', {
    timeout: 120_000,
  }, async () => {
    const email = `no-insights-${Date.now()}@agency.test`;
    // Signed out of the admin's session first: the browser context is shared between tests.
    await harness().context.clearCookies();
    const { page, watch } = await harness().openPage();
    await signUp(page, email, PASSWORD);
    const approved = await harness().runUsersCommand(['approve', email]);
    expect(approved.code, approved.output).toBe(0);
    await signIn(page, email, PASSWORD);
    expect(await mainTabs(page)).toEqual(['Projects', 'Developers']);

    for (const path of ['/agency', '/agency?tab=gross-margins', '/agency?tab=sales']) {
      await page.goto(path);
      expect(pathOf(page)).toBe('/');
    }
    for (const call of ['/api/agency-time-entries?weekStart=2026-11-16', '/api/gross-margins']) {
      const res = await page.request.get(call);
      expect(res.status()).toBe(403);
    }
    expect(watch.problems()).toEqual([]);
  });
});
