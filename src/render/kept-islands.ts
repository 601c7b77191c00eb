import type { ComponentType } from 'react';
import { type Shape, shapeLength } from './repeated';

/**
 * Islands' markup kept between requests, by island name and props (docs/decisions/237), and
 * the shapes of the portfolio's repeated components (decision 230) by component and props. An
 * island's markup is a function of its props alone: islands read no page context and no clock
 * while rendering on the server, and each is rendered here with its own query client, as in
 * the browser each is its own root. Staff who open the same page between two syncs get the
 * same props, so React renders each once per change of its data instead of once per request.
 * The least recently used are let go beyond `maxChars`, keys included.
 */
export class KeptIslandMarkup {
  readonly #kept = new Map<string, Shape>();
  readonly #componentIds = new WeakMap<ComponentType<never>, number>();
  #nextComponentId = 0;
  #chars = 0;

  constructor(private readonly maxChars = 2_000_000) {}

  /** The shape kept for `key`, made (and kept) when there is none. */
  shape(key: string, make: () => Shape): Shape {
    let shape = this.#kept.get(key);
    if (shape) {
      // Last used moves to the end: Map keeps insertion order, so the front is the oldest.
      this.#kept.delete(key);
      this.#kept.set(key, shape);
    } else {
      shape = make();
      this.#keep(key, shape);
    }
    return shape;
  }

  /** A key part naming `component` for as long as this store lives. */
  componentKey(component: ComponentType<never>): string {
    let id = this.#componentIds.get(component);
    if (id === undefined) {
      id = this.#nextComponentId++;
      this.#componentIds.set(component, id);
    }
    return `#${id}`;
  }

  /** How many characters are kept, keys included. */
  get chars(): number {
    return this.#chars;
  }

  #keep(key: string, shape: Shape) {
    const chars = key.length + shapeLength(shape);
    if (chars > this.maxChars / 2) return;
    this.#kept.set(key, shape);
    this.#chars += chars;
    for (const [oldKey, oldShape] of this.#kept) {
      if (this.#chars <= this.maxChars) break;
      this.#kept.delete(oldKey);
      this.#chars -= oldKey.length + shapeLength(oldShape);
    }
  }
}
