import { dictionary } from '@zxcvbn-ts/language-common';
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../shared/passwords';

/**
 * What a new password must be (docs/decisions/167-passwords-changed-and-reset.md): 8 to 256 characters, not only
 * whitespace, and not in the maintained list of common passwords that zxcvbn-ts ships
 * (about 49,000 entries, compared without regard to case or surrounding spaces).
 */

let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.trim().toLowerCase());
}

export const NewPasswordSchema = z
  .string({ message: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`)
  .refine((p) => p.trim() !== '', 'Password must not be only spaces')
  .refine(
    (p) => !isCommonPassword(p),
    'This password is on a list of common passwords that attackers try first; choose another',
  );
