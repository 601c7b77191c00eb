import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { summarise } from './stats';

export const CHROMIUM = '/usr/bin/chromium';
/** Headless, unsandboxed (containers), and quiet: no update, sync or background requests. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** The browser's version line, kept with the results: paint times move with the browser too. */
export function chromiumVersion(): string | null {
  try {
    return execFileSync(CHROMIUM, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

/** A page to paint: where, with which cookie, and which elements hold its data. */
export interface PaintTarget {
  label: string;
  url: string;
  cookie?: { name: string; value: string };
  /** Elements whose content is the page's data, e.g. `[data-testid="project-card"]`. */
  dataSelector: string;
  /** How many of them the data is (50 cards); data is painted once this many have painted. */
  expected?: number;
  /**
   * A returning visitor: the page is loaded once to fill the browser's cache (the stylesheet and
   * scripts, cached a year), then measured on a second load. Otherwise a fresh, cacheless one.
   */
  warm?: boolean;
}

export interface PaintSample {
  fcp: number;
  /** The paint in which the last element of the page's data appeared (element timing). */
  dataPaint: number;
  /** Requests started before the first contentful paint. */
  requestsBeforeFcp: number;
  jsBytes: number;
  cssBytes: number;
  htmlBytes: number;
  /** When the HTML's first byte arrived (the server's time plus the network's). */
  ttfb: number;
  /** How many elements the data selector matched once the page settled (0: it matches nothing). */
  dataElements: number;
}

export interface PaintResult {
  fcp: number;
  dataPaint: number;
  dataPaintMin: number;
  requestsBeforeFcp: number;
  jsBytes: number;
  cssBytes: number;
  htmlBytes: number;
  ttfb: number;
  dataElements: number;
  samples: PaintSample[];
  /** Why no load of this target could be measured (each failed, and failed again when retried). */
  notMeasured?: string;
}

/**
 * Marks every element inside the data elements for element timing as it enters the document,
 * whoever renders it (the server's HTML as it parses, or a script after a fetch), and records
 * each one's first paint. The same definition of 'data painted' holds for every page measured.
 * Its own cost on a server-rendered page, which parses in many batches, was measured: 110-143 ms
 * of throttled script a load on the 50-card floor, about 4% of its data paint and the same on
 * the page and its floor; a variant looking only at added nodes was not cheaper.
 */
function installDataProbe(selector: string) {
  const w = window as unknown as { __dataPaints: number[]; __fcp: number };
  w.__dataPaints = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { renderTime: number })[])
      if (entry.name === 'text-paint' || entry.name === 'image-paint')
        w.__dataPaints.push(entry.renderTime || entry.startTime);
  }).observe({ type: 'element', buffered: true });
  const mark = () => {
    for (const root of document.querySelectorAll(selector)) {
      if (!root.hasAttribute('elementtiming')) root.setAttribute('elementtiming', 'data');
      for (const el of root.querySelectorAll('*:not([elementtiming])'))
        el.setAttribute('elementtiming', 'data');
    }
  };
  new MutationObserver(mark).observe(document, { childList: true, subtree: true });
}

async function launch(home: string): Promise<BrowserContext> {
  const { chromium } = await import('playwright-core');
  return chromium.launchPersistentContext(path.join(home, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS],
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: home, XDG_CACHE_HOME: home },
  });
}

/**
 * One load in real Chromium as a slow laptop on a slow network sees it: 4x CPU throttling,
 * 150 ms latency, 1.6 Mbps down, 750 kbps up, a fresh profile (with `warm`, after one load that
 * fills its cache).
 */
