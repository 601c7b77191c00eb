import { scryptAsync } from '@noble/hashes/scrypt.js';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeBase64, encodeBase64 } from '@oslojs/encoding';

/**
 * scrypt parameters from the OWASP Password Storage Cheat Sheet (N=2^15, r=8, p=3: 32 MiB).
 * They are stored with each hash, so they can be raised later without breaking old hashes.
 */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 3, dkLen: 32 } as const;
export type ScryptParams = { N: number; r: number; p: number; dkLen: number };

/** The raw KDF. Node passes its native scrypt (same output, much faster); Workers use the pure-JS one. */
export type ScryptKdf = (
  password: Uint8Array,
  salt: Uint8Array,
  params: ScryptParams,
) => Promise<Uint8Array>;

export const pureScrypt: ScryptKdf = (password, salt, params) =>
  scryptAsync(password, salt, params);

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * Whether the password matches the stored hash. With no hash (an unknown email) it does the
   * same work with this hasher's own parameters and answers false, so a wrong email takes as
   * long as a wrong password.
   */
  verify(password: string, stored: string | null): Promise<boolean>;
}

const encoder = new TextEncoder();

/** Hashes as `scrypt$N$r$p$salt$hash` (base64), verifying in constant time. */
export function createPasswordHasher(
  kdf: ScryptKdf = pureScrypt,
  params: ScryptParams = SCRYPT_PARAMS,
): PasswordHasher {
  return {
    async hash(password) {
      const salt = crypto.getRandomValues(new Uint8Array(16));
      const key = await kdf(encoder.encode(password.normalize('NFKC')), salt, params);
      return ['scrypt', params.N, params.r, params.p, encodeBase64(salt), encodeBase64(key)].join(
        '$',
      );
    },
    async verify(password, stored) {
      if (stored === null) {
        await kdf(encoder.encode(password.normalize('NFKC')), new Uint8Array(16), params);
        return false;
      }
      const parts = stored.split('$');
      if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
      const [, n, r, p, saltText, keyText] = parts as [
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      const expected = decodeBase64(keyText);
      const key = await kdf(encoder.encode(password.normalize('NFKC')), decodeBase64(saltText), {
        N: Number(n),
        r: Number(r),
        p: Number(p),
        dkLen: expected.length,
      });
      return constantTimeEqual(key, expected);
    },
  };
}
