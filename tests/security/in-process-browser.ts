import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AssetManifest } from '../../src/render/assets';
import { ORIGIN } from '../helpers/app';

/**
 * Chromium driving an app that lives in this test process: every request the page makes is
 * answered by `app.request` (pages and calls, with the test's database and mocks), and
 * /assets/* by the built client in dist/public. The islands hydrate and run as in production,
 * over data the test put in place. Needs the client build (`npm test` builds first).
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const publicDir = path.join(repoRoot, 'dist/public');
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
};

/** The built client's manifest, for createTestApp({ assets }) so pages link the real bundles. */
export async function builtAssets(): Promise<AssetManifest> {
  const file = path.join(repoRoot, 'dist/manifest.json');
  if (!existsSync(file)) {
    throw new Error(
      'These tests run the built client, but dist/manifest.json is missing. Run `npm test` (which builds first) or `node build.mjs`.',
    );
  }
  return JSON.parse(await readFile(file, 'utf8')) as AssetManifest;
}

export interface InProcessBrowser {
  context: BrowserContext;
  /** A tab that records dialogs (alert, confirm), page errors and CSP violations. */
  openPage(): Promise<{ page: Page; problems: () => string[] }>;
  close(): Promise<void>;
}

export async function startInProcessBrowser(
  /** The worker's Chromium (../helpers/chromium.ts); this opens a context of its own in it. */
  browser: Browser,
  app: {
    request: (url: string, init?: RequestInit) => Response | Promise<Response>;
  },
): Promise<InProcessBrowser> {
  const context = await browser.newContext({ baseURL: ORIGIN });
  try {
    await context.route('**/*', async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      if (url.origin !== ORIGIN) return route.abort();
      if (url.pathname.startsWith('/assets/')) {
        const file = path.join(publicDir, path.normalize(url.pathname));
        if (!file.startsWith(publicDir) || !existsSync(file))
          return route.fulfill({ status: 404, body: 'not built' });
        return route.fulfill({
          status: 200,
          body: await readFile(file),
          contentType: CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
        });
      }
      const headers = Object.fromEntries(
        Object.entries(await request.allHeaders()).filter(([k]) => !k.startsWith(':')),
      );
      const body = request.postDataBuffer();
      let res = await app.request(url.toString(), {
        method: request.method(),
        headers,
        body: body ? new Uint8Array(body) : undefined,
      });
      // Chromium does not route the request a fulfilled redirect leads to, so redirects of a
      // GET are followed here; the page keeps the address it asked for.
      for (
        let hops = 0;
        request.method() === 'GET' && res.status >= 300 && res.status < 400 && hops < 5;
        hops++
      ) {
        res = await app.request(new URL(res.headers.get('location') ?? '/', url).toString(), {
          headers,
        });
      }
      const out: Record<string, string> = {};
      res.headers.forEach((value, key) => {
        if (key !== 'set-cookie') out[key] = value;
      });
      const cookies = res.headers.getSetCookie();
      if (cookies.length) out['set-cookie'] = cookies.join('\n');
      await route.fulfill({
        status: res.status,
        headers: out,
        body: Buffer.from(await res.arrayBuffer()),
      });
    });
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(
          `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline content'}`,
        );
      });
    });
    return {
      context,
      async openPage() {
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('dialog', (d) => {
          problems.push(`a ${d.type()} dialog opened: ${d.message()}`);
          void d.dismiss();
        });
        page.on('pageerror', (e) => problems.push(`uncaught ${e.name}: ${e.message}`));
        page.on('console', (m) => {
          if (m.type() === 'error' && /CSP violation/.test(m.text())) problems.push(m.text());
        });
        return { page, problems: () => [...problems] };
      },
      close: () => context.close(),
    };
  } catch (error) {
    await context.close();
    throw error;
  }
}
