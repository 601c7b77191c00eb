// Splits the app's minified stylesheet into rules indexed by the class names their selectors
// need, so each page can inline just the rules its HTML uses (docs/decisions/141).
//
// Index shape (src/render/assets.ts, StyleIndex):
//   always:    rules that need no class (:root tokens, element and attribute selectors)
//   rules:     [alternatives, css]; alternatives is one list of required classes per selector in
//              the rule's selector list; the rule applies when every class of one list is present
//   keyframes: name -> @keyframes text, added when an included rule names it

/** Splits `css` into top-level blocks: `prelude{body}` (or `@x ...;`). */
function topLevel(css) {
  const out = [];
  let depth = 0;
  let start = 0;
  let quote = null;
  for (let i = 0; i < css.length; i++) {
    const ch = css[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '{') depth++;
    else if (ch === '}') {
      depth--;
      if (depth === 0) {
        out.push(css.slice(start, i + 1).trim());
        start = i + 1;
      }
    } else if (ch === ';' && depth === 0) {
      out.push(css.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  return out.filter(Boolean);
}

/** Splits a selector list on its top-level commas. */
function selectorList(prelude) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < prelude.length; i++) {
    const ch = prelude[i];
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(prelude.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(prelude.slice(start));
  return parts.map((p) => p.trim());
}

/**
 * The classes a selector needs present in the page. Classes inside :not(), :is(), :where() and
 * :has() are left out: a rule then ships to more pages than it must, never to fewer.
 */
function requiredClasses(selector) {
  let s = selector.replace(/\[[^\]]*\]/g, '');
  let previous;
  do {
    previous = s;
    s = s.replace(/:(not|is|where|has)\([^()]*\)/g, '');
  } while (s !== previous);
  return [...new Set([...s.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]))];
}

function indexRule(rule, wrap, index) {
  const open = rule.indexOf('{');
  const prelude = rule.slice(0, open).trim();
  const alternatives = selectorList(prelude).map(requiredClasses);
  const text = wrap ? `${wrap}{${rule}}` : rule;
  if (alternatives.some((a) => a.length === 0)) index.always += text;
  else index.rules.push([alternatives, text]);
}

export function indexStylesheet(css) {
  const index = { always: '', rules: [], keyframes: {} };
  for (const block of topLevel(css)) {
    if (block.startsWith('@keyframes') || block.startsWith('@-webkit-keyframes')) {
      const name = block.slice(block.indexOf(' ') + 1, block.indexOf('{')).trim();
      index.keyframes[name] = block;
    } else if (block.startsWith('@media') || block.startsWith('@supports')) {
      const open = block.indexOf('{');
      const wrap = block.slice(0, open).trim();
      for (const rule of topLevel(block.slice(open + 1, -1))) indexRule(rule, wrap, index);
    } else if (block.startsWith('@')) {
      // @font-face, @import and the like: kept whole for every page.
      index.always += block;
    } else indexRule(block, '', index);
  }
  return index;
}
