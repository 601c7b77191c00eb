import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EVERY_PAGE, open } from './every-page';
import { signIn, useHarness, waitForHydration } from './harness';

// Every page at a desktop, a tablet and a phone width: no element sticks out of the viewport
// sideways unless it sits in a container that scrolls sideways on purpose. The theme changes
// colours only, so one theme is walked; `npm run screenshots` pictures both (docs/screenshots/).

const harness = useHarness();
const ADMIN = { email: 'admin@demo.agency', password: 'demo-admin-password' };
const WIDTHS = [1366, 768, 375] as const;

/** Elements wider than the viewport that no sideways-scrolling ancestor contains. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (el: Element) => {
      const x = getComputedStyle(el).overflowX;
      return x === 'auto' || x === 'scroll' || x === 'hidden';
    };
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      out.push(`page is ${document.documentElement.scrollWidth}px wide`);
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.right <= width + 1 && r.left >= -1) continue;
      let parent = el.parentElement;
      let contained = false;
      while (parent && parent !== document.body) {
        if (scrolls(parent)) {
          contained = true;
          break;
        }
        parent = parent.parentElement;
      }
      if (contained) continue;
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}.${[...el.classList].join('.')}`;
      out.push(`${name} ${Math.round(r.left)}..${Math.round(r.right)}`);
      if (out.length > 5) break;
    }
    return out;
  });
}

describe('every page at 1366, 768 and 375 px', () => {
  it('fits the viewport sideways', async () => {
    const { page } = await harness().openPage();
    await page.goto('/');
    if (new URL(page.url()).pathname === '/auth') await signIn(page, ADMIN.email, ADMIN.password);
    const found: Record<string, string[]> = {};
    for (const p of EVERY_PAGE) {
      // Loaded at the widest width, then narrowed: the layout answers a resize as it answers a load.
      await page.setViewportSize({ width: WIDTHS[0], height: 900 });
      await open(page, p);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        // Charts measure their box and draw again in the frames after a resize.
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
        const problems = await overflowing(page);
        if (problems.length) found[`${width} ${p}`] = problems;
      }
    }
    expect(found).toEqual({});
  }, 300_000);

  it('folds the top bar into a menu on a phone, opened and closed by keyboard', async () => {
    const { page, watch } = await harness().openPage();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/developer');
    if (new URL(page.url()).pathname === '/auth') await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/developer');
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.isVisible()).toBe(false);
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.focus();
    await page.keyboard.press('Enter');
    await nav.waitFor({ state: 'visible' });
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(await nav.getByRole('link', { name: 'Projects' }).isVisible()).toBe(true);
    expect(await page.getByTestId('user-email').isVisible()).toBe(true);
    expect(await overflowing(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
    // On a desktop there is no Menu button and the tabs are always there.
    await page.setViewportSize({ width: 1366, height: 900 });
    expect(await nav.isVisible()).toBe(true);
    expect(await menu.isVisible()).toBe(false);
    expect(watch.problems()).toEqual([]);
  });
});
