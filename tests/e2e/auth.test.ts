import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, signUp, submitSignIn, toastWithTitle, useHarness } from './harness';

// The sign-in page works with scripts disabled (a real form post, the server's own messages)
// and, with them on, paints before it loads anything (docs/decisions/141, 142).

const harness = useHarness();
const PASSWORD = 'a long enough password';
const pathOf = (page: Page) => new URL(page.url()).pathname;

async function pageWithoutScripts(): Promise<Page> {
  await harness().context.clearCookies();
  const { page } = await harness().openPage();
  const cdp = await harness().context.newCDPSession(page);
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
  return page;
}

const notice = (page: Page) => page.getByTestId('auth-notice');

describe('the sign-in page without JavaScript', () => {
  it('signs up, refuses the account until approved, then signs in', async () => {
    const email = `no-script-${Date.now()}@agency.test`;
    const page = await pageWithoutScripts();
    await page.goto('/');
    expect(pathOf(page)).toBe('/auth');
    expect(await page.evaluate(() => document.querySelectorAll('script').length)).toBe(1);

    // The toggle asks the server for the other mode.
    await page.getByRole('button', { name: 'Need an account? Sign up' }).click();
    await page.getByText('Create an account to request access to the dashboard').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.waitForLoadState();
    // The fields are only `required` in the browser; the server's rule answers, in the page.
    await expect.poll(() => notice(page).textContent()).toMatch(/^Signup failed/);
    expect(await page.getByLabel('Email').inputValue()).toBe(email);

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect
      .poll(() => notice(page).textContent())
      .toBe(
        'Account createdAn admin is reviewing your account. You can sign in once it is approved.',
      );
    expect(await notice(page).getAttribute('role')).toBe('status');
    // Back in sign-in mode, the email kept.
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect
      .poll(() => notice(page).textContent())
      .toBe(
        'Login failedYour account is awaiting approval by an admin. You can sign in once it is approved.',
      );
    expect(await notice(page).getAttribute('role')).toBe('alert');

    await page.getByLabel('Password').fill('the wrong password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect
      .poll(() => notice(page).textContent())
      .toBe('Login failedInvalid email or password.');

    const approved = await harness().runUsersCommand(['approve', email]);
    expect(approved.code, approved.output).toBe(0);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Project Portfolio' }).waitFor();
  });
});

describe('the sign-in page with JavaScript', () => {
  it('paints with no request but its own HTML, then loads only a few KB before it is used', async () => {
    await harness().context.clearCookies();
    const { page, watch } = await harness().openPage();
    await page.goto('/auth', { waitUntil: 'load' });
    await page.waitForFunction(() => document.querySelector('form[data-enhanced="true"]'));
    const timing = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        fcp,
        before: resources.filter((r) => r.startTime < fcp).map((r) => r.name),
        scripts: resources.filter((r) => r.name.endsWith('.js')).map((r) => r.encodedBodySize),
        // Only the styles of what a script shows, linked after the paint (docs/decisions/357).
        stylesheets: [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) =>
          l.hasAttribute('data-after-paint'),
        ),
        inlineStyle: document.querySelector('style[nonce]') !== null,
      };
    });
    expect(Number.isFinite(timing.fcp)).toBe(true);
    expect(timing.before, `requested before the first paint at ${timing.fcp} ms`).toEqual([]);
    expect(timing.inlineStyle).toBe(true);
    expect(timing.stylesheets).toEqual([true]);
    // The form's own script and what it imports: no React until the visitor uses the form.
    expect(timing.scripts.reduce((a, b) => a + b, 0)).toBeLessThan(6 * 1024);
    expect(watch.problems()).toEqual([]);
  });

  it('signs up and signs in through the calls, with the toasts', async () => {
    const email = `with-script-${Date.now()}@agency.test`;
    await harness().context.clearCookies();
    const { page, watch } = await harness().openPage();
    await page.goto('/auth');
    await signUp(page, email, PASSWORD);
    // Still on /auth, switched back to sign-in in place.
    expect(pathOf(page)).toBe('/auth');
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    const approved = await harness().runUsersCommand(['approve', email]);
    expect(approved.code, approved.output).toBe(0);
    watch.expectFailedLoad('/api/login', 401);
    await submitSignIn(page, email, 'the wrong password');
    await toastWithTitle(page, 'Login failed').waitFor();
    await signIn(page, email, PASSWORD);
    expect(pathOf(page)).toBe('/');
    expect(watch.problems()).toEqual([]);
  });
});
