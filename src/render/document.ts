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
 * a page with none ships no JavaScript at all. The head links the hashed stylesheet and, for a
 * page with islands, the client entry as a module script (which runs once the HTML is parsed)
 * with its islands' chunks preloaded: the anchors' page shell (docs/decisions/360).
 */
export function renderDocument(
  page: ReactElement,
  options: {
    title: string;
    assets: AssetManifest;
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
  const { assets } = options;
  // No modulepreload: on a slow link the islands' chunks, fetched at high priority, competed with
  // the stylesheet and held a fresh browser's first paint back (docs/decisions/360); the entry
  // fetches them once it runs.
  const entry = (options.entry && assets[options.entry]) || assets.main;
  const scripts = used.size === 0 ? '' : html`<script type="module" src="${entry}"></script>`;
  const styles = stylesheet(assets);
  return (
    '<!doctype html>' +
    html`<html lang="en"${raw(options.theme ? ` data-theme="${options.theme === 'dark' ? 'dark' : 'light'}"` : '')}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${options.title} · Agency Dashboard</title><link rel="icon" href="data:,">${styles}${raw(scripts)}</head><body>${raw(body)}</body></html>`
  );
}

function stylesheet(assets: AssetManifest) {
  return html`<link rel="stylesheet" href="${assets.css}">`;
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

/**
 * A page for someone outside the agency (a client's retainer room, docs/decisions/430): no
 * script at all, never indexed, the title as given. It links the same hashed stylesheet as every
 * page (same origin; no referrer leaves with it).
 */
export function renderPublicDocument(
  page: ReactElement,
  options: { title: string; assets: AssetManifest },
): string {
  const styles = stylesheet(options.assets);
  return (
    '<!doctype html>' +
    html`<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer"><title>${options.title}</title><link rel="icon" href="data:,">${styles}</head><body>${raw(renderToString(page))}</body></html>`
  );
}
