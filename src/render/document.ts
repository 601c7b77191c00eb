import { html, raw } from 'hono/html';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { AssetManifest } from './assets';
import { createQueryClient } from '../components/IslandProviders';
import { IslandCollector, type IslandRender } from './Island';
import { createElement } from 'react';
// Box sizing, the body font and the island wrappers' display: contents, for every page.
import '../../styles/global.css';

/**
 * Renders a page to a full HTML document. The page's islands are recorded while it renders;
 * a page with none ships no JavaScript at all, and one with some preloads exactly their chunks.
 */
export function renderDocument(
  page: ReactElement,
  options: { title: string; assets: AssetManifest },
): string {
  const { html: body, used } = renderIslands(page);
  const { assets } = options;
  const preloads = new Set<string>();
  for (const name of used) {
    const island = assets.islands[name];
    if (!island) continue;
    preloads.add(island.js);
    for (const dep of island.imports) preloads.add(dep);
  }
  const scripts =
    used.size === 0
      ? ''
      : [...preloads].map((href) => html`<link rel="modulepreload" href="${href}">`).join('') +
        html`<script type="module" src="${assets.main}"></script>`;
  return (
    '<!doctype html>' +
    html`<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${options.title} · Agency Dashboard</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${assets.css}">${raw(scripts)}</head><body>${raw(body)}</body></html>`
  );
}

function renderIslands(element: ReactElement): { html: string; used: Set<string> } {
  const render: IslandRender = { used: new Set(), client: createQueryClient() };
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