export async function paintOnce(target: PaintTarget): Promise<PaintSample> {
  const home = mkdtempSync(path.join(tmpdir(), 'bench-chromium-'));
  const context = await launch(home);
  try {
    if (target.cookie) {
      await context.addCookies([
        {
          ...target.cookie,
          domain: new URL(target.url).hostname,
          path: '/',
          httpOnly: true,
          sameSite: 'Lax',
        },
      ]);
    }
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript(installDataProbe, target.dataSelector);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (target.warm) {
      await page.goto(target.url, { waitUntil: 'load' });
      // A returning visitor also has what the page imports after its first frame (the hydrator,
      // the islands): the warm-up waits until every island is hydrated. A floor has the islands'
      // elements and no script to hydrate them: waiting there cost 30 s per warm floor load.
      await page
        .waitForFunction(
          () =>
            !document.querySelector('script') ||
            [...document.querySelectorAll('app-island')].every((el) =>
              Object.keys(el).some((k) => k.startsWith('__reactContainer$')),
            ),
          undefined,
          { timeout: 30_000 },
        )
        .catch(() => {});
    } else await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1_000_000) / 8,
      uploadThroughput: (750 * 1_000) / 8,
    });
    await page.goto(target.url, { waitUntil: 'load' });
    const expected = target.expected ?? 1;
    await page
      .waitForFunction(
        ([selector, n]) => document.querySelectorAll(selector as string).length >= (n as number),
        [target.dataSelector, expected] as const,
        { timeout: 30_000 },
      )
      .catch(() => {});
    // On a queued machine the data's first paint can come well after its elements are in place.
    await page
      .waitForFunction(
        (selector) =>
          document.querySelectorAll(selector).length === 0 ||
          (window as unknown as { __dataPaints: number[] }).__dataPaints.length > 0,
        target.dataSelector,
        { timeout: 15_000 },
      )
      .catch(() => {});
    // Let the last paints and any hydration settle, then read what was painted when.
    await page.waitForTimeout(1500);
    return await page.evaluate((selector) => {
      const w = window as unknown as { __dataPaints: number[] };
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const navigation = performance.getEntriesByType(
        'navigation',
      )[0] as PerformanceNavigationTiming;
      const sum = (ext: string) =>
        resources
          .filter((r) => new URL(r.name).pathname.endsWith(ext))
          .reduce((n, r) => n + r.transferSize, 0);
      return {
        fcp,
        dataPaint: w.__dataPaints.length ? Math.max(...w.__dataPaints) : NaN,
        requestsBeforeFcp: resources.filter((r) => r.startTime < fcp).length,
        jsBytes: sum('.js'),
        cssBytes: sum('.css'),
        htmlBytes: navigation.transferSize,
        ttfb: navigation.responseStart,
        dataElements: document.querySelectorAll(selector).length,
      };
    }, target.dataSelector);
  } finally {
    await context.close();
    rmSync(home, { recursive: true, force: true });
  }
}

const NOT_PAINTED = {
  fcp: NaN,
  dataPaint: NaN,
  dataPaintMin: NaN,
  requestsBeforeFcp: NaN,
  jsBytes: NaN,
  cssBytes: NaN,
  htmlBytes: NaN,
  ttfb: NaN,
  dataElements: 0,
};

/**
 * One load, tried once more if it fails: on a busy machine Chromium once aborted a floor page
 * (net::ERR_ABORTED) and stopped the whole bench. A load that fails twice is left out and its
 * reason kept, so the page reads 'not measured' and the run carries on.
 */
async function paintOrSkip(
  target: PaintTarget,
  failures: Map<string, string>,
): Promise<PaintSample | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await paintOnce(target);
    } catch (error) {
      const reason = (error as Error).message.split('\n')[0] ?? String(error);
      if (attempt === 2) {
        failures.set(target.label, reason);
        console.error(`bench: ${target.label} not measured this time: ${reason}`);
        return null;
      }
    }
  }
}

/**
 * Measures the targets alternately (one load of each in turn, `runs` rounds after a warm-up),
 * so a machine that slows down part-way slows every target alike. Medians per target. The
 * warm-up is a whole round by default; `warmup: 'one'` loads only the first target once, for a
 * long list where a round more would double a short run.
 */
export async function measurePaints(
  targets: PaintTarget[],
  runs = 5,
  { warmup = 'round' }: { warmup?: 'round' | 'one' } = {},
): Promise<Map<string, PaintResult> | null> {
  if (!existsSync(CHROMIUM)) return null;
  const samples = new Map<string, PaintSample[]>(targets.map((t) => [t.label, []]));
  const failures = new Map<string, string>();
  if (warmup === 'one' && targets[0]) await paintOrSkip(targets[0], failures);
  for (let round = warmup === 'round' ? 0 : 1; round <= runs; round++) {
    // A whole run of every page takes most of an hour: each round says it has started.
    console.error(`bench: paint round ${round} of ${runs}, ${targets.length} loads`);
    for (const target of targets) {
      const sample = await paintOrSkip(target, failures);
      if (round > 0 && sample) samples.get(target.label)!.push(sample);
    }
  }
  const results = new Map<string, PaintResult>();
  for (const [label, list] of samples) {
    const failure = failures.get(label);
    if (list.length === 0 && failure) {
      results.set(label, { ...NOT_PAINTED, samples: [], notMeasured: failure });
      continue;
    }
    // A load with no data paint (none recorded in time) is left out, not sorted in as NaN.
    const median = (pick: (s: PaintSample) => number) =>
      summarise(list.map(pick).filter(Number.isFinite)).median;
    results.set(label, {
      fcp: median((s) => s.fcp),
      dataPaint: median((s) => s.dataPaint),
      dataPaintMin: summarise(list.map((s) => s.dataPaint).filter(Number.isFinite)).min,
      requestsBeforeFcp: median((s) => s.requestsBeforeFcp),
      jsBytes: median((s) => s.jsBytes),
      cssBytes: median((s) => s.cssBytes),
      htmlBytes: median((s) => s.htmlBytes),
      ttfb: median((s) => s.ttfb),
      dataElements: median((s) => s.dataElements),
      samples: list,
    });
  }
  return results;
}
