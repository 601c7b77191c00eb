import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { browserTest } from '../helpers/chromium';
import { oidcEnv, startOidcProvider, type TestProvider } from '../helpers/oidc-provider';
import { type Harness, screenshotOnFailure, startHarness } from './harness';

// Signing in through a real OpenID provider in Chromium: the app's link, the provider's own
// login page, back to the dashboard (docs/decisions/290).

let provider: TestProvider | undefined;
let harness: Harness | undefined;

browserTest.beforeAll(async ({ chromium }) => {
  provider = await startOidcProvider();
  harness = await startHarness(chromium, {
    env: oidcEnv(provider.issuer, { OIDC_ALLOWED_DOMAINS: 'agency.test' }),
  });
  // The server picked its own port: the provider learns the redirect URI from it.
  const { page } = await harness.openPage();
  await page.goto('/auth');
  provider.configure(`${new URL(page.url()).origin}/auth/oidc/callback`);
  await page.close();
});
afterAll(async () => {
  await harness?.close();
  await provider?.close();
});
screenshotOnFailure(() => harness);

async function signInAtProvider(page: Page, login: string) {
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
  // The provider's own login page.
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

describe('sign-in at the OpenID provider', () => {
  it('lands an allowed domain on the portfolio as an approved user', async () => {
    provider!.accounts.set('ana', { email: 'ana@agency.test', email_verified: true });
    await harness!.context.clearCookies();
    const { page, watch } = await harness!.openPage();
    await signInAtProvider(page, 'ana');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Project Portfolio' }).waitFor();
    await page.getByText('ana@agency.test').first().waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/user')).json());
    expect(me).toMatchObject({ email: 'ana@agency.test', role: 'user', approved: true });
    // The provider's own page asks for a web font and a favicon it cannot have; ours, nothing.
    expect(watch.problems().filter((p) => !p.startsWith(provider!.issuer))).toEqual([]);
  });

  it('lands another domain on "waiting for approval", even without JavaScript', async () => {
    provider!.accounts.set('olly', { email: 'olly@elsewhere.test', email_verified: true });
    await harness!.context.clearCookies();
    const { page } = await harness!.openPage();
    const cdp = await harness!.context.newCDPSession(page);
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
    await signInAtProvider(page, 'olly');
    await page.waitForURL((url) => url.pathname === '/auth');
    const notice = page.getByTestId('auth-notice');
    await expect.poll(() => notice.textContent()).toMatch(/^Waiting for approval/);
    expect(await notice.textContent()).toContain('an admin must approve your account');
    // Not signed in: the portfolio sends the browser back to sign in.
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/auth');
  });
});
