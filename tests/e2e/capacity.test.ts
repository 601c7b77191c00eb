import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, signIn, useHarness, waitForHydration } from './harness';

// The Capacity page in real Chromium over the demo agency, as its admin: a week short of hours,
// the running week 'so far', the tentative switch changing the demand and the address, and the
// grid's CSV.

const harness = useHarness({ shared: true });

/** The page once the first refresh has read Forecast and Pipedrive (the server starts empty). */
async function openCapacity(page: Page, path = '/capacity'): Promise<void> {
  for (let tries = 0; ; tries++) {
    await page.goto(path);
    const ready =
      (await page.getByTestId('capacity-grid').count()) > 0 &&
      (await page.getByTestId('deal-list').count()) > 0;
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
  it('shows a short week and the current week so far; the switch and probability change the demand and the address; the CSV downloads', {
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
    // At least one week where the weighted demand is more than the free hours, said in words.
    expect(await page.getByTestId('shortage').count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId('demand-summary').textContent())
      .toMatch(/^Weighted demand exceeds the free hours in \d+ of 12 weeks\.$/);
    const deals = page.getByTestId('deal-list');
    expect(await deals.getByText(/^short by \d+ hours? in weeks? /).count()).toBeGreaterThan(0);
    // The admin sees values and a link into Pipedrive that opens in a new tab.
    const link = deals.getByRole('link').first();
    expect(await link.getAttribute('href')).toMatch(
      /^https:\/\/demo-agency\.pipedrive\.com\/deal\/\d+$/,
    );
    expect(await link.getAttribute('target')).toBe('_blank');

    const before = sum(await demandHours(page));
    expect(before).toBeGreaterThan(0);

    // Tentative work off: no demand, no shortage, and the address says so.
    await page.getByRole('switch', { name: 'Include tentative work' }).uncheck();
    await expect.poll(async () => sum(await demandHours(page))).toBe(0);
    expect(await page.getByTestId('shortage').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('tentative')).toBe('0');

    // On again, at 70 % or more only: less demand than with every deal.
    await page.getByRole('switch', { name: 'Include tentative work' }).check();
    await page.getByLabel('Minimum probability').selectOption('70');
    await expect.poll(async () => sum(await demandHours(page))).toBeGreaterThan(0);
    const likely = sum(await demandHours(page));
    expect(likely).toBeLessThan(before);
    expect(new URL(page.url()).search).toBe('?minProbability=70');

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

    expect(watch.problems()).toEqual([]);
  });
});
