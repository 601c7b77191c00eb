import { createContext, useContext, useMemo, type ComponentType } from 'react';
import { createQueryClient, IslandProviders } from '../client/providers';
import { ISLAND_NAME_ATTR, ISLAND_PROPS_ATTR, ISLAND_TAG } from './constants';

/** Collects the islands a page used while it renders, so only those pages ship JavaScript. */
export const IslandCollector = createContext<Set<string> | null>(null);

/**
 * Server-side wrapper: renders the island's markup inside `<app-island>` carrying its name
 * and JSON props. Props live in an attribute, which React escapes, so no data can close a tag
 * or open a script.
 */
export function Island<P extends object>({ name, component: Component, props }: { name: string; component: ComponentType<P>; props: P }) {
  const used = useContext(IslandCollector);
  used?.add(name);
  const client = useMemo(createQueryClient, []);
  const Tag = ISLAND_TAG as unknown as 'div';
  const attrs = { [ISLAND_NAME_ATTR]: name, [ISLAND_PROPS_ATTR]: JSON.stringify(props) };
  return (
    <Tag {...attrs}>
      <IslandProviders client={client}>
        <Component {...props} />
      </IslandProviders>
    </Tag>
  );
}
