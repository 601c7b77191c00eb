import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DEMO_ADMIN,
  toastWithTitle,
  signIn,
  signUp,
  waitForHydration,
  useHarness,
} from './harness';

// The role model in the browser (docs/decisions/164): a plain user sees the controls they may
// not use greyed, can reach them by keyboard and read why, and using them sends nothing.

const harness = useHarness();

const PASSWORD = 'a long and uncommon passphrase';

/** Every write the page sends to the API from now on. */
function recordWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && new URL(r.url()).pathname.startsWith('/api/'))
      writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  return writes;
}

/** The accessible description a screen reader reads after the control's name. */
const describedBy = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
      return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    });

describe('roles in the browser', () => {
  it("greys a user's project controls with the reason on hover and focus, and sends nothing", async () => {
    const { page, watch } = await harness().openPage();
    const email = `reader-${Date.now()}@agency.test`;
    await page.goto('/auth');
    await waitForHydration(page);
    await signUp(page, email, PASSWORD);
    expect((await harness().runUsersCommand(['approve', email])).code).toBe(0);
    await signIn(page, email, PASSWORD);
    await waitForHydration(page);
    const writes = recordWrites(page);

    // Sync Billing: focusable, greyed, titled and described with the server's own reason.
    const sync = page.getByRole('button', { name: /^Sync billing data of / }).first();
    await sync.focus();
    expect(await sync.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await sync.getAttribute('aria-disabled')).toBe('true');
    const syncReason =
      "Only staff and admins can sync a project's billing from Forecast. Your role is user.";
    expect(await sync.getAttribute('title')).toBe(syncReason);
    expect(await describedBy(page, '[aria-label^="Sync billing data of "]')).toBe(syncReason);
    await page.keyboard.press('Enter');
    await sync.click({ force: true });

    // The team selector keeps its team whatever the keyboard does.
    const team = page.getByRole('combobox', { name: /^Team of / }).first();
    const before = await team.inputValue();
    await team.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await team.inputValue()).toBe(before);
    expect(await team.getAttribute('title')).toBe(
      "Only staff and admins can change a project's team. Your role is user.",
    );

    // Manage Projects opens to read, with show/hide and Remove greyed.
    await page.getByRole('button', { name: 'Manage Projects' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Projects' });
    await dialog.waitFor();
    const toggle = dialog.getByRole('switch').first();
    const shown = await toggle.getAttribute('aria-checked');
    await toggle.click({ force: true });
    expect(await toggle.getAttribute('aria-checked')).toBe(shown);
    expect(await toggle.getAttribute('title')).toBe(
      'Only staff and admins can show or hide projects on the dashboard. Your role is user.',
    );
    const remove = dialog.getByRole('button', { name: /^Remove .* from the dashboard$/ }).first();
    expect(await remove.getAttribute('title')).toBe(
      'Only admins can remove or restore projects. Your role is user.',
    );
    await remove.click({ force: true });
    await page.keyboard.press('Escape');

    // Settings: the grid's controls and the points setting say why too.
    await page.goto('/agency/settings');
    await waitForHydration(page);
    const add = page.getByRole('button', { name: 'Add', exact: true });
    await add.click({ force: true });
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await add.getAttribute('title')).toBe(
      "Only staff and admins can change the team and developers' away days. Your role is user.",
    );
    expect(await page.getByRole('spinbutton').getAttribute('readonly')).not.toBeNull();

    expect(writes).toEqual([]);
    expect(watch.problems()).toEqual([]);

    // Made staff (which ends their sessions), the same person may sync billing.
    expect((await harness().runUsersCommand(['role', email, 'staff'])).code).toBe(0);
    await page.goto('/');
    await signIn(page, email, PASSWORD);
    await waitForHydration(page);
    const staffSync = page.getByRole('button', { name: /^Sync billing data of / }).first();
    expect(await staffSync.getAttribute('aria-disabled')).toBeNull();
    expect(await staffSync.getAttribute('title')).not.toMatch(/^Only/);
  });

  it("lets an admin undo a removal from the Manage dialog's Recently removed list", async () => {
    await harness().context.clearCookies();
    const { page, watch } = await harness().openPage();
    await page.goto('/auth');
    await waitForHydration(page);
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await waitForHydration(page);
    const cards = page.getByTestId('project-card');
    const before = await cards.count();
    await page.getByRole('button', { name: 'Manage Projects' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Projects' });
    await dialog.waitFor();
    const first = dialog.getByTestId('dashboard-project').first();
    const name = (await first.locator('span').first().textContent())!;
    await dialog
      .getByRole('button', { name: `Remove ${name} from the dashboard`, exact: true })
      .first()
      .click();
    await page
      .getByRole('alertdialog', { name: `Remove ${name} from the dashboard?` })
      .getByRole('button', { name: 'Remove project' })
      .click();
    await toastWithTitle(page, 'Success').first().waitFor();
    const removed = dialog.getByTestId('removed-project').filter({ hasText: name });
    await removed.waitFor();
    expect(await removed.textContent()).toMatch(/Restorable until/);
    await expect.poll(() => cards.count()).toBe(before - 1);

    await dialog
      .getByRole('button', { name: `Restore ${name} to the dashboard`, exact: true })
      .click();
    await toastWithTitle(page, 'Project restored').waitFor();
    await expect.poll(() => removed.count()).toBe(0);
    await expect.poll(() => cards.count()).toBe(before);
    expect(watch.problems()).toEqual([]);
  });

  it('asks before revoking: Escape and Cancel change nothing, the confirm button revokes', async () => {
    await harness().context.clearCookies();
    const email = `revokee-${Date.now()}@agency.test`;
    const { page, watch } = await harness().openPage();
    await page.goto('/auth');
    await waitForHydration(page);
    await signUp(page, email, PASSWORD);
    expect((await harness().runUsersCommand(['approve', email])).code).toBe(0);
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/agency/users');
    await waitForHydration(page);
    const writes = recordWrites(page);
    const row = page.getByRole('row').filter({ hasText: email });
    const revoke = row.getByRole('button', { name: `Revoke ${email}` });
    const question = page.getByRole('alertdialog', { name: `Revoke ${email}?` });

    // Focus goes into the question, on Cancel; Escape cancels.
    await revoke.click();
    await question.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    // Cancel cancels too.
    await revoke.click();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(writes).toEqual([]);
    expect(await row.textContent()).toContain('Approved');

    // Enter on the confirm button revokes.
    await revoke.click();
    await question.getByRole('button', { name: 'Revoke access' }).focus();
    await page.keyboard.press('Enter');
    await toastWithTitle(page, 'Access revoked').filter({ hasText: email }).waitFor();
    await row.getByText('Awaiting approval').waitFor();
    expect(writes).toEqual([expect.stringMatching(/^PATCH \/api\/admin\/users\//)]);
    expect(watch.problems()).toEqual([]);
  });

  it("resets a password with the admin's one-time link, then changes it on the Change password screen", async () => {
    await harness().context.clearCookies();
    const email = `resetter-${Date.now()}@agency.test`;
    const { page, watch } = await harness().openPage();
    await page.goto('/auth');
    await waitForHydration(page);
    await signUp(page, email, PASSWORD);
    expect((await harness().runUsersCommand(['approve', email])).code).toBe(0);

    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/agency/users');
    await waitForHydration(page);
    await page.getByRole('button', { name: `Make a password reset link for ${email}` }).click();
    await page
      .getByRole('alertdialog', { name: `Make a password reset link for ${email}?` })
      .getByRole('button', { name: 'Make the link' })
      .click();
    const field = page.getByRole('textbox', { name: `Reset link for ${email}` });
    await field.waitFor();
    const link = await field.inputValue();
    expect(link).toMatch(/\/reset-password\?token=/);

    await harness().context.clearCookies();
    await page.goto(new URL(link).pathname + new URL(link).search);
    await waitForHydration(page);
    await page.getByLabel('New password', { exact: true }).fill('an entirely new phrase');
    await page.getByLabel('New password again').fill('an entirely new phrase');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('status').filter({ hasText: 'Go to sign in' }).waitFor();

    await page.goto('/auth');
    await waitForHydration(page);
    await signIn(page, email, 'an entirely new phrase');
    await page.getByRole('link', { name: 'Change password' }).click();
    await page.waitForURL('**/account/password');
    await waitForHydration(page);
    await page.getByLabel('Current password').fill('an entirely new phrase');
    await page.getByLabel('New password', { exact: true }).fill('and another fresh phrase');
    await page.getByLabel('New password again').fill('and another fresh phrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await toastWithTitle(page, 'Password changed').waitFor();
    expect(watch.problems()).toEqual([]);

    // The used link works no more.
    await harness().context.clearCookies();
    await page.goto(new URL(link).pathname + new URL(link).search);
    await waitForHydration(page);
    watch.expectFailedLoad('/api/password-reset', 400);
    await page.getByLabel('New password', { exact: true }).fill('a third fresh phrase');
    await page.getByLabel('New password again').fill('a third fresh phrase');
    await page.getByRole('button', { name: 'Set password' }).click();
    expect(await toastWithTitle(page, 'Password not changed').textContent()).toContain(
      'This reset link has expired or was already used.',
    );
  });
});
