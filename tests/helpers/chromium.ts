import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { test } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from '../../bench/paint';

/**
 * The test API of browser test files: its suite hooks receive the worker's `chromium`, e.g.
 * `browserTest.beforeAll(async ({ chromium }) => { ... })`. Debian's Chromium, one per test
 * worker, shared by every browser test file the worker runs; each file works in its own context
 * (cookies, storage, pages), as Playwright's own runner does. A launch per file took 0.3-1.4 s
 * under a whole run's load (docs/decisions/358-browser-tests-share-per-worker.md).
 * Vitest closes it when the worker ends (docs/decisions/358-browser-tests-share-per-worker.md).
 */
export const browserTest = test.extend(
  'chromium',
  { scope: 'worker' },
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's needs from this pattern.
  async ({}, { onCleanup }): Promise<Browser> => {
    // Its own home, so nothing Chromium keeps (fonts cache, certificate store) lands in ours.
    const home = await mkdtemp(path.join(os.tmpdir(), 'agency-chromium-'));
    const browser = await chromium
      .launch({
        executablePath: CHROMIUM,
        headless: true,
        args: [...CHROMIUM_ARGS],
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: home,
          XDG_CONFIG_HOME: path.join(home, '.config'),
          XDG_CACHE_HOME: path.join(home, '.cache'),
        },
      })
      .catch(async (error: unknown) => {
        await rm(home, { recursive: true, force: true });
        throw error;
      });
    onCleanup(async () => {
      await browser.close();
      await rm(home, { recursive: true, force: true });
    });
    return browser;
  },
);
