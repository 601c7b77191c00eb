import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useMemo, type ComponentType } from 'react';
import { createQueryClient, IslandProviders } from '../components/IslandProviders';
import {
  ISLAND_IDS_ATTR,
  ISLAND_NAME_ATTR,
  ISLAND_PROPS_ATTR,
  ISLAND_TAG,
} from '../shared/island-markers';
import { escapeHtml } from '../shared/escape-html';
import { type Markup, trusted } from './markup';
import type { KeptIslandMarkup } from './kept-islands';
import { fillShape, RepeatedMarkup, renderShape } from './repeated';

/**
 * What a server render shares among its islands: the names used (so only those pages ship
 * JavaScript), and one query client, as the browser has one per page (a portfolio renders two
 * islands per card; a client each would cost more than the cards).
 */
export interface IslandRender {
  used: Set<string>;
  client: QueryClient;
  /** The page's repeated components, each shape rendered once (docs/decisions/230). */
  repeated: RepeatedMarkup;
  /** Islands' markup kept between requests, when the app keeps it (docs/decisions/237). */
  kept?: KeptIslandMarkup;
  /** How many islands the page has rendered through `kept`: each gets its own ids. */
  keptCount: number;
}

export const createIslandRender = (kept?: KeptIslandMarkup): IslandRender => ({
  used: new Set(),
  client: createQueryClient(),
  repeated: new RepeatedMarkup(kept),
  kept,
  keptCount: 0,
});

export const IslandCollector = createContext<IslandRender | null>(null);

/**
 * Server-side wrapper: renders the island's markup inside `<app-island>` carrying its name
 * and JSON props. Props live in an attribute, which React escapes, so no data can close a tag
 * or open a script. When the app keeps islands' markup, it comes from there, and an island that
 * makes ids gets a prefix of its own that the browser hydrates with (docs/decisions/237).
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
  const json = JSON.stringify(props);
  const attrs = { [ISLAND_NAME_ATTR]: name, [ISLAND_PROPS_ATTR]: json };
  if (render?.kept) {
    const shape = render.kept.shape(`${name}\n${json}`, () =>
      renderShape(
        <IslandProviders client={createQueryClient()}>
          <Component {...props} />
        </IslandProviders>,
      ),
    );
    // Only an island that makes ids (useId) needs a prefix of its own on the page.
    const ids = shape.holes.length > 0 ? `${name}-${render.keptCount++}-` : null;
    const wrapper = ids ? { ...attrs, [ISLAND_IDS_ATTR]: ids } : attrs;
    const markup = fillShape(shape, [], ids ?? '');
    // biome-ignore lint/security/noDangerouslySetInnerHtml: React rendered it, so it is escaped
    return <Tag {...wrapper} dangerouslySetInnerHTML={{ __html: markup }} />;
  }
  return (
    <Tag {...attrs}>
      <IslandProviders client={render?.client ?? own!}>
        <Component {...props} />
      </IslandProviders>
    </Tag>
  );
}

/**
 * What Island renders, for markup built as a string (the portfolio's cards): the same
 * `<app-island>` with its name and JSON props, and the component's markup rendered once per
 * shape, with the props named in `holes` filled in per instance (docs/decisions/230).
 */
export function islandMarkup<P extends object, K extends keyof P & string>(
  render: IslandRender,
  name: string,
  component: ComponentType<P>,
  props: P,
  holes: readonly K[],
  idPrefix: string,
): Markup {
  render.used.add(name);
  const shared = { ...props };
  const own = {} as { [Q in K]: string | number };
  for (const hole of holes) {
    // A missing value (a project never synced) is part of the shape instead.
    if (props[hole] === null || props[hole] === undefined) continue;
    own[hole] = props[hole] as string | number;
    delete shared[hole];
  }
  const inner = render.repeated.render(component, shared, own, {
    // Two islands of one card must not share an id.
    idPrefix: `${idPrefix}${name}-`,
    wrap: (element) => <IslandProviders client={render.client}>{element}</IslandProviders>,
  });
  // Single quotes around the JSON: its many double quotes then need no escaping.
  return trusted(
    `<${ISLAND_TAG} ${ISLAND_NAME_ATTR}="${escapeHtml(name)}" ${ISLAND_PROPS_ATTR}='${jsonAttribute(props)}'>${inner}</${ISLAND_TAG}>`,
  );
}

/** JSON for a single-quoted attribute: what could end it or start markup is escaped. */
const jsonAttribute = (value: unknown) =>
  JSON.stringify(value).replace(/[&'<>]/g, (c) => JSON_ATTRIBUTE_ESCAPES[c as '&']);
const JSON_ATTRIBUTE_ESCAPES = { '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
