import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { measurePaints, type PaintResult, type PaintTarget } from './paint';
import { listen } from './serve';
import type { BenchEnv } from './setup';
import { serveFolder } from './static';

/**
 * A fresh browser's data paint within a quarter of the baseline's and 1.3x of its floor's; a
 * returning one's (stylesheet and scripts cached) within 1.1x of its floor's (docs/decisions/360).
 */
export const BASELINE_RATIO_BUDGET = 0.25;
export const FLOOR_RATIO_BUDGET = 1.3;
export const WARM_FLOOR_RATIO_BUDGET = 1.1;

/** A page of the product to paint next to its floor. */
export interface PaintPage {
  /** A name safe in a file path, unique in the run: the floor's folder and the result's label. */
  key: string;
  path: string;
  name: string;
  /** The elements that hold the page's data (bench/pages.ts). */
  dataSelector: string;
  /** How many of them the data is; the load waits for that many before it settles. */
  expected?: number;
  /** Opened signed in as an admin; false for the sign-in page. */
  signedIn: boolean;
}

export interface PaintComparison {
  /** The single-page baseline's 50 cards, or why it was not measured. */
  baseline: PaintResult | { skipped: string };
  /** Each page and its floor from a fresh browser (cold) and from one that has been there (warm). */
  pages: Map<
    string,
    { product: PaintResult; floor: PaintResult; warm: { product: PaintResult; floor: PaintResult } }
  >;
}

/**
 * Headers of the page's answer that its floor is not served with: the body's own (length,
 * encoding, type, caching) and the session's. Every other header, the security policies above
 * all, goes with the floor: from a fresh browser `Cross-Origin-Opener-Policy` alone cost a
 * static floor about 100 ms of data paint.
 */
const NOT_FOR_THE_FLOOR = new Set([
  'cache-control',
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'date',
  'etag',
  'keep-alive',
  'last-modified',
  'set-cookie',
  'transfer-encoding',
  'vary',
]);

/** The page's answer's headers that its floor is served with too. */
export function floorHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of headers) if (!NOT_FOR_THE_FLOOR.has(name)) kept[name] = value;
  return kept;
}

/** The page's own HTML with every script removed: what the browser would paint with no JavaScript. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link rel="modulepreload"[^>]*>/gi, '');
}

/**
 * Paints each page as served by the app and its floor (the same HTML, its CSS, no script, with
 * the page's own security headers),
 * with the single-page baseline (`baselineDir`, when it holds a build) measured in the same
 * run, all alternately under the same throttling. Null when there is no Chromium.
 */
export async function comparePaints(
  env: BenchEnv,
  pages: PaintPage[],
  options: { baselineDir: string; runs: number; warmup?: 'round' | 'one' },
): Promise<PaintComparison | null> {
  const server = await listen(env.app, env.distDir);
  const floorDir = mkdtempSync(path.join(tmpdir(), 'bench-floor-'));
  const hasBaseline = existsSync(path.join(options.baselineDir, 'index.html'));
  const baseline = hasBaseline ? await serveFolder(options.baselineDir) : null;
  const [name, value] = env.adminCookie.split('=') as [string, string];
  try {
    const headersOf = new Map<string, Record<string, string>>();
    for (const page of pages) {
      const cookie = page.signedIn ? env.adminCookie : undefined;
      const res = await env.request(page.path, { cookie });
      const html = await res.text();
      mkdirSync(path.join(floorDir, page.key), { recursive: true });
      writeFileSync(path.join(floorDir, page.key, 'index.html'), withoutScripts(html));
      // A returning browser asks the server for the page again (it carries no validator); the
      // floor's HTML is fetched again too, or its warm paint would be the cache's (a static
      // file's Last-Modified let Chromium reuse it with no request at all).
      headersOf.set(`/${page.key}/index.html`, {
        ...floorHeaders(res.headers),
        'cache-control': 'no-store',
      });
    }
    // The floor links the same stylesheet at the same path, cached as the app caches it.
    const css = env.assets.css;
    mkdirSync(path.join(floorDir, path.dirname(css)), { recursive: true });
    copyFileSync(path.join(env.distDir, 'public', css), path.join(floorDir, css));
    headersOf.set(css, { 'cache-control': 'public, max-age=31536000, immutable' });
    const floor = await serveFolder(floorDir, (pathname) => headersOf.get(pathname));
    try {
      const targets: PaintTarget[] = [];
      if (baseline)
        targets.push({
          label: 'baseline',
          url: `${baseline.url}/`,
          dataSelector: '[data-testid="project-card"]',
          expected: 50,
        });
      for (const page of pages) {
        for (const warm of [false, true]) {
          const suffix = warm ? ' warm' : '';
          targets.push({
            label: `${page.key}${suffix}`,
            url: `${server.url}${page.path}`,
            cookie: page.signedIn ? { name, value } : undefined,
            dataSelector: page.dataSelector,
            expected: page.expected,
            warm,
          });
          targets.push({
            label: `${page.key} floor${suffix}`,
            url: `${floor.url}/${page.key}/index.html`,
            dataSelector: page.dataSelector,
            expected: page.expected,
            warm,
          });
        }
      }
      const results = await measurePaints(targets, options.runs, { warmup: options.warmup });
      if (!results) return null;
      const baselineResult = results.get('baseline');
      return {
        baseline: !baselineResult
          ? { skipped: `no ${options.baselineDir}/index.html` }
          : baselineResult.notMeasured
            ? { skipped: `not measured: ${baselineResult.notMeasured}` }
            : baselineResult,
        pages: new Map(
          pages.map((p) => [
            p.key,
            {
              product: results.get(p.key)!,
              floor: results.get(`${p.key} floor`)!,
              warm: {
                product: results.get(`${p.key} warm`)!,
                floor: results.get(`${p.key} floor warm`)!,
              },
            },
          ]),
        ),
      };
    } finally {
      await floor.close();
    }
  } finally {
    await server.close();
    await baseline?.close();
    rmSync(floorDir, { recursive: true, force: true });
  }
}

/** A page's data paint against the baseline's and its floor's, with the budgets it breaks. */
export function paintRatios(
  product: PaintResult,
  floor: PaintResult,
  baseline: PaintResult | { skipped: string },
  warm?: { product: PaintResult; floor: PaintResult },
) {
  const toBaseline = 'skipped' in baseline ? NaN : product.dataPaint / baseline.dataPaint;
  const toFloor = product.dataPaint / floor.dataPaint;
  const warmToFloor = warm ? warm.product.dataPaint / warm.floor.dataPaint : NaN;
  return {
    toBaseline,
    toFloor,
    warmToFloor,
    overBaseline: toBaseline > BASELINE_RATIO_BUDGET,
    overFloor: toFloor > FLOOR_RATIO_BUDGET,
    overWarmFloor: warmToFloor > WARM_FLOOR_RATIO_BUDGET,
  };
}
