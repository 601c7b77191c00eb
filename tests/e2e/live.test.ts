import { afterAll, describe, expect, it } from 'vitest';
import { browserTest } from '../helpers/chromium';
import {
  DEMO_ADMIN,
  type Harness,
  screenshotOnFailure,
  signIn,
  startHarness,
  waitForHydration,
} from './harness';

// The live demo in Chromium (docs/decisions/402-live-pages.md): the demo's Jira moves a ticket
// every 5 s through the webhook receiver, and the open portfolio re-reads its cards and says so
// without a reload.

let h: Harness | undefined;

browserTest.beforeAll(async ({ chromium }) => {
  h = await startHarness(chromium, { env: { DEMO_LIVE_SECONDS: '5' } });
}, 120_000);
afterAll(async () => {
  await h?.close();
});
screenshotOnFailure(() => h);

describe('the live demo on an open page', () => {
  it('moves the portfolio without a reload and says "Updated just now"', {
    timeout: 90_000,
  }, async () => {
    const { page } = await h!.openPage();
    await page.goto('/auth');
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/');
    await waitForHydration(page);
    const loaded = await page.evaluate(() => performance.timeOrigin);
    const status = page.getByTestId('live-updated');
    expect(await status.textContent()).toBe('');
    await expect.poll(() => status.textContent(), { timeout: 45_000 }).toBe('Updated just now');
    // The same page all along: it was never reloaded.
    expect(await page.evaluate(() => performance.timeOrigin)).toBe(loaded);
  });
});
