import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, signIn, useHarness, waitForHydration } from './harness';

// Dark mode in Chromium: it follows the system setting until the person chooses, the top bar's
// toggle is saved for the person. Contrast in both themes is checked with axe in a11y.test.ts.

const harness = useHarness({ shared: true });
const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);
/** Resolves once the server has answered the save of this choice (null: follow the system). */
const themeSaved = (page: Page, theme: string | null) =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/preferences/theme') &&
      response.request().method() === 'PUT' &&
      response.request().postDataJSON()?.theme === theme &&
      response.ok(),
  );

describe('dark mode', () => {
  it('follows the system until chosen, and the choice is saved for the person', async () => {
    const { page, watch } = await harness().openPage();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    if (new URL(page.url()).pathname === '/auth')
      await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/?view=cards');
    await waitForHydration(page);
    const light = await background(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await background(page);
    expect(dark).not.toBe(light);

    // The toggle: System -> Dark -> Light; Light wins over a dark system. The save of Dark is
    // held up on the way, so the saved choice is the last click only if saves keep their order.
    await page.route('**/api/preferences/theme', async (route) => {
      if (route.request().postDataJSON()?.theme === 'dark')
        await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    const toggle = page.getByTestId('theme-toggle');
    expect(await toggle.textContent()).toBe('System');
    const saved = Promise.all([themeSaved(page, 'dark'), themeSaved(page, 'light')]);
    await toggle.click();
    await expect.poll(() => toggle.textContent()).toBe('Dark');
    await toggle.click();
    await expect.poll(() => toggle.textContent()).toBe('Light');
    expect(await background(page)).toBe(light);
    await saved;
    // Saved: a reload under a dark system stays light, and the server writes it on <html>.
    await page.reload();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    expect(await background(page)).toBe(light);
    // Back to following the system.
    await waitForHydration(page);
    const savedSystem = themeSaved(page, null);
    await toggle.click();
    await expect.poll(() => toggle.textContent()).toBe('System');
    await savedSystem;
    await page.reload();
    expect(await page.locator('html').getAttribute('data-theme')).toBeNull();
    expect(await background(page)).toBe(dark);
    expect(watch.problems()).toEqual([]);
  });

  it("draws chart gridlines in the dark theme's border colour, not a glaring white", async () => {
    const { page, watch } = await harness().openPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    if (new URL(page.url()).pathname === '/auth')
      await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/agency?tab=trends');
    await waitForHydration(page);
    const line = page.locator('.visx-rows line').first();
    await line.waitFor({ state: 'attached', timeout: 30_000 });
    const stroke = await line.evaluate((el) => getComputedStyle(el).stroke);
    const channels = stroke.match(/\d+/g)!.map(Number);
    expect(channels).toHaveLength(3);
    // Dark, as a line on a dark page should be: far from white and from visx's pale default.
    expect(Math.max(...channels), stroke).toBeLessThan(128);
    expect(stroke).not.toBe('rgb(255, 255, 255)');
    expect(stroke).not.toBe('rgb(234, 240, 246)');
    expect(watch.problems()).toEqual([]);
  });
});
