import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  classesWithoutRules,
  EVERY_PAGE,
  open,
  overflowing,
  seriousViolations,
  WIDTHS,
} from './every-page';
import { SESSION_COOKIE } from '../../src/auth/session';
import { DEMO_ADMIN, signIn, useHarness, waitForHydration, type PageWatch } from './harness';

// Every page, loaded once: axe-core in Chromium in both themes (no serious or critical
// violations), no element sticking out sideways at a desktop, a tablet and a phone width, and
// keyboard-only use: Tab reaches every control in reading order with a visible focus mark. And
// every open dialog, by keyboard: axe, focus kept inside, Escape puts focus back on its opener;
// Enter and Space press buttons; the phone's menu opens and closes by keyboard. A theme changes
// colours only, so one theme is walked for the widths; `npm run screenshots` pictures both.

const harness = useHarness({ shared: true });
/** The page, and what went wrong in it so far (uncaught errors, console errors, CSP violations). */
let watch: PageWatch | undefined;

async function signedInPage(): Promise<Page> {
  const opened = await harness().openPage();
  watch = opened.watch;
  const page = opened.page;
  // Signed in once per browser (the sign-in page's own walk signs out): no page load otherwise.
  const cookies = await harness().context.cookies();
  if (!cookies.some((c) => c.name === SESSION_COOKIE)) {
    await page.goto('/auth');
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  }
  return page;
}

