import { html, raw } from 'hono/html';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { AssetManifest } from './assets';
import { createIslandRender, IslandCollector } from './Island';
import { createElement } from 'react';
// Box sizing, the body font and the island wrappers' display: contents, for every page.
import '../../styles/global.css';

/**
 * Renders a page to a full HTML document. The page's islands are recorded while it renders;
 * a page with none ships no JavaScript at all. The first paint needs nothing but the HTML
 * (docs/decisions/260): the whole stylesheet but what only a script shows is inlined under the
 * request's CSP nonce, and the boot script (src/client/boot.ts, under the same nonce) requests
 * the rest of the styles (docs/decisions/357) and the client entry, which preloads the islands'
 * chunks named in the data attributes, only after that paint.
 */
export function renderDocument(
  page: ReactElement,
  options: {
    title: string;
    assets: AssetManifest;
    nonce?: string;
    /**
     * The page's own script in place of the hydrator, when it has one (the sign-in page's); it
     * loads its islands only when they are needed, so none is preloaded.
     */
    entry?: 'auth';
    /** The person's colour theme; none follows the system setting (docs/decisions/182). */
    theme?: 'light' | 'dark' | null;
  },
): string {
  const { html: body, used } = renderIslands(page);
  const { assets, nonce } = options;
  const preloads = new Set<string>();
  for (const name of used) {
    const island = assets.islands[name];
    if (!island) continue;
    preloads.add(island.js);
    for (const dep of island.imports) preloads.add(dep);
  }
  const nonceAttr = raw(nonce ? html` nonce="${nonce}"` : '');
  const scripts =
    used.size === 0
      ? ''
      : html`<script${nonceAttr} data-src="${(options.entry && assets[options.entry]) || assets.main}" data-preload="${options.entry ? '' : [...preloads].join(' ')}"${raw(assets.afterPaintCss ? html` data-css="${assets.afterPaintCss}"` : '')}>${raw(assets.boot ?? '')}</script>`;
  const styles = html`<style${nonceAttr}>${raw(inlineStyleText(assets.css))}</style>`;
  return (
    '<!doctype html>' +
    html`<html lang="en"${raw(options.theme ? ` data-theme="${options.theme === 'dark' ? 'dark' : 'light'}"` : '')}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${options.title} · Agency Dashboard</title><link rel="icon" href="data:,">${styles}${raw(scripts)}</head><body>${raw(body)}</body></html>`
  );
}

/** CSS inside a style element must not close it; `<\/` reads as `</` to CSS. */
function inlineStyleText(css: string): string {
  return css.replace(/<\/(style)/gi, '<\\/$1');
}

function renderIslands(element: ReactElement): { html: string; used: Set<string> } {
  const render = createIslandRender();
  const html = renderToString(createElement(IslandCollector.Provider, { value: render }, element));
  return { html, used: render.used };
}

/**
 * Renders part of a page (no document around it) for a page that puts fresh server HTML in
 * place of an old part; the page already runs the hydrator, which hydrates its islands.
 */
export function renderFragment(element: ReactElement): string {
  return renderIslands(element).html;
}
