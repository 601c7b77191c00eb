import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../shared/passwords';

/**
 * What a new password must be (docs/decisions/282-password-strength.md): 8 to 256 characters, not
 * only whitespace or invisible characters, and not in the maintained list of common passwords
 * that zxcvbn-ts ships (about 49,000 entries, compared without regard to case or surrounding
 * spaces): the cheap checks, in `NewPasswordSchema`. Then, once the caller has passed its
 * limits, `passwordStrengthProblem`: a zxcvbn score of at least 3, not the account's email,
 * not the demo admin's published password.
 */

/** The demo admin's published password (README): known to everyone, so nobody may choose it. */
export const PUBLISHED_DEMO_PASSWORD = 'demo-admin-password';
/** zxcvbn's "safely unguessable" (about 10^8 guesses and more). */
export const MIN_PASSWORD_SCORE = 3;
// zxcvbn's matching grows faster than linearly with length (256 random characters took 2.4 s);
// the first 32 characters are scored, which is plenty to tell a strong password.
const SCORED_CHARACTERS = 32;

let common: Set<string> | null = null;
let scorer: ZxcvbnFactory | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.trim().toLowerCase());
}

// Whitespace and the invisible format characters (zero-width spaces and joiners, BOM).
const INVISIBLE = /[\s\u200B-\u200D\u2060\uFEFF]/gu;

export const NewPasswordSchema = z
  .string({ message: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`)
  .refine((p) => p.replace(INVISIBLE, '') !== '', 'Password must not be only spaces')
  .refine(
    (p) => !isCommonPassword(p),
    'This password is on a list of common passwords that attackers try first; choose another',
  );

/** zxcvbn's score, 0 (too guessable) to 4, with the account's own words as known inputs. */
export function passwordScore(password: string, userInputs: string[] = []): number {
  scorer ??= new ZxcvbnFactory({
    dictionary,
    graphs: adjacencyGraphs,
    maxLength: SCORED_CHARACTERS,
  });
  return scorer.check(password, userInputs).score;
}

/**
 * Why a password that passed `NewPasswordSchema` is still refused for this account, or null.
 * Costs a zxcvbn run (milliseconds), so callers check it after their rate limits.
 */
export function passwordStrengthProblem(password: string, email: string): string | null {
  const plain = password.trim().toLowerCase();
  if (plain === PUBLISHED_DEMO_PASSWORD)
    return "This is the demo admin's published password; choose another";
  const local = email.split('@')[0] ?? '';
  if (plain === email.trim().toLowerCase() || plain === local.toLowerCase())
    return 'Password must not be your email address; choose another';
  if (passwordScore(password) < MIN_PASSWORD_SCORE)
    return 'This password is too easy to guess; choose a longer one, such as a few unrelated words';
  if (passwordScore(password, [email, local]) < MIN_PASSWORD_SCORE)
    return 'This password is too close to your email address; choose another';
  return null;
}
