import { describe, expect, it } from 'vitest';
import { createPasswordHasher, type ScryptKdf, type ScryptParams } from './password';
import { nodeScrypt } from './password.node';

const CHEAP: ScryptParams = { N: 1024, r: 8, p: 1, dkLen: 32 };

describe('createPasswordHasher', () => {
  it('verifies the password it hashed, and no other', async () => {
    const passwords = createPasswordHasher(nodeScrypt, CHEAP);
    const stored = await passwords.hash('correct horse');
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await passwords.verify('correct horse', stored)).toBe(true);
    expect(await passwords.verify('correct horsE', stored)).toBe(false);
    expect(await passwords.verify('correct horse', 'not a hash')).toBe(false);
  });

  it('hashes at the OWASP settings unless told otherwise', async () => {
    expect(await createPasswordHasher(nodeScrypt).hash('correct horse')).toMatch(
      /^scrypt\$32768\$8\$3\$/,
    );
  });

  it('answers false for no stored hash after the same work as a real check', async () => {
    const runs: ScryptParams[] = [];
    const counting: ScryptKdf = (password, salt, params) => {
      runs.push(params);
      return nodeScrypt(password, salt, params);
    };
    const passwords = createPasswordHasher(counting, CHEAP);
    const stored = await passwords.hash('correct horse');
    runs.length = 0;
    expect(await passwords.verify('correct horse', null)).toBe(false);
    await passwords.verify('correct horse', stored);
    // An unknown email costs one derivation with the hasher's own parameters, as a known one does.
    expect(runs).toEqual([CHEAP, CHEAP]);
  });
});
