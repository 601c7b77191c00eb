import type { LoginAttemptCounts } from '../db/login_attempts';

/**
 * Sign-in and sign-up limits (docs/decisions/160-sign-in-limits.md). The counting is in
 * src/db/login_attempts.ts; the rules are here, as pure functions of the counts.
 */

/** Failed sign-ins allowed per email from one address in the window; the next is refused with 429. */
export const MAX_FAILURES_PER_PAIR = 10;
/** Per client address, across emails, the allowance is larger: an office shares one address. */
export const MAX_FAILURES_PER_ADDRESS = 50;
/** Failures for one email (from anywhere) after which every address is slowed down for it. */
export const SLOWDOWN_AFTER_EMAIL_FAILURES = 10;
/** The longest wait the per-email slowdown imposes between two attempts from one address. */
export const MAX_SLOWDOWN_SECONDS = 60;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/**
 * Failed password-reset links one address may try in the window (docs/decisions/280). Bogus
 * links cost no hashing, but a guesser is stopped here before it can try many.
 */
export const MAX_RESET_FAILURES_PER_ADDRESS = 10;
/** The key reset attempts are counted under in place of an email (it can never be one). */
export const RESET_ATTEMPT_KEY = 'password-reset';

/**
 * The key a sign-in started at the OpenID provider is counted under in place of an email (it can
 * never be one). It counts as a failed sign-in of its address until it signs someone in.
 */
export const OIDC_START_KEY = 'oidc-start';

/** Accounts one address may create in the window (a team joining on one day fits). */
export const MAX_SIGNUPS_PER_ADDRESS = 10;
export const SIGNUP_WINDOW_MS = 60 * 60 * 1000;

const secondsUntil = (at: number, now: Date) => Math.max(1, Math.ceil((at - now.getTime()) / 1000));

/**
 * The slowdown for an email under attack: once it has `SLOWDOWN_AFTER_EMAIL_FAILURES` failures,
 * each address waits 1 s, 2 s, 4 s... (at most a minute) between its own attempts for it. The
 * wait is per address, so nobody else's guesses can keep the owner out: a new address gets its
 * first attempt at once.
 */
export function slowdownSeconds(emailFailures: number): number {
  if (emailFailures < SLOWDOWN_AFTER_EMAIL_FAILURES) return 0;
  return Math.min(MAX_SLOWDOWN_SECONDS, 2 ** (emailFailures - SLOWDOWN_AFTER_EMAIL_FAILURES));
}

/** Seconds to wait before this attempt may be checked, or null when it may be checked now. */
export function loginRetryAfter(counts: LoginAttemptCounts, now: Date): number | null {
  const waits: number[] = [];
  if (counts.pairFailures >= MAX_FAILURES_PER_PAIR && counts.oldestPairFailure)
    waits.push(secondsUntil(counts.oldestPairFailure.getTime() + LOGIN_WINDOW_MS, now));
  if (counts.addressFailures >= MAX_FAILURES_PER_ADDRESS && counts.oldestAddressFailure)
    waits.push(secondsUntil(counts.oldestAddressFailure.getTime() + LOGIN_WINDOW_MS, now));
  const slowdown = slowdownSeconds(counts.emailFailures);
  if (slowdown > 0 && counts.lastPairAttempt) {
    const until = counts.lastPairAttempt.getTime() + slowdown * 1000;
    if (until > now.getTime()) waits.push(secondsUntil(until, now));
  }
  return waits.length ? Math.max(...waits) : null;
}

/** Seconds this address waits before its next reset link is checked, or null when it may try now. */
export function resetRetryAfter(counts: LoginAttemptCounts, now: Date): number | null {
  if (counts.pairFailures < MAX_RESET_FAILURES_PER_ADDRESS || !counts.oldestPairFailure)
    return null;
  return secondsUntil(counts.oldestPairFailure.getTime() + LOGIN_WINDOW_MS, now);
}

/**
 * Seconds this address waits before it may start another sign-in at the OpenID provider, or null:
 * started sign-ins share the address's allowance across emails with failed password sign-ins
 * (docs/decisions/290, "Limits"). There is no email yet, so no per-email limit applies.
 */
export function oidcStartRetryAfter(counts: LoginAttemptCounts, now: Date): number | null {
  if (counts.addressFailures < MAX_FAILURES_PER_ADDRESS || !counts.oldestAddressFailure)
    return null;
  return secondsUntil(counts.oldestAddressFailure.getTime() + LOGIN_WINDOW_MS, now);
}

/** 'Try again in 40 seconds' / 'in 12 minutes': the wait a person reads in the 429 message. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
