/**
 * `npm run screenshots`: every page of the demo, signed in as its admin, at 1440 x 900 in the
 * light and the dark theme, saved to docs/screenshots/ for reviewing a change to the screens.
 * Measures nothing and asserts nothing; the browser tests check the screens.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM } from './paint';
import { PAGES, pageKey } from './pages';
import { signIn, startServerProcess } from './server-process';

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(distDir, '../docs/screenshots');
const VIEWPORT = { width: 1440, height: 900 };

const server = await startServerProcess({ distDir, database: 'pglite' });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  mkdirSync(outDir, { recursive: true });
  const [name, value] = (await signIn(server)).split('=') as [string, string];
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: VIEWPORT, colorScheme });
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    for (const target of PAGES) {
      // The sign-in page is seen signed out.
      if (target.path === '/auth') await context.clearCookies();
      await page.goto(`${server.url}${target.path}`, { waitUntil: 'networkidle' });
      const file = path.join(outDir, `${pageKey(target)}-${colorScheme}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`${path.relative(process.cwd(), file)}  ${target.name}`);
      if (target.path === '/auth') await context.addCookies([{ name, value, url: server.url }]);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
