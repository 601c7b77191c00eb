import type { Context } from 'hono';
import { encodeBase64 } from 'hono/utils/encode';

const NONCE_BYTES = 16;
/** Random bytes drawn at once: one call to the CSPRNG per 256 responses. */
const POOL_BYTES = NONCE_BYTES * 256;

/**
 * The response's CSP nonce, as hono's `NONCE` makes it (16 random bytes, base64, kept in
 * `secureHeadersNonce` for the page's inline tags), but cut from a pool of random bytes: one
 * `getRandomValues` call per response cost about 3% of the main thread under load. Each slice
 * of the pool is used once.
 *
 * @example secureHeaders({ contentSecurityPolicy: { scriptSrc: ["'self'", pooledNonce()] } })
 */
export function pooledNonce(): (c: Context) => string {
  let pool = new Uint8Array(0);
  let next = 0;
  return (c) => {
    let nonce: string | undefined = c.get('secureHeadersNonce');
    if (!nonce) {
      if (next + NONCE_BYTES > pool.length) {
        pool = crypto.getRandomValues(new Uint8Array(POOL_BYTES));
        next = 0;
      }
      nonce = encodeBase64(pool.slice(next, next + NONCE_BYTES).buffer);
      next += NONCE_BYTES;
      c.set('secureHeadersNonce', nonce);
    }
    return `'nonce-${nonce}'`;
  };
}
