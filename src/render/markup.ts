import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

/** Server HTML built as a string: its values are escaped, a nested `Markup` is kept as it is. */
export type Markup = HtmlEscapedString;

/**
 * hono/html's `html` for markup the server repeats too often to render through React (the
 * portfolio's cards, docs/decisions/230). Never given a Promise, so it always returns a string.
 */
export const markup = html as (strings: TemplateStringsArray, ...values: unknown[]) => Markup;

/** Markup already escaped (a React render's output), kept as it is. */
export const trusted = (value: string): Markup => raw(value);
