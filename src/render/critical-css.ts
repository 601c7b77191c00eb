import type { StyleIndex } from './assets';

const CLASS_ATTR = 'class="';
/** Space, tab, line feed, form feed or carriage return before `class="`: the attribute, not `data-class="`. */
const isSpace = (code: number) => code === 32 || (code >= 9 && code <= 13);

/** Every class name used in `html`. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  const seen = new Set<string>();
  // indexOf, not a global regex: a portfolio of a thousand cards has some 30,000 class
  // attributes, and a match object for each cost more than the rest of the scan.
  let at = html.indexOf(CLASS_ATTR);
  while (at !== -1) {
    const start = at + CLASS_ATTR.length;
    const end = html.indexOf('"', start);
    if (end === -1) break;
    const value = html.slice(start, end);
    // Cards repeat the same class lists; split each distinct list once.
    if (at > 0 && isSpace(html.charCodeAt(at - 1)) && !seen.has(value)) {
      seen.add(value);
      for (const name of value.split(/\s+/)) if (name) classes.add(name);
    }
    at = html.indexOf(CLASS_ATTR, end);
  }
  return classes;
}

/**
 * The rules of the app's stylesheet that apply to this HTML: those with no class, and those
 * one of whose selectors needs only classes the HTML has, plus the keyframes they name
 * (docs/decisions/141). A rule for a state the page reaches later through JavaScript comes
 * with the full stylesheet, which pages with islands load after their first paint.
 */
export function criticalCss(html: string, index: StyleIndex): string {
  const used = classesIn(html);
  let css = index.always;
  for (const [alternatives, text] of index.rules) {
    if (alternatives.some((classes) => classes.every((c) => used.has(c)))) css += text;
  }
  for (const [name, text] of Object.entries(index.keyframes)) {
    if (css.includes(name)) css += text;
  }
  return css;
}
