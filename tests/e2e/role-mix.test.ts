import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, signIn, useHarness, waitForHydration } from './harness';

// Agency Settings' role mix per pipeline in real Chromium over the demo agency, as its admin,
// with the keyboard alone: a role added, each field's problem said before anything is sent, the
// mix saved and kept, the Capacity plan splitting the pipeline's deals by it, then cleared
// (docs/decisions/412-role-mix-settings.md). It saves, so it has a server of its own.

const harness = useHarness();

/** Agency Settings once the first refresh has read Pipedrive's pipelines (the server starts empty). */
async function openSettings(page: Page): Promise<void> {
  for (let tries = 0; ; tries++) {
    await page.goto('/agency/settings');
    if ((await page.getByTestId('role-mix').count()) > 0) break;
    if (tries >= 60) throw new Error('the demo pipelines never arrived');
    await page.waitForTimeout(1_000);
  }
  await waitForHydration(page);
}

const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);

describe('Role mix settings in Chromium', () => {
  it('adds roles with the keyboard, says what is wrong per field, saves, splits deals, clears', {
    timeout: 180_000,
  }, async () => {
    const { page, watch } = await harness().openPage();
    await page.goto('/');
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await openSettings(page);

    await page.getByRole('heading', { name: 'Role Mix by Pipeline', level: 2 }).waitFor();
    const form = page.getByRole('form', { name: 'Role mix of Retainers' });
    await expect
      .poll(() => form.textContent())
      .toContain('No mix: its deals without a role field split by billable hours by role');

    // Add a role: the focus lands in its role field. Save with nothing typed: both fields say why.
    await form.getByRole('button', { name: 'Add a role' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedLabel(page)).toBe('Retainers: role 1');
    await page.keyboard.press('Enter');
    await form.getByRole('alert').getByText('Fix 2 fields before saving.').waitFor();
    expect(await form.getByText('Enter a role').count()).toBe(1);
    expect(await form.getByText('Enter a number').count()).toBe(1);
    expect(await form.getByLabel('Retainers: role 1').getAttribute('aria-invalid')).toBe('true');
    expect(await focusedLabel(page)).toBe('Retainers: role 1');

    // A weight of 0 is refused in words, the focus on it.
    await page.keyboard.type('Developer');
    await page.keyboard.press('Tab');
    await page.keyboard.type('0');
    await page.keyboard.press('Enter');
    await form.getByText('Enter a weight above 0').waitFor();
    expect(await focusedLabel(page)).toBe('Retainers: weight of Developer');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('3');

    // A second role, the same name twice first: said on both rows.
    await form.getByRole('button', { name: 'Add a role' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedLabel(page)).toBe('Retainers: role 2');
    await page.keyboard.type('Developer');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1');
    await page.keyboard.press('Enter');
    await expect.poll(() => form.getByText('Name each role once').count()).toBe(2);
    await form.getByLabel('Retainers: role 2').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Designer');
    expect(await form.getByText('75%').count()).toBe(1);
    expect(await form.getByText('25%').count()).toBe(1);
    await page.keyboard.press('Enter');
    await page.getByText('Role mix for Retainers saved').waitFor();
    await expect.poll(() => form.textContent()).toContain('Saved: Developer 75%, Designer 25%.');

    // Kept: the page shows it again, and the plan splits the pipeline's deals by it.
    await openSettings(page);
    expect(await form.textContent()).toContain('Saved: Developer 75%, Designer 25%.');
    const plan = await page.request.get('/api/plan/deals');
    const deals = ((await plan.json()) as { deals: { title: string; roleSource: string }[] }).deals;
    expect(deals.find((d) => d.title === 'Northwind app retainer')?.roleSource).toBe(
      'pipeline mix',
    );

    // Cleared: back to the fallback.
    await form.getByRole('button', { name: 'Clear mix' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Role mix for Retainers cleared').waitFor();
    await expect
      .poll(() => form.textContent())
      .toContain('No mix: its deals without a role field split by billable hours by role');

    expect(watch.problems()).toEqual([]);
  });
});