const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('axe-core finds no serious or critical violation', () => {
  it('on the sign-in page, in both modes', async () => {
    await harness().context.clearCookies();
    const { page } = await harness().openPage();
    await open(page, '/auth');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Need an account? Sign up' }).click();
    await page.getByRole('button', { name: 'Create Account' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('every page of the dashboard, loaded once', () => {
  for (const path of EVERY_PAGE) {
    const walk = path === '/no/such/page' ? '' : '; Tab reaches every control';
    it(`${path}: axe in the light and the dark theme; fits 1366, 768 and 375 px${walk}`, async () => {
      const page = await signedInPage();
      const size = page.viewportSize()!;
      await page.emulateMedia({ colorScheme: 'light' });
      await open(page, path);
      expect(await seriousViolations(page), 'light theme').toEqual([]);
      // A theme changes colours only: the same page, switched, is checked for contrast alone.
      const light = await background(page);
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await background(page), 'switched to the dark theme').not.toBe(light);
      expect(await seriousViolations(page, { contrastOnly: true }), 'dark theme').toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });

      // Narrowed in place: the layout answers a resize as it answers a load.
      const sideways: Record<number, string[]> = {};
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        // Charts measure their box and draw again in the frames after a resize.
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
        const problems = await overflowing(page);
        if (problems.length) sideways[width] = problems;
      }
      expect(sideways, 'elements sticking out sideways').toEqual({});
      await page.setViewportSize(size);

      // The not-found card has no controls at all (docs/product-spec.md, "Not-found screen").
      if (walk) await expectKeyboardWalk(page);
    }, 90_000);
  }
});

/** A dialog, how to reach its opener on a page, and what to do inside it before checking it. */
interface DialogCase {
  name: string;
  path: string;
  opener: (page: Page) => Locator;
  /** The dialog's accessible name, when it is fixed. */
  title?: string | RegExp;
  /** Brings the dialog to its fullest state (a loaded list, another tab) for a second check. */
  fill?: (dialog: Locator, page: Page) => Promise<void>;
}

const cardOpener = (page: Page) =>
  page.getByTestId('project-card').locator('a[aria-haspopup=dialog]').first();

const DIALOGS: DialogCase[] = [
  {
    name: 'Manage Projects',
    path: '/?view=cards',
    opener: (page) => page.getByRole('button', { name: 'Manage Projects' }),
    title: 'Manage Projects',
    fill: async (dialog) => {
      await dialog.getByRole('button', { name: 'Load Projects' }).click();
      await dialog.getByText('On Dashboard').first().waitFor();
    },
  },
  {
    name: 'the project detail modal',
    path: '/?view=cards',
    opener: cardOpener,
    fill: async (dialog) => {
      await dialog.getByRole('tab', { name: 'Retainer Periods' }).click();
      await dialog.getByText(/Loading retainer periods/).waitFor({ state: 'detached' });
    },
  },
  {
    name: 'Link Jira Project',
    path: '/?view=cards',
    opener: (page) =>
      page
        .getByRole('dialog')
        .getByRole('button', { name: /^(Linked: .+|Link Jira Project)$/ })
        .first(),
    title: 'Link Jira Project',
    fill: async (dialog) => {
      await dialog.getByRole('button', { name: 'Manual Entry' }).click();
      await dialog.getByPlaceholder('e.g., PROJ, DEV, TASK').waitFor();
    },
  },
  {
    name: 'Story Points by Assignee',
    path: '/developer',
    opener: (page) => page.getByRole('button', { name: /Total Story Points/ }),
    fill: async (dialog) => {
      await dialog.getByText('Total Assignees', { exact: true }).waitFor();
      await dialog.getByRole('group', { name: 'Story points by assignee' }).waitFor();
    },
  },
  {
    name: 'Velocity Percentage Trend',
    path: '/developer',
    opener: (page) => page.getByRole('button', { name: /Velocity Percentage/ }),
    fill: async (dialog) => {
      await dialog.getByText('Avg Velocity').waitFor();
      // The chart draws once its box is measured; check the dialog as the user will see it.
      await dialog.getByRole('group', { name: /^Velocity percentage per week/ }).waitFor();
    },
  },
  {
    name: 'Add Team Member',
    path: '/agency/settings',
    opener: (page) => page.getByRole('button', { name: 'Add', exact: true }),
    title: 'Add Team Member',
    fill: async (dialog) => {
      await dialog.getByText('Loading users...').waitFor({ state: 'detached' });
    },
  },
  {
    name: 'Start of Employment',
    path: '/agency/settings',
    opener: (page) => page.getByRole('button', { name: /Set Start Date|Start: / }).first(),
    title: 'Start of Employment',
  },
  {
    name: 'End of Employment',
    path: '/agency/settings',
    opener: (page) => page.getByRole('button', { name: /Set End Date|End: / }).first(),
    title: 'End of Employment',
  },
];

/** Opens the case's dialog from its page by keyboard alone; Link Jira Project first needs the detail modal. */
async function openByKeyboard(
  page: Page,
  c: DialogCase,
): Promise<{ opener: Locator; dialog: Locator }> {
  await open(page, c.path);
  if (c.name === 'Link Jira Project') {
    await cardOpener(page).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').first().waitFor();
  }
  const opener = c.opener(page);
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = c.title
    ? page.getByRole('dialog', { name: c.title })
    : page.getByRole('dialog').last();
  await dialog.waitFor();
  return { opener, dialog };
}

const focusInside = (dialog: Locator) =>
  dialog.evaluate((el) => el.contains(document.activeElement));

/** The dialog sits in a layer fixed over the page, as its stylesheet makes it. */
const overThePage = (dialog: Locator) =>
  dialog.evaluate((el) => {
    for (let at: Element | null = el; at; at = at.parentElement)
      if (getComputedStyle(at).position === 'fixed') return true;
    return false;
  });

describe('every dialog', () => {
  for (const c of DIALOGS) {
    it(`${c.name}: opens by keyboard, keeps focus inside, passes axe, and Escape returns focus to its opener`, async () => {
      const page = await signedInPage();
      const { opener, dialog } = await openByKeyboard(page, c);
      expect(watch!.problems(), 'while opening').toEqual([]);
      expect(await focusInside(dialog), 'focus moves into the dialog').toBe(true);
      // Styled as the stylesheet says: it opens over the page.
      expect(await overThePage(dialog), 'styled as a modal over the page').toBe(true);
      // The server's HTML and the dialog the client drew name their styles alike.
      expect(await classesWithoutRules(page), 'classes no stylesheet defines').toEqual([]);
      expect(await seriousViolations(page), 'as opened').toEqual([]);
      if (c.fill) {
        await c.fill(dialog, page).catch((error: Error) => {
          throw new Error(
            `${error.message}\nproblems in the page: ${watch!.problems().join('; ')}`,
          );
        });
        expect(await seriousViolations(page), 'filled').toEqual([]);
      }

      // Tab and Shift+Tab go round the dialog's controls and never leave it.
      const controls = await dialog.evaluate(
        (el) =>
          el.querySelectorAll(
            'button:not([disabled]), a[href], input:not([disabled]), select, textarea, [tabindex="0"]',
          ).length,
      );
      for (let i = 0; i < controls + 2; i++) {
        await page.keyboard.press('Tab');
        expect(await focusInside(dialog), `Tab ${i + 1}`).toBe(true);
      }
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('Shift+Tab');
        expect(await focusInside(dialog), `Shift+Tab ${i + 1}`).toBe(true);
      }

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(
        await opener.evaluate((el) => el === document.activeElement),
        'focus is back on the opener',
      ).toBe(true);
      expect(watch!.problems()).toEqual([]);
    }, 90_000);
  }
});

interface FocusStop {
  index: number;
  label: string;
  visible: boolean;
  marked: boolean;
}

/**
 * Presses Tab from the top of the page until focus comes round again, and reports each stop:
 * its place in document order, whether it is on screen, and whether it shows a focus mark.
 */
async function tabThrough(page: Page): Promise<{ controls: string[]; stops: FocusStop[] }> {
  const controls = await page.evaluate(() => {
    const all = [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button, input, select, textarea, [tabindex]',
      ),
    ].filter(
      (el) =>
        el.tabIndex >= 0 &&
        !(el as HTMLButtonElement).disabled &&
        el.checkVisibility({ visibilityProperty: true }) &&
        !el.closest('[inert]'),
    );
    all.forEach((el, i) => {
      el.setAttribute('data-a11y-order', String(i));
    });
    return all.map(
      (el) =>
        `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
    );
  });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const stops: FocusStop[] = [];
  // Chromium's date inputs take one Tab per part (month, day, year).
  const dateParts = (await page.locator('input[type="date"]').count()) * 2;
  // Links inside a hover panel (a card's Forecast ID) are stops too, shown once focus is inside.
  const inPanels = await page.locator('[data-float-panel] a[href]').count();
  // The walk ends when focus comes round to its first stop. The bound leaves room for stops the
  // list above does not hold (a scrolling box Chromium makes focusable, a part drawn after it
  // was taken): a walk that ran out of Tabs first reported the last week link as never reached.
  for (let i = 0; i < 2 * (controls.length + dateParts + inPanels) + 3; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(async () => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      // A hover panel is placed by Floating UI in the frames after focus reaches it.
      if (el.closest('[data-float-panel]'))
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      const marked =
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
        style.boxShadow !== 'none';
      return {
        index: Number(el.getAttribute('data-a11y-order') ?? -1),
        label: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
        visible:
          rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < window.innerHeight,
        marked,
      };
    });
    if (!stop) break;
    if (stops.length > 0 && stop.index === stops[0]!.index) break;
    stops.push(stop);
  }
  return { controls, stops };
}

/** Tab reaches every control of the page in reading order, each on screen with a focus mark. */
async function expectKeyboardWalk(page: Page): Promise<void> {
  const { controls, stops } = await tabThrough(page);
  expect(controls.length, 'the page has controls').toBeGreaterThan(0);
  const reached = new Set(stops.map((s) => s.index));
  expect(
    controls.filter((_, i) => !reached.has(i)),
    `controls Tab never reaches; it stopped at: ${stops.map((s) => s.label).join(', ')}`,
  ).toEqual([]);
  const order = stops.map((s) => s.index).filter((i) => i >= 0);
  expect(order, 'focus follows the document order').toEqual([...order].sort((a, b) => a - b));
  expect(
    stops.filter((s) => !s.visible).map((s) => s.label),
    'focused but off screen',
  ).toEqual([]);
  expect(
    stops.filter((s) => !s.marked).map((s) => s.label),
    'focused without a visible mark',
  ).toEqual([]);
}

describe('keyboard alone', () => {
  it('Tab reaches every control of /auth in reading order, each on screen with a focus mark', async () => {
    await harness().context.clearCookies();
    const { page } = await harness().openPage();
    await open(page, '/auth');
    await expectKeyboardWalk(page);
  }, 90_000);

  it('Enter and Space press buttons', async () => {
    await harness().context.clearCookies();
    const { page } = await harness().openPage();
    await open(page, '/auth');
    const toggle = page.getByRole('button', { name: 'Need an account? Sign up' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Create an account to request access to the dashboard').waitFor();
    await page.getByRole('button', { name: 'Already have an account? Sign in' }).focus();
    await page.keyboard.press('Space');
    await page.getByText('Sign in to access your project management dashboard').waitFor();

    const signed = await signedInPage();
    await open(signed, '/agency');
    const label = signed.getByTestId('week-label');
    const before = await label.textContent();
    await signed.getByRole('button', { name: 'Previous' }).focus();
    await signed.keyboard.press('Space');
    await expect.poll(() => label.textContent()).not.toBe(before);
    await signed.getByRole('button', { name: 'Current' }).focus();
    await signed.keyboard.press('Enter');
    await expect.poll(() => label.textContent()).toBe(before);
  }, 90_000);

  it('folds the top bar into a menu on a phone, opened and closed by keyboard', async () => {
    const page = await signedInPage();
    await page.setViewportSize({ width: 375, height: 812 });
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
    expect(watch!.problems()).toEqual([]);
  });
});
