import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, signIn, useHarness, waitForHydration } from './harness';

// The Capacity page in real Chromium over the demo agency, as its admin: the running week 'so
// far', deals judged on their if-won hours, the expected load as a total that the tentative switch
// and the minimum probability change (and the address with them), and the grid's CSV.

const harness = useHarness({ shared: true });

/** The page once the first refresh has read Forecast and Pipedrive (the server starts empty). */
async function openCapacity(page: Page, path = '/capacity'): Promise<void> {
  for (let tries = 0; ; tries++) {
    await page.goto(path);
    const ready =
      (await page.getByTestId('capacity-grid').count()) > 0 &&
      (await page.getByTestId('plan-deal').count()) > 0;
    if (ready) break;
    if (tries >= 60) throw new Error('the demo plan and pipeline never arrived');
    await page.waitForTimeout(1_000);
  }
  await waitForHydration(page);
}

const demandHours = async (page: Page) =>
  (await page.getByTestId('tentative-hours').allTextContents()).map((t) => Number.parseFloat(t));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('Capacity in Chromium', () => {
  it('judges deals if won, totals the expected load without a verdict; the switch and probability change it and the address; the CSV downloads; a deal links to the project it renews', {
    timeout: 180_000,
  }, async () => {
    const { page, watch } = await harness().openPage();
    await page.goto('/');
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Capacity', exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === '/capacity');
    await openCapacity(page);

    const grid = page.getByTestId('capacity-grid');
    await grid.getByRole('columnheader', { name: /so far/ }).waitFor();
    expect(await grid.locator('tfoot').getByRole('rowheader').textContent()).toBe('All teams');
    // Deals are judged on their if-won hours; the expected load is a total with no verdict.
    const plan = page.getByTestId('plan-table');
    expect(
      await plan
        .getByTestId('plan-verdict')
        .getByText(/^fits from /)
        .count(),
    ).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId('demand-summary').textContent())
      .toMatch(
        /^Expected load over these 12 weeks: [\d.]+ h \(every open deal, weighted by probability\), beside [\d.]+ h free\. Whether a deal fits is judged on its if-won hours above\.$/,
      );
    expect(await page.getByText(/^short by \d+ hours? in weeks? /).count()).toBe(0);
    expect(await page.getByRole('rowheader', { name: 'Shortage' }).count()).toBe(0);
    // The admin sees values and a link into Pipedrive that opens in a new tab.
    const link = plan.getByRole('link').first();
    expect(await link.getAttribute('href')).toMatch(
      /^https:\/\/demo-agency\.pipedrive\.com\/deal\/\d+$/,
    );
    expect(await link.getAttribute('target')).toBe('_blank');

    // The heat-map by role and team: twelve weeks with no sideways scroll at 1366 px, the week
    // headings kept in view while the page scrolls, the team rows switched with the keyboard.
    await page.setViewportSize({ width: 1366, height: 768 });
    const table = page.getByTestId('plan-table');
    expect(await table.locator('thead th').count()).toBe(13);
    expect(
      await table.evaluate((t) => {
        const box = t.parentElement!;
        return box.scrollWidth <= box.clientWidth && t.scrollWidth <= t.clientWidth;
      }),
    ).toBe(true);
    // The people by week fit the same screen: a person's week reads in words to a screen reader.
    expect(await grid.locator('thead th').count()).toBe(13);
    expect(
      await grid.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth),
    ).toBe(true);
    expect(await grid.locator('tbody td').first().innerText()).toMatch(/^\d+%\n[\d.]+\/[\d.]+ h\n/);
    expect(await grid.locator('tbody td').first().textContent()).toMatch(/[\d.]+ h of [\d.]+ h/);
    const teams = await table.getByTestId('plan-team').count();
    expect(teams).toBeGreaterThan(0);
    const lastRow = table.locator('tbody tr').last();
    await lastRow.scrollIntoViewIfNeeded();
    const head = await table.locator('thead th').nth(1).boundingBox();
    const body = await lastRow.boundingBox();
    expect(head!.y).toBeGreaterThanOrEqual(0);
    expect(head!.y).toBeLessThan(body!.y);
    const toggle = page.getByRole('switch', { name: "Show each role's teams" });
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => table.getByTestId('plan-team').count()).toBe(0);
    await page.keyboard.press('Space');
    await expect.poll(() => table.getByTestId('plan-team').count()).toBe(teams);

    const before = sum(await demandHours(page));
    expect(before).toBeGreaterThan(0);

    // Tentative work off: no expected load, said so, and the address says so.
    await page.getByRole('switch', { name: 'Include tentative work' }).uncheck();
    await expect.poll(async () => sum(await demandHours(page))).toBe(0);
    expect(await page.getByTestId('demand-summary').textContent()).toMatch(
      /^Tentative work is left out/,
    );
    expect(new URL(page.url()).searchParams.get('tentative')).toBe('0');

    // On again, at 70 % or more only: less expected load than with every deal.
    await page.getByRole('switch', { name: 'Include tentative work' }).check();
    await page.getByLabel('Minimum probability').selectOption('70');
    await expect.poll(async () => sum(await demandHours(page))).toBeGreaterThan(0);
    const likely = sum(await demandHours(page));
    expect(likely).toBeLessThan(before);
    expect(new URL(page.url()).search).toBe('?minProbability=70');
    expect(await page.getByTestId('demand-summary').textContent()).toContain(
      '(deals at 70% or more, weighted by probability)',
    );

    // A reload (or a shared link) shows the same view, rendered by the server.
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByLabel('Minimum probability').inputValue()).toBe('70');
    expect(sum(await demandHours(page))).toBeCloseTo(likely, 1);

    // The grid's CSV: a file of hours per person, team and total per week.
    const href = await page.getByTestId('download-csv').getAttribute('href');
    expect(href).toBe('/api/capacity/export.csv');
    const download = await page.request.get(href!);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toMatch(/^text\/csv/);
    expect(download.headers()['content-disposition']).toMatch(
      /filename="capacity_\d{4}-\d{2}-\d{2}_/,
    );
    const csv = await download.text();
    expect(csv).toContain('Row,Name,Team,Week Start,Available Hours');
    expect(csv).toMatch(/\r\nTotal,All teams,,/);

    // The Pipeline tab: a deal's client (its Pipedrive organisation) links to the project it
    // renews, the Forecast client of that name's project on the dashboard.
    await page.goto('/agency?tab=pipeline');
    const row = page
      .getByTestId('pipeline-deals')
      .getByRole('row')
      .filter({ hasText: 'Initech data platform phase 2' });
    const renews = row.getByRole('link', { name: 'Initech Reporting Suite' });
    expect(await renews.getAttribute('href')).toMatch(/^\/projects\/\d+$/);
    expect(
      await page
        .getByTestId('pipeline-deals')
        .getByRole('row')
        .filter({ hasText: 'Massive Dynamic lab tools' })
        .getByText('renews')
        .count(),
    ).toBe(0);
    await renews.click();
    await page.waitForURL((url) => /^\/projects\/\d+$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name: 'Initech Reporting Suite' }).waitFor();

    expect(watch.problems()).toEqual([]);
  });
});
