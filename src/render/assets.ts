/** What build.mjs writes to dist/manifest.json: hashed URLs of the client bundle. */
export interface AssetManifest {
  /** The whole app's stylesheet: pages with islands load it after their first paint. */
  css: string;
  /**
   * The same stylesheet split into rules by the classes they need (build/css-index.mjs), so a
   * page inlines only the rules its HTML uses (docs/decisions/141). Without it (tests that
   * render with no client build) pages link the stylesheet instead.
   */
  styles?: StyleIndex;
  /** The client entry that hydrates islands; loaded only by pages that have one. */
  main: string;
  /** /auth's own entry, without React (docs/decisions/142); React loads only for its toasts. */
  auth?: string;
  /** For each island: its chunk and the chunks it imports, preloaded once the page has painted. */
  islands: Record<string, { js: string; imports: string[] }>;
}

export interface StyleIndex {
  /** Rules every page gets: the theme's tokens, element and attribute selectors. */
  always: string;
  /** Each rule with, per selector of its list, the classes that selector needs. */
  rules: [alternatives: string[][], css: string][];
  /** Keyframes by name, added when an included rule names one. */
  keyframes: Record<string, string>;
}
