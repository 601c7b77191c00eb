import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, signIn, waitForHydration, useHarness } from './harness';
import { dueDigestWeek } from '../../src/services/digest';

// The bell, the alert list and acknowledging in real Chromium, on the demo agency as `npm start`
// serves it: the alerts its numbers call for appear by themselves after start.

// A zone in which this week's digest is already due, so the demo server sends it at start.
const zone = dueDigestWeek(new Date(), 'UTC') ? 'UTC' : 'Pacific/Kiritimati';
const harness = useHarness({ env: { AGENCY_TIMEZONE: zone }, firstStart: true });

describe(`Alerts in Chromium (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  it('shows the demo alerts on the bell and the cards, and acknowledging one lowers the count', {
    timeout: 180_000,
  }, async () => {
    const { page, watch } = await harness().openPage();
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const bellCount = page.getByTestId('alert-count');
    // Alerts are evaluated right after start; the page shows them once they exist.
    await expect
      .poll(
        async () => {
          await page.goto('/');
          return (await bellCount.count()) ? Number(await bellCount.textContent()) : 0;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBeGreaterThanOrEqual(3);
    const before = Number(await bellCount.textContent());
    expect(await page.getByTestId('alert-bell').getAttribute('aria-label')).toBe(
      `Alerts: ${before} need your attention`,
    );
    expect(await page.getByTestId('card-alerts').count()).toBeGreaterThan(0);

    // The bell leads to the list, with each alert's numbers and since when.
    await page.getByTestId('alert-bell').click();
    await page.waitForURL((url) => url.pathname === '/alerts');
    await waitForHydration(page);
    const list = page.getByTestId('alert-list');
    for (const rule of ['overdue', 'budget_burn', 'retainer'])
      expect(await list.locator(`[data-rule="${rule}"]`).count(), rule).toBeGreaterThan(0);
    const overdue = list.locator('[data-rule="overdue"]').first();
    expect(await overdue.textContent()).toMatch(/Days overdue:\s*\d+/);
    expect(await overdue.textContent()).toMatch(/Open since/);

    // Acknowledge by keyboard: the bell drops by one at once, and stays so after a reload.
    const ack = overdue.getByRole('button', { name: 'Acknowledge' });
    await ack.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Alert acknowledged').first().waitFor();
    await expect.poll(async () => Number(await bellCount.textContent())).toBe(before - 1);
    await page.reload();
    expect(Number(await bellCount.textContent())).toBe(before - 1);
    await expect(
      page
        .locator('[data-rule="overdue"]')
        .first()
        .getByText(/^Acknowledged /)
        .count(),
    ).resolves.toBeGreaterThan(0);

    // The filter narrows the list and lives in the address.
    await waitForHydration(page);
    await page.getByLabel('Rule').selectOption('budget_burn');
    await expect
      .poll(async () =>
        page.getByTestId('alert').evaluateAll((els) => els.map((e) => e.getAttribute('data-rule'))),
      )
      .toEqual(expect.arrayContaining(['budget_burn']));
    expect(
      await page
        .getByTestId('alert')
        .evaluateAll((els) => els.every((e) => e.getAttribute('data-rule') === 'budget_burn')),
    ).toBe(true);
    expect(new URL(page.url()).searchParams.get('rule')).toBe('budget_burn');
    expect(watch.problems()).toEqual([]);
  });

  it('groups alerts by project with formatted numbers, and acknowledges several at once', {
    timeout: 180_000,
  }, async () => {
    const { page, watch } = await harness().openPage();
    await page.goto('/alerts');
    if (new URL(page.url()).pathname === '/auth') {
      await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await page.goto('/alerts');
    }
    await waitForHydration(page);
    // The bell's number, from its label (the badge is gone at 0).
    const bell = async () => {
      const label = (await page.getByTestId('alert-bell').getAttribute('aria-label')) ?? '';
      return label.includes('none') ? 0 : Number(label.match(/\d+/)![0]);
    };

    // One group per project, headed by its name and its number of alerts.
    const groups = page.getByTestId('alert-group');
    expect(await groups.count()).toBeGreaterThan(1);
    for (const group of await groups.all()) {
      const items = await group.getByTestId('alert').count();
      expect(await group.getByTestId('alert-group-count').textContent()).toBe(
        items === 1 ? '1 alert' : `${items} alerts`,
      );
    }
    const names = await groups.locator('h2 a').allTextContents();
    expect(new Set(names).size).toBe(names.length);

    // Numbers read as money and dates, not raw values.
    const overdue = page.locator('[data-rule="overdue"]').first();
    const numbers = (await overdue.locator('dl').textContent()) ?? '';
    expect(numbers).toMatch(/Overdue:\s*\$\d{1,3}(,\d{3})*/);
    expect(numbers).toMatch(/Due:\s*[A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(await page.getByTestId('alert-list').locator('dl').allTextContents()).not.toContainEqual(
      expect.stringMatching(/\d{4}-\d{2}-\d{2}/),
    );

    // Tick two, acknowledge them together: the bell drops by two at once.
    const before = await bell();
    const boxes = page.getByRole('checkbox', { name: /^Choose: / });
    expect(await boxes.count()).toBeGreaterThanOrEqual(2);
    const chosen = [
      (await boxes.nth(0).locator('xpath=ancestor::li[1]').getAttribute('data-alert-id'))!,
      (await boxes.nth(1).locator('xpath=ancestor::li[1]').getAttribute('data-alert-id'))!,
    ];
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Acknowledge selected' }).click();
    await page.getByText('2 alerts acknowledged').first().waitFor();
    await expect.poll(bell).toBe(before - 2);
    for (const id of chosen)
      await page
        .locator(`[data-alert-id="${id}"]`)
        .getByText(/^Acknowledged /)
        .waitFor();
    // Each one's Undo puts it back. Every button waits while a change is saved, so each Undo
    // is pressed once the one before it has put its alert back, as a person would see it.
    for (const id of chosen) {
      const item = page.locator(`[data-alert-id="${id}"]`);
      await item.getByRole('button', { name: 'Undo' }).click();
      await item.getByRole('button', { name: 'Acknowledge', exact: true }).waitFor();
    }
    await expect.poll(bell).toBe(before);

    // 'Acknowledge all for this project' takes that project's open ones, and only those.
    const withButton = groups.filter({
      has: page.getByRole('button', { name: /^Acknowledge all for this project/ }),
    });
    const heading = await withButton.first().getAttribute('aria-labelledby');
    const group = page.locator(`section[aria-labelledby="${heading}"]`);
    const button = group.getByRole('button', { name: /^Acknowledge all for this project/ });
    const n = Number((await button.textContent())!.match(/\((\d+)\)/)![1]);
    await button.click();
    await expect.poll(bell).toBe(before - n);
    await expect.poll(() => button.count()).toBe(0);
    expect(await group.getByText(/^Acknowledged /).count()).toBe(
      await group.getByTestId('alert').count(),
    );
    await page.reload();
    expect(await bell()).toBe(before - n);
    expect(watch.problems()).toEqual([]);
  });

  it('keeps the Monday digest in the outbox in demo mode, for admins to read', {
    timeout: 120_000,
  }, async () => {
    const { page, watch } = await harness().openPage();
    await page.goto('/agency/outbox');
    if (new URL(page.url()).pathname === '/auth') {
      await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await page.goto('/agency/outbox');
    }
    const mail = page.getByTestId('outbox-mail');
    await expect
      .poll(
        async () => {
          await page.reload();
          return mail.count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(1);
    expect(await mail.locator('h2').textContent()).toMatch(
      /^Agency Dashboard: week of \d{4}-\d{2}-\d{2}$/,
    );
    const text = (await mail.textContent()) ?? '';
    expect(text).toContain('admin@demo.agency');
    // The bell's count for this admin, as of the moment the digest was composed.
    // Composed after the first refresh and alert pass, so never 'Open alerts (0)' beside a bell
    // that shows the demo's alerts (docs/decisions/385).
    const open = /Open alerts \((\d+)\) as of /.exec(text);
    expect(Number(open?.[1])).toBeGreaterThanOrEqual(3);
    expect(text).toContain('Cumulative Margin since ');
    expect(text).not.toContain('Gross Margin');
    expect(text).toContain('Invoices This Week:');
    expect(watch.problems()).toEqual([]);
  });
});
