import type { StyleIndex } from './assets';

const CLASS_ATTR = /\sclass="([^"]*)"/g;

/** Every class name used in `html`. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  const seen = new Set<string>();
  for (const m of html.matchAll(CLASS_ATTR)) {
    const value = m[1]!;
    // Cards repeat the same class lists; split each distinct list once.
    if (seen.has(value)) continue;
    seen.add(value);
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
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
