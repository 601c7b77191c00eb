/**
 * What the sign-in page says when a sign-in through the OpenID provider did not sign anyone in
 * (docs/decisions/290). The callback sends the browser to `/auth?sso=<reason>`; the page looks
 * the reason up here, so the address carries a code and never free text. Browser-safe.
 */
/** Where sign-in at the OpenID provider starts; its callback is `${OIDC_PATH}/callback`. */
export const OIDC_PATH = '/auth/oidc';

export const SSO_REFUSAL_REASONS = [
  'domain',
  'pending',
  'unverified',
  'state',
  'cancelled',
  'provider',
  'code',
  'nonce',
  'expired',
  'audience',
  'issuer',
  'token',
  'lookalike',
  'limited',
  'signups',
] as const;
export type SsoRefusalReason = (typeof SSO_REFUSAL_REASONS)[number];

export const isSsoRefusalReason = (value: unknown): value is SsoRefusalReason =>
  typeof value === 'string' && (SSO_REFUSAL_REASONS as readonly string[]).includes(value);

/** Shown as the notice's title when the account exists but an admin has not approved it. */
export const WAITING_FOR_APPROVAL = 'Waiting for approval';

const nothingSignedIn = 'Nobody was signed in. Start again; if it keeps happening, tell an admin.';

/**
 * The notice for a reason, naming the provider ("Google", "Microsoft" or the issuer's name);
 * `wait` is how long a limited address waits ('12 minutes'), when the address says.
 */
export function ssoRefusal(
  reason: SsoRefusalReason,
  provider: string,
  wait?: string | null,
): { title: string; description: string } {
  const tryAgain = wait ? `Try again in ${wait}.` : 'Try again later.';
  switch (reason) {
    case 'domain':
      return {
        title: WAITING_FOR_APPROVAL,
        description: `Your ${provider} account's domain is not one this dashboard approves automatically, so an admin must approve your account. You can sign in once it is approved.`,
      };
    case 'pending':
      return {
        title: WAITING_FOR_APPROVAL,
        description:
          'Your account is awaiting approval by an admin. You can sign in once it is approved.',
      };
    case 'unverified':
      return {
        title: 'Email not verified',
        description: `${provider} did not confirm that this email address is yours, so it cannot be used to sign in. Verify the address with ${provider} first, or ask an admin.`,
      };
    case 'state':
      return {
        title: 'Login failed',
        description: `This sign-in was not started in this browser, was changed on the way, or took longer than 10 minutes. ${nothingSignedIn}`,
      };
    case 'cancelled':
      return {
        title: 'Login failed',
        description: `The sign-in was cancelled at ${provider}. Nobody was signed in.`,
      };
    case 'provider':
      return {
        title: 'Login failed',
        description: `${provider} could not be reached or refused the sign-in. ${nothingSignedIn}`,
      };
    case 'code':
      return {
        title: 'Login failed',
        description: `${provider} refused the sign-in code: it was already used or has expired. ${nothingSignedIn}`,
      };
    case 'nonce':
      return {
        title: 'Login failed',
        description: `The identity token ${provider} sent was not made for this sign-in (its nonce does not match). ${nothingSignedIn}`,
      };
    case 'expired':
      return {
        title: 'Login failed',
        description: `The identity token ${provider} sent has expired. Check that this server's clock is right. ${nothingSignedIn}`,
      };
    case 'audience':
      return {
        title: 'Login failed',
        description: `The identity token ${provider} sent was issued to another application (its audience is not this dashboard). ${nothingSignedIn}`,
      };
    case 'issuer':
      return {
        title: 'Login failed',
        description: `The identity token did not come from ${provider}. ${nothingSignedIn}`,
      };
    case 'token':
      return {
        title: 'Login failed',
        description: `The identity token ${provider} sent could not be verified. ${nothingSignedIn}`,
      };
    case 'lookalike':
      return {
        title: 'Email not accepted',
        description: `The email address ${provider} gave has a character that only looks like a plain letter, so it cannot be used to sign in here. Nobody was signed in; ask an admin.`,
      };
    case 'limited':
      return {
        title: 'Login failed',
        description: `Too many sign-ins were started from your network. ${tryAgain}`,
      };
    case 'signups':
      return {
        title: 'Login failed',
        description: `Too many accounts were created from your network. ${tryAgain} Nobody was signed in.`,
      };
  }
}
