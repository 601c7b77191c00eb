import { hydrateRoot, type Root } from 'react-dom/client';
import {
  ISLAND_HYDRATED_ATTR,
  ISLAND_NAME_ATTR,
  ISLAND_PROPS_ATTR,
  ISLAND_TAG,
  SERVER_HTML_EVENT,
} from '../shared/island-markers';
import { islandRegistry } from './islands';
import { createQueryClient, IslandProviders } from '../components/IslandProviders';

// One query cache for the page, so islands that read the same call share its answer.
const queryClient = createQueryClient();
const roots = new WeakMap<Element, Root>();
const selector = `${ISLAND_TAG}[${ISLAND_NAME_ATTR}]`;

async function hydrate(el: HTMLElement): Promise<void> {
  const name = el.getAttribute(ISLAND_NAME_ATTR) ?? '';
  const load = islandRegistry[name];
  if (!load) {
    console.error(`Unknown island "${name}"`);
    return;
  }
  const props = JSON.parse(el.getAttribute(ISLAND_PROPS_ATTR) ?? '{}') as Record<string, unknown>;
  const { default: Component } = await load();
  // Replaced while its chunk loaded (a refreshed list): nothing left to hydrate.
  if (!el.isConnected) return;
  roots.set(
    el,
    hydrateRoot(
      el,
      <IslandProviders client={queryClient}>
        <Component {...props} />
      </IslandProviders>,
    ),
  );
}

/** Hydrates every island under `scope` not yet hydrated: the page at start, new server HTML later. */
export function hydrateIslands(scope: ParentNode = document): void {
  for (const el of scope.querySelectorAll<HTMLElement>(
    `${selector}:not([${ISLAND_HYDRATED_ATTR}])`,
  )) {
    // Marked before the await, so a second pass cannot hydrate the same element twice.
    el.setAttribute(ISLAND_HYDRATED_ATTR, '');
    void hydrate(el);
  }
}

/**
 * Puts fresh server HTML in place of `container`'s content: the islands inside it are
 * unmounted first (their React roots would otherwise outlive their markup), the new ones
 * hydrated after.
 */
function replaceServerHtml(container: Element, html: string): void {
  for (const el of container.querySelectorAll(selector)) {
    roots.get(el)?.unmount();
    roots.delete(el);
  }
  container.innerHTML = html;
  hydrateIslands(container);
}

/** The page's islands hydrated, and fresh server HTML an island hands over put in place. */
export function startIslands(): void {
  document.addEventListener(SERVER_HTML_EVENT, (event) => {
    if (event.target instanceof Element && event instanceof CustomEvent)
      replaceServerHtml(event.target, String(event.detail));
  });
  hydrateIslands();
}
