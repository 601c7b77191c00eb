import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, signIn, toastWithTitle, useHarness, waitForHydration } from './harness';

// The People page in real Chromium over the demo agency (docs/decisions/396): the demo's Jira
// hides some developers' emails, so their accounts are listed as not matched; one is linked by
// hand to its Forecast person with the keyboard, and the roster then shows them matched.

const harness = useHarness();

describe('People in Chromium', () => {
  it('links a Jira account that matched nobody to its Forecast person, and shows them matched', {
    timeout: 180_000,
  }, async () => {
    const { page, watch } = await harness().openPage();
    await page.goto('/');
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'People', exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === '/people');
    await waitForHydration(page);

    const unmatched = page.getByTestId('roster-unmatched');
    const forms = unmatched.locator('form[data-account]');
    const before = await forms.count();
    expect(before).toBeGreaterThan(0);
    const form = forms.first();
    const name = (await form.locator('strong').textContent())!;
    const row = page.locator(`tbody tr[data-person="${name}"]`);
    // Before: the Forecast person of that name has no Jira account and no Unlink.
    await expect.poll(() => row.getByTestId('roster-jira').textContent()).toBe('None');

    // The demo's Forecast person has the same name as the Jira account: choose it, then Tab to
    // Link and press Enter.
    const select = form.getByLabel('Forecast person');
    await select.focus();
    await select.selectOption({ label: name });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await toastWithTitle(page, 'Roster updated').waitFor();

    await expect.poll(() => forms.count()).toBe(before - 1);
    await expect.poll(() => row.getByTestId('roster-jira').textContent()).toBe('Linked Unlink');
    expect(await unmatched.locator(`form[aria-label="Link ${name}"]`).count()).toBe(0);

    // Read again from the server: the link is stored.
    await page.reload();
    await waitForHydration(page);
    expect(await row.getByTestId('roster-jira').textContent()).toBe('Linked Unlink');
    expect(watch.problems()).toEqual([]);
  });
});
