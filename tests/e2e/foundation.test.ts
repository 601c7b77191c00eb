import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  holdNextCall,
  signIn,
  signUp,
  submitSignIn,
  submitSignUp,
  takesClicks,
  toastWithTitle,
  toasts,
  useHarness,
  waitForHydration,
} from './harness';

// A walk through the foundation (sign-up, approval, sign-in, roles, not-found), in real Chromium
// against the built server.

const harness = useHarness();

const PASSWORD = 'a long enough password';
/** When a toast appeared and went, on the page's clock. */
type ToastTimes = { shown?: number; gone?: number };
const pathOf = (page: Page) => new URL(page.url()).pathname;
const mainTabs = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
const focusIsInNotifications = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[aria-label="Notifications (F8)"]') != null);

describe(`the foundation in Chromium (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  it('walks sign-up, approval, a user, an admin, the not-found page and logout', async () => {
    const email = `walker-${Date.now()}@agency.test`;
    const { page, watch } = await harness().openPage();

    // Signed out, the dashboard sends the visitor to /auth.
    await page.goto('/');
    expect(pathOf(page)).toBe('/auth');
    await waitForHydration(page);
    await page
      .getByText('Sign in to access your project management dashboard', { exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();

    // The toggle switches in place: the subtitle changing with the page still at /auth.
    await page.getByRole('button', { name: 'Need an account? Sign up' }).click();
    await page
      .getByText('Create an account to request access to the dashboard', { exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Create Account', exact: true }).waitFor();
    // The password rule is said before anyone submits, and tied to the field for screen readers.
    const hint =
      'At least 8 characters, not only spaces; common or easily guessed passwords and your email are refused.';
    await page.getByText(hint, { exact: true }).waitFor();
    expect(
      await page.getByLabel('Password', { exact: true }).getAttribute('aria-describedby'),
    ).toBe('auth-password-hint');
    await page.getByRole('button', { name: 'Already have an account? Sign in' }).click();
    expect(await page.getByText(hint, { exact: true }).count()).toBe(0);
    await page
      .getByText('Sign in to access your project management dashboard', { exact: true })
      .waitFor();

    // Sign up, seeing the busy state while the call is held.
    const signupCall = await holdNextCall(page, '/api/signup');
    const signedUp = signUp(page, email, PASSWORD);
    const creating = page.getByRole('button', { name: 'Creating account...', exact: true });
    await creating.waitFor();
    expect(await creating.isDisabled()).toBe(true);
    signupCall.release();
    await signedUp;
    expect(await toastWithTitle(page, 'Account created').textContent()).toMatch(
      /admin is reviewing.*once it is approved/i,
    );

    // Login fails until an admin approves the account.
    watch.expectFailedLoad('/api/login', 403);
    const loginCall = await holdNextCall(page, '/api/login');
    await submitSignIn(page, email, PASSWORD);
    const signingIn = page.getByRole('button', { name: 'Signing in...', exact: true });
    await signingIn.waitFor();
    expect(await signingIn.isDisabled()).toBe(true);
    loginCall.release();
    const failed = toastWithTitle(page, 'Login failed');
    await failed.waitFor();
    expect(await failed.textContent()).toMatch(/awaiting approval/);
    expect(pathOf(page)).toBe('/auth');

    const approve = await harness().runUsersCommand(['approve', email]);
    expect(approve, approve.output).toMatchObject({
      code: 0,
      output: expect.stringContaining(email),
    });

    // A plain user: email, Projects and Developers, the gear, no Insights.
    await signIn(page, email, PASSWORD);
    expect(pathOf(page)).toBe('/');
    expect(await page.getByTestId('user-email').textContent()).toBe(email);
    expect(await mainTabs(page)).toEqual(['Projects', 'Developers']);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/agency/settings');
    await page.getByRole('heading', { name: 'Developer Availability' }).waitFor();
    for (const adminOnly of ['/agency', '/agency/users']) {
      await page.goto(adminOnly);
      expect(pathOf(page), `a user visiting ${adminOnly}`).toBe('/');
    }

    // Making them admin ends their sessions: the next page load goes to /auth.
    const promote = await harness().runUsersCommand(['role', email, 'admin']);
    expect(promote, promote.output).toMatchObject({
      code: 0,
      output: expect.stringContaining('admin'),
    });
    await page.reload();
    expect(pathOf(page)).toBe('/auth');
    await signIn(page, email, PASSWORD);
    expect(await mainTabs(page)).toContain('Insights');
    await page.getByRole('link', { name: 'Insights', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/agency');
    await page.getByRole('heading', { name: 'Agency Dashboard' }).waitFor();
    await page.goto('/agency/users');
    expect(pathOf(page)).toBe('/agency/users');
    await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
    await page.getByRole('cell', { name: email, exact: true }).waitFor();

    // Any other path: the not-found card, and no JavaScript shipped for it.
    watch.expectFailedLoad('/no/such/page', 404);
    const missing = await page.goto('/no/such/page');
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page
      .getByText('Did you forget to add the page to the router?', { exact: true })
      .waitFor();
    expect(await page.locator('script').count()).toBe(0);

    // Logout ends the session and lands on /auth; the dashboard is closed again.
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.goto('/');
    expect(pathOf(page)).toBe('/auth');

    expect(watch.problems()).toEqual([]);
  }, 90_000);

  describe('the notification area', () => {
    // Toasts come from failed sign-ins on /auth, which needs no session.
    const openAuthPage = async (options: { fakeClock?: boolean } = {}) => {
      await harness().context.clearCookies();
      const opened = await harness().openPage();
      if (options.fakeClock) await opened.page.clock.install();
      await opened.page.goto('/auth');
      await waitForHydration(opened.page);
      opened.watch.expectFailedLoad('/api/login', 401);
      return opened;
    };
    const failSignIn = async (page: Page) => {
      await submitSignIn(page, `nobody-${Date.now()}@agency.test`, 'not the password');
      const toast = toastWithTitle(page, 'Login failed');
      await toast.waitFor();
      return toast;
    };

    it('takes no clicks while empty, and a shown toast takes them', async () => {
      const { page, watch } = await openAuthPage();
      const area = '[data-testid="toast-viewport"]';
      expect(await takesClicks(page.locator(area)), 'the empty area lets clicks through').toEqual([
        false,
      ]);
      await failSignIn(page);
      expect(
        await takesClicks(page.locator(`${area} > [role="status"]`)),
        'a toast takes the click',
      ).toEqual([true]);
      expect(watch.problems()).toEqual([]);
    });

    it('shows one toast at a time, and F8 moves focus into it', async () => {
      const { page, watch } = await openAuthPage();
      // A sign-up's toast, then a failed sign-in's in its place (a refused sign-up's problem is
      // said under its field, not in a toast).
      await submitSignUp(page, `toast-${Date.now()}@agency.test`, 'a long enough password');
      await toastWithTitle(page, 'Account created').waitFor();
      expect(await toasts(page).count()).toBe(1);

      await failSignIn(page);
      expect(await toasts(page).allTextContents()).toEqual([
        expect.stringContaining('Login failed'),
      ]);

      expect(await focusIsInNotifications(page)).toBe(false);
      await page.keyboard.press('F8');
      expect(await focusIsInNotifications(page)).toBe(true);
      expect(watch.problems()).toEqual([]);
    });

    it('removes a toast once 5000 ms have passed, not before', async () => {
      const { page, watch } = await openAuthPage({ fakeClock: true });
      // Notes, on the page's (fake) clock, when the toast appears and when it goes.
      await page.evaluate(() => {
        const times: ToastTimes = {};
        (window as unknown as { toastTimes: ToastTimes }).toastTimes = times;
        const isToast = (n: Node) =>
          n instanceof HTMLElement && n.getAttribute('role') === 'status';
        new MutationObserver((records) => {
          for (const r of records) {
            if ([...r.addedNodes].some(isToast)) times.shown ??= Date.now();
            if ([...r.removedNodes].some(isToast)) times.gone ??= Date.now();
          }
        }).observe(document.querySelector('[aria-label="Notifications (F8)"]')!, {
          childList: true,
          subtree: true,
        });
      });
      const toast = await failSignIn(page);
      // Hovering pauses a toast, so the pointer goes elsewhere.
      await page.mouse.move(1, 1);
      for (let step = 0; step < 80 && (await toast.count()) > 0; step++)
        await page.clock.runFor(100);
      const { shown, gone } = await page.evaluate(
        () => (window as unknown as { toastTimes: ToastTimes }).toastTimes,
      );
      expect(shown).toBeTypeOf('number');
      expect(gone).toBeTypeOf('number');
      // The observer notes the toast a moment after its timer starts, hence slack below; above,
      // one 100 ms step plus rendering on a busy machine. A 4 s or 6 s duration fails either way.
      expect(gone! - shown!).toBeGreaterThanOrEqual(4900);
      expect(gone! - shown!).toBeLessThan(6000);
      expect(watch.problems()).toEqual([]);
    });

    it('dismisses a toast swiped right by more than 50 px, but not by 30 px', async () => {
      const { page, watch } = await openAuthPage();
      const toast = await failSignIn(page);
      const swipeRight = async (px: number) => {
        const box = (await toast.boundingBox())!;
        // Start on the text, away from the close button at the right edge.
        const x = box.x + 24;
        const y = box.y + box.height / 2;
        await page.mouse.move(x, y);
        await page.mouse.down();
        await page.mouse.move(x + px, y, { steps: 6 });
        await page.mouse.up();
      };

      await swipeRight(30);
      expect(await toast.isVisible()).toBe(true);
      // It springs back to where it was.
      expect(await toast.evaluate((el) => el.style.transform)).toBe('');

      await swipeRight(60);
      await toast.waitFor({ state: 'detached', timeout: 2000 });
      expect(await toasts(page).count()).toBe(0);
      expect(watch.problems()).toEqual([]);
    });
  });
});
