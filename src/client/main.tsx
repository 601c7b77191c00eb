import { hydrateRoot } from 'react-dom/client';
import { ISLAND_HYDRATED_ATTR, ISLAND_NAME_ATTR, ISLAND_PROPS_ATTR, ISLAND_TAG } from '../render/constants';
import { islandRegistry } from './islands';
import { createQueryClient, IslandProviders } from './providers';

// One query cache for the page, so islands that read the same call share its answer.
const queryClient = createQueryClient();

async function hydrate(el: HTMLElement): Promise<void> {
  const name = el.getAttribute(ISLAND_NAME_ATTR) ?? '';
  const load = islandRegistry[name];
  if (!load) {
    console.error(`Unknown island "${name}"`);
    return;
  }
  const props = JSON.parse(el.getAttribute(ISLAND_PROPS_ATTR) ?? '{}') as Record<string, unknown>;
  const { default: Component } = await load();
  hydrateRoot(
    el,
    <IslandProviders client={queryClient}>
      <Component {...props} />
    </IslandProviders>,
  );
}

function hydrateAll(): void {
  const selector = `${ISLAND_TAG}[${ISLAND_NAME_ATTR}]:not([${ISLAND_HYDRATED_ATTR}])`;
  for (const el of document.querySelectorAll<HTMLElement>(selector)) {
    // Marked before the await, so a second pass cannot hydrate the same element twice.
    el.setAttribute(ISLAND_HYDRATED_ATTR, '');
    void hydrate(el);
  }
}

hydrateAll();
