import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, signIn, signUp, waitForHydration, useHarness } from './harness';

// The portfolio's table view in Chromium against the built demo server: sorting and filtering
// survive a reload and a copied link opened in someone else's session.

const harness = useHarness();

const rowNames = (page: Page) =>
  page.getByTestId('project-row').locator('th[scope=row] a').allTextContents();

describe('the portfolio table', () => {
  it('sorts and filters, and the same view comes back on reload and from a copied link', async () => {
    const { page, watch } = await harness().openPage();
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/');
    await waitForHydration(page);
    // Cards stay the default.
    expect(await page.getByTestId('project-card').count()).toBeGreaterThan(0);

    await page.getByRole('link', { name: 'Table', exact: true }).click();
    await page.getByTestId('portfolio-table').waitFor();
    const byName = await rowNames(page);
    expect(byName.length).toBeGreaterThan(2);
    expect(byName).toEqual(
      [...byName].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })),
    );

    // Sort by Tickets %, then turn it round.
    await page.getByRole('link', { name: /^Tickets %/ }).click();
    await page.waitForURL(/sort=tickets/);
    await page.getByRole('link', { name: /^Tickets %/ }).click();
    await page.waitForURL(/sort=tickets&dir=desc/);
    const header = page.getByRole('columnheader', { name: /Tickets %/ });
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    const percents = await page
      .getByTestId('project-row')
      .locator('td:nth-child(4)')
      .evaluateAll((cells) => cells.map((c) => Number.parseInt(c.textContent ?? '', 10)));
    expect(percents).toEqual([...percents].sort((a, b) => b - a));

    // Filter to projects linked to Jira, with the keyboard.
    await page.getByLabel('Jira').selectOption('linked');
    await page.getByRole('button', { name: 'Apply' }).press('Enter');
    await page.waitForURL(/jira=linked/);
    const filtered = await rowNames(page);
    expect(filtered.length).toBeGreaterThan(0);
    const address = page.url();

    // The page remembers the view it shows by its own call once its scripts run (decision 276).
    const remembered = page.waitForResponse(
      (r) => r.url().endsWith('/api/preferences/portfolio-view') && r.status() === 200,
    );
    await page.reload();
    expect(page.url()).toBe(address);
    expect(await rowNames(page)).toEqual(filtered);
    await remembered;

    // A plain visit to Projects comes back to the same view.
    await page.getByRole('link', { name: 'Projects' }).first().click();
    await page.waitForURL(address);
    expect(await rowNames(page)).toEqual(filtered);

    // Clicking a row opens the project's detail, as a card does.
    await waitForHydration(page);
    await page.getByTestId('project-row').first().locator('td').nth(1).click();
    await page.getByRole('dialog', { name: filtered[0] }).waitFor();
    // The address is the project's while it is open, and the list's again once closed.
    await page.waitForURL(/\/projects\/\d+$/);
    await page.keyboard.press('Escape');
    await page.waitForURL(address);

    // Another person opens the copied link.
    const other = await page
      .context()
      .browser()!
      .newContext({ baseURL: new URL(address).origin });
    try {
      const theirs = await other.newPage();
      await signUp(theirs, 'table-viewer@agency.test', 'a long enough password 1');
      expect((await harness().runUsersCommand(['approve', 'table-viewer@agency.test'])).code).toBe(
        0,
      );
      await signIn(theirs, 'table-viewer@agency.test', 'a long enough password 1');
      const theirsRemembered = theirs.waitForResponse(
        (r) => r.url().endsWith('/api/preferences/portfolio-view') && r.status() === 200,
      );
      await theirs.goto(address);
      expect(await rowNames(theirs)).toEqual(filtered);
      await theirsRemembered;
      // The view they opened is now the one their Projects tab comes back to.
      await theirs.goto('/');
      expect(theirs.url()).toBe(address);
    } finally {
      await other.close();
    }
    expect(watch.problems()).toEqual([]);
  });
});
