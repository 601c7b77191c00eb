/**
 * The page's one inline script, built by build.mjs and inlined under the response's CSP nonce
 * (src/render/document.ts). Once the browser reports the page's first contentful paint, it links
 * the stylesheet named in its data-css (what only a script shows, docs/decisions/357) and adds
 * the module script named in its data-src, so nothing is requested before that paint
 * (docs/decisions/260). A tab opened in the background paints nothing, so it loads at once; a
 * browser that never reports the paint loads it after 2 s. Until an island takes it, the last
 * click's target is kept, so a card clicked while the scripts load still opens
 * (docs/decisions/242).
 */
import { AFTER_PAINT_CSS_ATTR, CLICK_BEFORE_ISLANDS } from '../shared/island-markers';

const page = window as unknown as Record<string, EventTarget | null | undefined>;
addEventListener(
  'click',
  (event) => {
    if (page[CLICK_BEFORE_ISLANDS] !== null) page[CLICK_BEFORE_ISLANDS] = event.target;
  },
  true,
);

const { src: entry, css } = (document.currentScript as HTMLScriptElement | null)?.dataset ?? {};
let loaded = false;
function loadEntry(): void {
  if (loaded || !entry) return;
  loaded = true;
  if (css) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = css;
    link.setAttribute(AFTER_PAINT_CSS_ATTR, '');
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.src = entry;
  document.head.append(script);
}

if (document.visibilityState === 'hidden') loadEntry();
else {
  try {
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) setTimeout(loadEntry, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing in this browser: the timer below loads the entry.
  }
  setTimeout(loadEntry, 2000);
}
