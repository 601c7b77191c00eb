import { type ComponentType, createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { escapeHtml } from '../shared/escape-html';
import type { KeptIslandMarkup } from './kept-islands';

// Private-use characters: React prints them as they are, and no project data is made of them.
const HOLE = '\uE000';
const ID = '\uE001';
const HOLES = new RegExp(`${HOLE}(\\d+)${HOLE}|${ID}`, 'g');

/** A rendered shape: its literal parts, and between each two, which hole (or -1: the id prefix). */
export interface Shape {
  parts: string[];
  holes: number[];
}

/**
 * Markup of small React components a page repeats many times (a card's gauge, its bars, its team
 * selector): React renders each distinct shape once, and every instance fills in the values that
 * differ (a project's name, its id) as escaped text. The output is what rendering each instance
 * would give, at a fraction of the cost (docs/decisions/230). A hole must be a value the
 * component only prints or hands on (never one it computes with), since the component sees a
 * placeholder in its place. One per render of a page; what it renders is kept between requests
 * only in the `KeptIslandMarkup` it is given.
 */
export class RepeatedMarkup {
  readonly #shapes = new Map<ComponentType<never>, Map<string, Shape>>();

  /** `kept`: shapes kept between requests too (docs/decisions/237). */
  constructor(private readonly kept?: KeptIslandMarkup) {}

  /**
   * `props` without the per-instance values, `holes` with them; `idPrefix` makes the ids the
   * component makes with useId unique to this instance; `wrap` puts providers around it.
   */
  render<P extends object, K extends keyof P & string>(
    component: ComponentType<P>,
    props: Omit<P, K>,
    holes: { [Q in K]: string | number },
    options: { idPrefix?: string; wrap?: (element: ReactElement) => ReactElement } = {},
  ): string {
    const names = Object.keys(holes) as K[];
    const { wrap } = options;
    const element = (values: object) => {
      const own = createElement(component, { ...props, ...values } as P);
      return wrap ? wrap(own) : own;
    };
    // React prints no empty text, so an empty value does not fit the shape: render it whole.
    if (names.some((n) => holes[n] === ''))
      return renderToString(element(holes), { identifierPrefix: options.idPrefix ?? '' });
    const key = `${JSON.stringify(props)}\n${names.join(',')}`;
    let shapes = this.#shapes.get(component as ComponentType<never>);
    if (!shapes) {
      shapes = new Map();
      this.#shapes.set(component as ComponentType<never>, shapes);
    }
    let shape = shapes.get(key);
    if (!shape) {
      const placeholders = Object.fromEntries(names.map((n, i) => [n, `${HOLE}${i}${HOLE}`]));
      const make = () => renderShape(element(placeholders));
      shape = this.kept
        ? this.kept.shape(
            `${this.kept.componentKey(component as ComponentType<never>)}\n${key}`,
            make,
          )
        : make();
      shapes.set(key, shape);
    }
    const values = names.map((n) => escapeHtml(String(holes[n])));
    return fillShape(shape, values, options.idPrefix ?? '');
  }
}

/**
 * React's markup of `element` as a shape: the ids useId makes are left open for a prefix, and
 * holes where the element holds placeholders.
 */
export function renderShape(element: ReactElement): Shape {
  return split(renderToString(element, { identifierPrefix: ID }));
}

/** A shape's markup with its holes filled by `values` (already escaped) and its ids prefixed. */
export function fillShape(shape: Shape, values: readonly string[], idPrefix: string): string {
  let out = shape.parts[0]!;
  for (let i = 0; i < shape.holes.length; i++) {
    const hole = shape.holes[i]!;
    out += (hole < 0 ? idPrefix : values[hole]) + shape.parts[i + 1]!;
  }
  return out;
}

/** How many characters a shape holds. */
export const shapeLength = (shape: Shape) =>
  shape.parts.reduce((sum, part) => sum + part.length, 0);

function split(html: string): Shape {
  const parts: string[] = [];
  const holes: number[] = [];
  let last = 0;
  for (const m of html.matchAll(HOLES)) {
    parts.push(html.slice(last, m.index));
    holes.push(m[1] === undefined ? -1 : Number(m[1]));
    last = m.index + m[0].length;
  }
  parts.push(html.slice(last));
  return { parts, holes };
}
