/** What build.mjs writes to dist/manifest.json: what every page inlines, and hashed URLs of the client bundle. */
export interface AssetManifest {
  /**
   * The app's stylesheet but the after-paint styles, minified, inlined in every page's head under
   * the CSP nonce (docs/decisions/260): about 7.4 KB gzip, so the first paint needs nothing but
   * the HTML.
   */
  css: string;
  /**
   * The styles of what only a script shows (dialogs, toasts), a hashed file the boot script
   * links after the first paint (docs/decisions/357).
   */
  afterPaintCss?: string;
  /**
   * The page's boot script (src/client/boot.ts, minified), inlined in pages with islands: it
   * loads `main` after the first paint and keeps a click made before the islands listen.
   * Absent only in tests that render without a client build.
   */
  boot?: string;
  /** The client entry that hydrates islands; loaded only by pages that have one. */
  main: string;
  /** /auth's own entry, without React (docs/decisions/142); React loads only for its toasts. */
  auth?: string;
  /** For each island: its chunk and the chunks it imports, preloaded once the page has painted. */
  islands: Record<string, { js: string; imports: string[] }>;
}
