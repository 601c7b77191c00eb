import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_JIRA } from '../../src/services/integrations';
import { DEMO_ADMIN, signIn, useHarness, waitForHydration } from './harness';

// Screens that use the width and lead to the source: the top bar in one row, the portfolio
// table without a sideways scroll, and every Jira key a link into the Jira site.

const harness = useHarness({ shared: true });
const WIDTHS = [1280, 1440, 1920] as const;

async function signedIn(): Promise<Page> {
  const { page } = await harness().openPage();
  await page.goto('/');
  if (new URL(page.url()).pathname === '/auth')
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  return page;
}

/** How far apart, top to bottom, the top bar's visible controls are: one row is under 48 px. */
const topBarSpread = (page: Page) =>
  page.evaluate(() => {
    const boxes = [...document.querySelectorAll('[data-testid="top-bar"] :is(a, button, summary)')]
      .filter((el) => el.checkVisibility())
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0);
    return Math.max(...boxes.map((r) => r.bottom)) - Math.min(...boxes.map((r) => r.top));
  });

describe('the width of the screen', () => {
  it('keeps the admin’s top bar in one row at 1280, 1440 and 1920 px', async () => {
    const page = await signedIn();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/', '/capacity', '/agency', '/agency/users']) {
        await page.goto(path);
        expect(await topBarSpread(page), `${path} at ${width} px`).toBeLessThan(48);
      }
    }
    // The admin's pages are one menu away, and it opens without leaving the row.
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Main' }).getByText('Admin').click();
    await page.getByRole('link', { name: 'Audit' }).click();
    await page.waitForURL((url) => url.pathname === '/agency/audit');
  });

  it('shows every column of the portfolio table without a sideways scroll at 1440 px', async () => {
    const page = await signedIn();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/?view=table');
    const table = page.getByTestId('portfolio-table');
    const scroller = table.locator('xpath=..');
    const [scrollWidth, clientWidth] = await scroller.evaluate((el) => [
      el.scrollWidth,
      el.clientWidth,
    ]);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    for (const header of ['Retainer Periods %', 'Last Sync', 'Open Alerts']) {
      const box = (await table.getByRole('columnheader', { name: header }).boundingBox())!;
      expect(box.x + box.width, header).toBeLessThanOrEqual(1440);
    }
    // The money column has a total, the rows' overdue amounts added up.
    const overdue = await table.locator('tbody tr').evaluateAll((rows) =>
      rows.map((r) => {
        const cells = [...r.querySelectorAll('td')];
        const headers = [...document.querySelectorAll('[data-testid="portfolio-table"] thead th')];
        const at = headers.findIndex((h) => h.textContent?.startsWith('Overdue'));
        return Number((cells[at - 1]?.textContent ?? '').replace(/[$,]/g, ''));
      }),
    );
    const sum = overdue.reduce((a, b) => a + b, 0);
    expect(await table.getByTestId('total-overdue').textContent()).toBe(
      `$${sum.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    );
  });
});

/** Whether an element's box lies wholly inside the viewport. */
const insideViewport = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel)!;
    const r = el.getBoundingClientRect();
    const { clientWidth, clientHeight } = document.documentElement;
    return {
      shown: r.width > 0 && r.height > 0,
      inside: r.left >= 0 && r.top >= 0 && r.right <= clientWidth && r.bottom <= clientHeight,
      box: `${Math.round(r.left)},${Math.round(r.top)}..${Math.round(r.right)},${Math.round(r.bottom)}`,
    };
  }, selector);

describe('popovers', () => {
  it('keeps the card’s billing hover and the last Gross Margins row’s hover in the viewport', async () => {
    const page = await signedIn();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/?view=cards');
      await waitForHydration(page);
      // The last card sits at the bottom right: its hover has least room there.
      const billing = page.getByTestId('billing').last();
      await billing.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await billing.hover();
      await billing.getByText('Forecast ID:', { exact: false }).waitFor({ state: 'visible' });
      // Floating UI places it a frame after the hover.
      await expect
        .poll(
          () => insideViewport(page, '[data-testid="billing"][data-floating] [data-float-panel]'),
          {
            message: `billing hover at ${width} px`,
          },
        )
        .toMatchObject({ shown: true, inside: true });

      await page.goto('/agency?tab=gross-margins');
      await waitForHydration(page);
      const margin = page
        .getByTestId('gross-margin-row')
        .last()
        .getByRole('button', { name: /^Margin / });
      await margin.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await margin.hover();
      const id = await margin.getAttribute('aria-describedby');
      await page.locator(`[id="${id}"]`).waitFor({ state: 'visible' });
      await expect
        .poll(() => insideViewport(page, `[id="${id}"]`), {
          message: `margin hover at ${width} px`,
        })
        .toMatchObject({ shown: true, inside: true });
    }
  });

  it('keeps every Gross Margins cost breakdown in the viewport, its row at the top, middle or bottom', async () => {
    const page = await signedIn();
    await page.goto('/agency?tab=gross-margins');
    await waitForHydration(page);
    const buttons = page
      .getByTestId('gross-margin-row')
      .getByRole('button', { name: /^Internal cost / });
    // The tallest breakdown has least room: the row with the most people in it.
    const counts = await buttons.evaluateAll((all) =>
      all.map(
        (b) =>
          document.getElementById(b.getAttribute('aria-describedby')!)!.querySelectorAll('dt')
            .length,
      ),
    );
    const tallest = buttons.nth(counts.indexOf(Math.max(...counts)));
    const id = (await tallest.getAttribute('aria-describedby'))!;
    for (const [width, height] of [
      [1280, 720],
      [1440, 900],
      [375, 667],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const where of ['start', 'center', 'end'] as const) {
        await tallest.evaluate((el, block) => el.scrollIntoView({ block }), where);
        await page.mouse.move(0, 0);
        await tallest.hover();
        await page.locator(`[id="${id}"]`).waitFor({ state: 'visible' });
        await expect
          .poll(() => insideViewport(page, `[id="${id}"]`), {
            message: `cost breakdown (${Math.max(...counts)} lines) at ${width}×${height}, row at the ${where}`,
          })
          .toMatchObject({ shown: true, inside: true });
      }
    }
  });
  it('shows the card’s billing hover on screen in every frame when Floating UI arrives late', async () => {
    const page = await signedIn();
    await page.setViewportSize({ width: 1366, height: 720 });
    await page.goto('/?view=cards');
    await waitForHydration(page);
    // Floating UI loads on the first hover or focus (docs/decisions/360). Held here until the
    // CSS placement shows the panel, as on a slow link; then each frame is watched.
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    await page.route('**/assets/chunk-*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('computePosition')) await held;
      await route.fulfill({ response, body });
    });
    await page.getByTestId('billing').first().focus();
    await page.keyboard.press('Tab');
    const link = page.getByTestId('billing').first().getByRole('link');
    await expect.poll(() => link.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.evaluate(() => {
      const frames: { fixed: boolean; top: number; bottom: number }[] = [];
      (window as unknown as { frames_: typeof frames }).frames_ = frames;
      const sample = () => {
        const el = document.activeElement!;
        const r = el.getBoundingClientRect();
        const fixed = getComputedStyle(el.closest('[data-float-panel]')!).position === 'fixed';
        frames.push({ fixed, top: Math.round(r.top), bottom: Math.round(r.bottom) });
        if (frames.filter((f) => f.fixed).length < 20) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    release();
    const watched = () =>
      page.evaluate(
        () =>
          (window as unknown as { frames_: { fixed: boolean; top: number; bottom: number }[] })
            .frames_,
      );
    await expect.poll(async () => (await watched()).filter((f) => f.fixed).length).toBe(20);
    const frames = await watched();
    expect(
      frames.filter((f) => f.fixed && (f.top < 0 || f.bottom > 720)),
      'frames that placed the focused Forecast ID off screen',
    ).toEqual([]);
  });
});

describe('on a phone, 375 px wide', () => {
  it('shows the availability grid’s five days without a sideways scroll, each finger-sized', async () => {
    const page = await signedIn();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/agency/settings');
    await waitForHydration(page);
    const row = page.getByTestId('availability-row').first();
    const days = row.locator('td:has(button[data-date]), td:has([data-testid="not-employed"])');
    expect(await days.count()).toBe(5);
    // Inside the grid's visible box (its scroller), as the page opens.
    const seen = await days.evaluateAll((cells) =>
      cells.map((td) => {
        const r = td.getBoundingClientRect();
        const box = td.closest('[data-scroll-x]')!.getBoundingClientRect();
        const target = td.firstElementChild!.getBoundingClientRect();
        return {
          inside: r.left >= box.left - 1 && r.right <= Math.min(box.right, 375) + 1,
          target: Math.floor(Math.min(target.width, target.height)),
        };
      }),
    );
    expect(
      seen.map((d) => d.inside),
      JSON.stringify(seen),
    ).toEqual([true, true, true, true, true]);
    for (const d of seen) expect(d.target).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });

  it('keeps the Insights tabs in one row that scrolls, the current one in view', async () => {
    const page = await signedIn();
    await page.setViewportSize({ width: 375, height: 812 });
    for (const tab of ['weekly-hours', 'budget-burn']) {
      await page.goto(`/agency?tab=${tab}`);
      const tabs = page.getByRole('navigation', { name: 'Agency Dashboard' }).getByRole('link');
      const boxes = () =>
        tabs.evaluateAll((links) =>
          links.map((a) => {
            const r = a.getBoundingClientRect();
            return {
              top: Math.round(r.top),
              inView: r.left >= 0 && r.right <= 375,
              current: a.getAttribute('aria-current') === 'page',
            };
          }),
        );
      const first = await boxes();
      expect(new Set(first.map((b) => b.top)).size, JSON.stringify(first)).toBe(1);
      await expect
        .poll(async () => (await boxes()).find((b) => b.current)?.inView, { message: tab })
        .toBe(true);
      // The row scrolls; the page does not.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );
    }
    // From 1,024 px every tab is in view without scrolling the row.
    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/agency');
      const nav = page.getByRole('navigation', { name: 'Agency Dashboard' });
      expect(await nav.evaluate((n) => n.scrollWidth <= n.clientWidth), `${width} px`).toBe(true);
    }
  });
});

describe('links to the source', () => {
  it('links every ticket key on Weekly History to the Jira site, in a new tab', async () => {
    const page = await signedIn();
    await page.goto('/developer');
    await waitForHydration(page);
    const tickets = page.getByTestId('qa-ticket');
    expect(await tickets.count()).toBeGreaterThan(0);
    for (const ticket of await tickets.all()) {
      const link = ticket.getByRole('link').first();
      const key = (await link.textContent())!.replace('(opens in a new tab)', '').trim();
      expect(key).toMatch(/^[A-Z][A-Z0-9]+-\d+$/);
      expect(await link.getAttribute('href')).toBe(`${DEMO_JIRA.baseUrl}/browse/${key}`);
      expect(await link.getAttribute('target')).toBe('_blank');
    }
    // The new-tab mark the stylesheet draws after the key, 13 px in the link's colour.
    const mark = await tickets
      .first()
      .getByRole('link')
      .first()
      .evaluate((a) => {
        const after = getComputedStyle(a, '::after');
        return {
          width: after.width,
          mask: after.maskImage.startsWith('url("data:image/svg+xml'),
          colour: after.backgroundColor === getComputedStyle(a).color,
        };
      });
    expect(mark).toEqual({ width: '13px', mask: true, colour: true });
  });

  it('links the project, epic and sprint in the detail modal to the Jira site', async () => {
    const page = await signedIn();
    await page.goto('/?view=cards');
    await waitForHydration(page);
    const projects = (await (await page.request.get('/api/projects')).json()) as {
      name: string;
      jiraProjectKey: string | null;
      visible: boolean;
    }[];
    const linked = projects.find((p) => p.jiraProjectKey && p.visible)!;
    await page
      .getByTestId('project-card')
      .getByRole('link', { name: linked.name, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: linked.name });
    await dialog.getByRole('heading', { name: 'This Sprint' }).waitFor();
    await dialog.getByTestId('epic').first().waitFor();
    const browse = `${DEMO_JIRA.baseUrl}/browse/`;
    // The project's own key, beside 'Linked: KEY'.
    expect(
      await dialog.locator(`a[href="${browse}${linked.jiraProjectKey}"][target="_blank"]`).count(),
    ).toBe(1);
    for (const epic of await dialog.getByTestId('epic').all()) {
      const link = epic.getByRole('link');
      const key = (await link.textContent())!.replace('(opens in a new tab)', '').trim();
      expect(key).toMatch(new RegExp(`^${linked.jiraProjectKey}-\\d+$`));
      expect(await link.getAttribute('href')).toBe(`${browse}${key}`);
      expect(await link.getAttribute('target')).toBe('_blank');
    }
    const sprint = dialog.locator('a[href*="/issues/?jql="]');
    expect(await sprint.count()).toBe(1);
    expect(await sprint.getAttribute('href')).toContain(DEMO_JIRA.baseUrl);
  });
});

/**
 * Presses `key` until `shown` is visible. The palette listens for its keys from an effect, which
 * runs a moment after the island hydrates: a key pressed in between is lost, as a person's
 * would be, and pressed again.
 */
async function pressUntilShown(page: Page, key: string, shown: Locator): Promise<void> {
  await expect
    .poll(async () => {
      await page.keyboard.press(key);
      return shown.isVisible();
    })
    .toBe(true);
}

describe('the command palette', () => {
  it('finds a project by name and a ticket by key, from the keyboard', async () => {
    const page = await signedIn();
    await page.goto('/developer');
    await waitForHydration(page);
    const ticketKey = (await page.getByTestId('qa-ticket').first().getByRole('link').textContent())!
      .replace('(opens in a new tab)', '')
      .trim();
    const projects = (await (await page.request.get('/api/projects')).json()) as {
      id: number;
      name: string;
      visible: boolean;
    }[];
    const project = projects.find((p) => p.visible)!;

    // Ctrl+K puts the caret in the search box: typing at once searches. Part of the name,
    // Enter: the project's own page opens.
    const palette = page.getByRole('dialog', { name: 'Search' });
    await pressUntilShown(page, 'Control+k', palette);
    const box = palette.getByRole('combobox');
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(project.name.slice(0, 8).toLowerCase());
    expect(await box.inputValue()).toBe(project.name.slice(0, 8).toLowerCase());
    const option = palette.getByRole('option', { name: new RegExp(project.name) });
    await option.waitFor();
    expect(await option.getAttribute('aria-selected')).toBe('true');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/projects/${project.id}`);
    await page.getByRole('heading', { level: 1, name: project.name }).waitFor();

    // '/', a ticket key: its issue opens in Jira, in a new tab.
    await harness().context.route(`${DEMO_JIRA.baseUrl}/**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Jira</title>' }),
    );
    await waitForHydration(page);
    await pressUntilShown(page, '/', palette);
    await box.fill(ticketKey.toLowerCase());
    await palette.getByRole('option', { name: `Ticket ${ticketKey} in Jira` }).waitFor();
    const [popup] = await Promise.all([
      harness().context.waitForEvent('page'),
      page.keyboard.press('Enter'),
    ]);
    await popup.waitForURL(`${DEMO_JIRA.baseUrl}/browse/${ticketKey}`);
    await popup.close();

    // '?' lists the shortcuts.
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
  });

  it('finds every page, each Insights tab and, for an admin, a deal', async () => {
    const page = await signedIn();
    await page.goto('/');
    await waitForHydration(page);
    const palette = page.getByRole('dialog', { name: 'Search' });
    const box = palette.getByRole('combobox');
    const find = async (typed: string, option: string) => {
      await pressUntilShown(page, 'Control+k', palette);
      await page.keyboard.type(typed);
      await palette.getByRole('option', { name: option }).waitFor();
      await box.fill('');
      await page.keyboard.press('Escape');
    };
    await find('capac', 'Page Capacity');
    await find('outbox', 'Page Outbox');
    await find('budget', 'Page Insights: Budget Burn');
    await find('availab', 'Page Settings');
    const { deals } = (await (await page.request.get('/api/pipeline')).json()) as {
      deals: { id: number; title: string }[];
    };
    const deal = deals[0]!;
    await pressUntilShown(page, 'Control+k', palette);
    await page.keyboard.type(deal.title);
    const escaped = deal.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await palette
      .getByRole('option', { name: new RegExp(`^Deal ${escaped}`) })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/agency' && url.hash === `#deal-${deal.id}`);
    await page.locator(`tr#deal-${deal.id}`).waitFor();
  });
});
