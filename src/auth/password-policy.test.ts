import { describe, expect, it } from 'vitest';
import { isCommonPassword, NewPasswordSchema } from './password-policy';

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

  it('is refused when it is only whitespace, whatever kind', () => {
    expect(problem('        ')).toMatch(/only spaces/);
    expect(problem('\t\t\n\n    ')).toMatch(/only spaces/);
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
