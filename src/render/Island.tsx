import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useMemo, type ComponentType } from 'react';
import { createQueryClient, IslandProviders } from '../components/IslandProviders';
import { ISLAND_NAME_ATTR, ISLAND_PROPS_ATTR, ISLAND_TAG } from '../shared/island-markers';

/**
 * What a server render shares among its islands: the names used (so only those pages ship
 * JavaScript), and one query client, as the browser has one per page (a portfolio renders two
 * islands per card; a client each would cost more than the cards).
 */
export interface IslandRender {
  used: Set<string>;
  client: QueryClient;
}

export const createIslandRender = (): IslandRender => ({
  used: new Set(),
  client: createQueryClient(),
});

export const IslandCollector = createContext<IslandRender | null>(null);

/**
 * Server-side wrapper: renders the island's markup inside `<app-island>` carrying its name
 * and JSON props. Props live in an attribute, which React escapes, so no data can close a tag
 * or open a script.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: string;
  component: ComponentType<P>;
  props: P;
}) {
  const render = useContext(IslandCollector);
  render?.used.add(name);
  const own = useMemo(() => (render ? null : createQueryClient()), [render]);
  const Tag = ISLAND_TAG as unknown as 'div';
  return (
    <Tag {...{ [ISLAND_NAME_ATTR]: name, [ISLAND_PROPS_ATTR]: JSON.stringify(props) }}>
      <IslandProviders client={render?.client ?? own!}>
        <Component {...props} />
      </IslandProviders>
    </Tag>
  );
}
