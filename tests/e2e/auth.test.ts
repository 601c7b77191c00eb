import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  signIn,
  signUp,
  submitSignIn,
  submitSignUp,
  toastWithTitle,
  toasts,
  useHarness,
} from './harness';

// The sign-in page works with scripts disabled (a real form post, the server's own messages)
// and, with them on, paints with its stylesheet alone (docs/decisions/142, 360).

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
    // The fields are only `required` in the browser; the server's rule answers, under the field.
    await expect
      .poll(() => page.locator('#auth-password-error').textContent())
      .toBe('Password must be at least 8 characters');
    expect(await notice(page).count()).toBe(0);
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
  it('paints with its HTML and the one linked stylesheet, then loads only a few KB before it is used', async () => {
    await harness().context.clearCookies();
    const { page, watch } = await harness().openPage();
    await page.goto('/auth', { waitUntil: 'load' });
    await page.waitForFunction(() => document.querySelector('form[data-enhanced="true"]'));
    const timing = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        scripts: resources.filter((r) => r.name.endsWith('.js')).map((r) => r.encodedBodySize),
        // The anchors' page shell (docs/decisions/360): one hashed stylesheet, nothing inline.
        stylesheets: [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) =>
          new URL((l as HTMLLinkElement).href).pathname.replace(/-\w+\.css$/, '.css'),
        ),
        inlineStyle: document.querySelector('style') !== null,
      };
    });
    expect(Number.isFinite(timing.fcp)).toBe(true);
    expect(timing.inlineStyle).toBe(false);
    expect(timing.stylesheets).toEqual(['/assets/app.css']);
    // The form's own script and what it imports: no React until the visitor uses the form.
    expect(timing.scripts.reduce((a, b) => a + b, 0)).toBeLessThan(6 * 1024);
    expect(watch.problems()).toEqual([]);
  });

  it('says a refused sign-up under its field, in words, and puts the caret there', async () => {
    await harness().context.clearCookies();
    const { page, watch } = await harness().openPage();
    await page.goto('/auth');
    watch.expectFailedLoad('/api/signup', 400);
    await submitSignUp(page, `inline-${Date.now()}@agency.test`, 'password1');
    const error = page.locator('#auth-password-error');
    await expect
      .poll(() => error.textContent())
      .toBe(
        'This password is on a list of common passwords that attackers try first; choose another',
      );
    // Beside its field: right under the password box, inside the form, and no toast far off.
    const [field, line] = await Promise.all([
      page.getByLabel('Password').boundingBox(),
      error.boundingBox(),
    ]);
    expect(line!.y - (field!.y + field!.height)).toBeLessThan(60);
    expect(await toasts(page).count()).toBe(0);
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('auth-password');
    // Typing again clears it.
    await page.getByLabel('Password').fill('another try');
    expect(await error.isHidden()).toBe(true);
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
