import { describe, expect, it } from 'vitest';
import {
  isCommonPassword,
  NewPasswordSchema,
  passwordScore,
  passwordStrengthProblem,
} from './password-policy';

const problem = (password: string) => {
  const result = NewPasswordSchema.safeParse(password);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('a new password', () => {
  it('is refused when shorter than 8 characters or longer than 256', () => {
    expect(problem('7 chars')).toMatch(/at least 8/);
    expect(problem('x'.repeat(257))).toMatch(/at most 256/);
    expect(problem('a calm river at dusk')).toBeNull();
  });

  it('is refused when it is only whitespace or invisible characters, whatever kind', () => {
    expect(problem('        ')).toMatch(/only spaces/);
    expect(problem('\t\t\n\n    ')).toMatch(/only spaces/);
    expect(problem('\u200b'.repeat(8))).toMatch(/only spaces/);
    expect(problem('\u200c\u200d\u2060\ufeff\u200b\u200b\u200b\u200b')).toMatch(/only spaces/);
    expect(problem('   x    ')).toBeNull();
  });

  it('is refused when it is a common password, in any letter case or with spaces around it', () => {
    for (const p of [
      'password',
      'Password1',
      '12345678',
      'QWERTYUIOP',
      ' iloveyou1 ',
      'letmein123',
    ])
      expect(problem(p), p).toMatch(/common passwords/);
    expect(isCommonPassword('plum-kettle-orbit-42')).toBe(false);
  });
});

describe("a new password's strength for an account", () => {
  const email = 'maria.lopez@agency.test';
  it('needs a zxcvbn score of at least 3', () => {
    expect(passwordScore('aaaaaaaa')).toBeLessThan(3);
    expect(passwordStrengthProblem('aaaaaaaa', email)).toMatch(/too easy to guess/);
    expect(passwordStrengthProblem('abcabcabcabc', email)).toMatch(/too easy to guess/);
    expect(passwordStrengthProblem('plum-kettle-orbit-42', email)).toBeNull();
    expect(passwordStrengthProblem('a calm river at dusk', email)).toBeNull();
  });

  it("is not the account's own email, its name part, or built from it", () => {
    expect(passwordStrengthProblem(email, email)).toMatch(/your email address/);
    expect(passwordStrengthProblem(' Maria.Lopez@Agency.test ', email)).toMatch(/your email/);
    expect(passwordStrengthProblem('maria.lopez', email)).toMatch(/email/);
    // Strong on its own, guessable for this account.
    expect(passwordScore('maria.lopez@agency.test1')).toBeGreaterThanOrEqual(3);
    expect(passwordStrengthProblem('maria.lopez@agency.test1', email)).toMatch(/your email/);
  });

  it("is not the demo admin's published password, in any case", () => {
    expect(passwordScore('demo-admin-password')).toBeGreaterThanOrEqual(3);
    expect(passwordStrengthProblem('demo-admin-password', email)).toMatch(/demo admin/);
    expect(passwordStrengthProblem('Demo-Admin-Password ', email)).toMatch(/demo admin/);
  });
});
