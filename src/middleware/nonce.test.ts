import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { describe, expect, it } from 'vitest';
import { pooledNonce } from './nonce';

function appWithNonce() {
  const nonce = pooledNonce();
  const app = new Hono<{ Variables: { secureHeadersNonce?: string } }>();
  app.use(
    '*',
    secureHeaders({ contentSecurityPolicy: { scriptSrc: ["'self'", nonce], styleSrc: [nonce] } }),
  );
  app.get('/', (c) => c.text(c.get('secureHeadersNonce') ?? ''));
  return app;
}

describe('pooled CSP nonce', () => {
  it('gives the page and both directives of a response the same nonce', async () => {
    const res = await appWithNonce().request('/');
    const nonce = await res.text();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(res.headers.get('Content-Security-Policy')).toBe(
      `script-src 'self' 'nonce-${nonce}'; style-src 'nonce-${nonce}'`,
    );
  });

  it('never gives two responses the same nonce, across refills of the pool', async () => {
    const app = appWithNonce();
    const nonces = await Promise.all(
      Array.from({ length: 1000 }, async () => (await app.request('/')).text()),
    );
    expect(new Set(nonces).size).toBe(1000);
  });
});
