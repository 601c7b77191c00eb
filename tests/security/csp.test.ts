import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';

/**
 * The pages link their stylesheet and scripts from /assets/ and hold no inline script or style
 * element (docs/decisions/360), so the policy allows none: an injected <script> or <style> never
 * runs, whatever the page's markup.
 */
describe('the content security policy', () => {
  let t: TestApp;
  let drop: () => Promise<void>;
  let admin: string;

  beforeAll(async () => {
    const created = await createTestDb();
    drop = created.drop;
    t = createTestApp(created.db);
    admin = await t.signIn('admin', 'csp@agency.test');
  });
  afterAll(async () => drop());

  it('allows scripts and styles from the app alone, nothing inline', async () => {
    for (const path of ['/auth', '/', '/developer']) {
      const res = await t.request('GET', path, path === '/auth' ? {} : { cookie: admin });
      expect(res.status, path).toBe(200);
      const directives = (res.headers.get('Content-Security-Policy') ?? '')
        .split(';')
        .map((d) => d.trim());
      expect(directives, path).toContain("script-src 'self'");
      expect(directives, path).toContain("style-src 'self'");
      const html = await res.text();
      expect(html, path).not.toMatch(/<style[\s>]/);
      // Every script element names its file, and every file is the app's own.
      for (const [tag] of html.matchAll(/<script[^>]*>/g))
        expect(tag, path).toMatch(/ src="\/assets\/[^"]+"/);
    }
  });
});
