import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';

/** The page's inline stylesheet and boot script run only under their own response's nonce. */
describe('CSP nonce', () => {
  let t: TestApp;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestDb();
    drop = created.drop;
    t = createTestApp(created.db, {
      assets: {
        css: 'body{margin:0}',
        boot: 'void 0',
        main: '/assets/main.js',
        auth: '/assets/auth.js',
        islands: {},
      },
    });
  });
  afterAll(async () => drop());

  async function signInPage() {
    const res = await t.request('GET', '/auth');
    expect(res.status).toBe(200);
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    return { csp, nonce, html: await res.text() };
  }

  it("puts the response's nonce on the inline stylesheet and in both directives", async () => {
    const { csp, nonce, html } = await signInPage();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(html).toContain(`<style nonce="${nonce}">body{margin:0}</style>`);
    for (const [, tagNonce] of html.matchAll(/<script nonce="([^"]*)"/g))
      expect(tagNonce).toBe(nonce);
  });

  it('never gives two responses the same nonce', async () => {
    const nonces = await Promise.all(
      Array.from({ length: 20 }, async () => (await signInPage()).nonce),
    );
    expect(new Set(nonces).size).toBe(20);
  });
});
