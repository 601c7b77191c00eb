import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { waitForHydration } from './harness';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * The serious and critical axe violations of the page as it is now (colour contrast among
 * them), one line each. `contrastOnly` checks colour contrast alone: what a theme changes.
 */
export async function seriousViolations(
  page: Page,
  { contrastOnly = false }: { contrastOnly?: boolean } = {},
): Promise<string[]> {
  // addScriptTag would add an inline script, which our Content-Security-Policy rightly blocks;
  // evaluating the source runs it through the DevTools protocol instead.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (only) => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const options = only
      ? { resultTypes: ['violations'], runOnly: { type: 'rule', values: ['color-contrast'] } }
      : { resultTypes: ['violations'] };
    return (await axe.run(document, options)).violations;
  }, contrastOnly);
  return (violations as AxeViolation[])
    .filter((v) => v.id === 'color-contrast' || v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')})`,
    );
}

/** Every page of the dashboard a signed-in admin can open, for the checks that walk them all. */
export const EVERY_PAGE = [
  '/?view=cards',
  '/?view=table',
  '/developer',
  '/capacity',
  '/utilisation',
  '/people',
  '/agency',
  '/agency?tab=gross-margins',
  '/agency?tab=trends',
  '/agency?tab=cost-per-point',
  '/agency?tab=budget-burn',
  '/agency?tab=unbilled',
  '/agency?tab=sales',
  '/agency?tab=pipeline',
  '/agency/settings',
  '/agency/users',
  '/agency/sync',
  '/agency/audit',
  '/agency/outbox',
  '/account/password',
  '/alerts',
  '/no/such/page',
];

/** The widths every page must fit sideways: a desktop, a tablet and a phone. */
export const WIDTHS = [1366, 768, 375] as const;

/** Elements wider than the viewport that no sideways-scrolling ancestor contains, and captions wider than their scroller. */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (el: Element) => {
      const x = getComputedStyle(el).overflowX;
      return x === 'auto' || x === 'scroll' || x === 'hidden';
    };
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      out.push(`page is ${document.documentElement.scrollWidth}px wide`);
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.right <= width + 1 && r.left >= -1) continue;
      let parent = el.parentElement;
      let contained = false;
      while (parent && parent !== document.body) {
        if (scrolls(parent)) {
          contained = true;
          break;
        }
        parent = parent.parentElement;
      }
      if (contained) continue;
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}.${[...el.classList].join('.')}`;
      out.push(`${name} ${Math.round(r.left)}..${Math.round(r.right)}`);
      if (out.length > 5) break;
    }
    // A table's caption is read, not scrolled: it wraps within its scroller's visible width.
    for (const caption of document.querySelectorAll('caption')) {
      const box = caption.closest('[data-scroll-x]');
      if (!box) continue;
      const [c, b] = [caption.getBoundingClientRect(), box.getBoundingClientRect()];
      if (c.width > b.width + 1)
        out.push(
          `caption "${caption.textContent!.slice(0, 40)}" is ${Math.round(c.width)}px in a ${Math.round(b.width)}px box`,
        );
    }
    return out;
  });
}

/** Opens a page as a person would find it: hydrated, its charts drawn. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  if ((await page.locator('app-island').count()) > 0) await waitForHydration(page);
  // A chart arrives after hydration with a Tab stop and a width of its own.
  await page.getByText('Loading chart…').first().waitFor({ state: 'detached' });
}

/**
 * Class names on the page that no stylesheet of the page defines. The server's HTML and the
 * stylesheet come from the server build, a dialog only the browser renders from the client
 * build: a name in neither means the two builds named a style differently (docs/decisions/232).
 */
export function classesWithoutRules(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const defined = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule)
          for (const m of rule.selectorText.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) defined.add(m[1]!);
        if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) collect(sheet.cssRules);
    const used = new Set(
      [...document.querySelectorAll('[class]')].flatMap((el) => [...el.classList]),
    );
    // visx names its chart parts for anyone who wants to style them; we do not.
    return [...used].filter((name) => !defined.has(name) && !name.startsWith('visx-')).sort();
  });
}
