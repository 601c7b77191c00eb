import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, signIn, useHarness, waitForHydration } from './harness';

// The Utilisation page in real Chromium over the demo agency, as its admin: reached from the top
// bar, each person judged against their role's default, a person's own target set with the
// keyboard alone, and a quarter reached from the period links (docs/decisions/395).

const harness = useHarness();

describe('Utilisation in Chromium', () => {
  it('judges each person, takes a target typed with the keyboard, and steps to a quarter', {
    timeout: 180_000,
  }, async () => {
    const { page, watch } = await harness().openPage();
    await page.goto('/');
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Utilisation', exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === '/utilisation');
    await waitForHydration(page);

    const table = page.getByTestId('utilisation-table');
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    // Every person has their role's default and a verdict in words.
    for (const verdict of await rows.locator('td:nth-of-type(5)').allTextContents())
      expect(verdict).toMatch(/^(target met|short by \d+ h)$/);
    expect(await rows.first().locator('td:nth-of-type(4)').textContent()).toMatch(/role default/);

    // The first person gets 50% of their own from the period's first day: keyboard only.
    const name = (await rows.first().getAttribute('data-person'))!;
    await page
      .getByRole('form', { name: "A person's target" })
      .getByLabel('Person', { exact: true })
      .focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Tab');
    await page.keyboard.type('50');
    await page.keyboard.press('Enter');
    await page.waitForLoadState('load');
    const row = page.locator(`tbody tr[data-person="${name}"]`);
    await expect.poll(() => row.locator('td:nth-of-type(4)').textContent()).toBe('50%');

    await page
      .getByRole('navigation', { name: 'Period' })
      .getByRole('link', { name: 'Quarter' })
      .click();
    await page.waitForURL((url) => url.searchParams.get('period')?.includes('-Q') === true);
    expect(await page.locator('#utilisation-period').textContent()).toMatch(/^Q[1-4] \d{4}$/);
    expect(watch.problems()).toEqual([]);
  });
});
