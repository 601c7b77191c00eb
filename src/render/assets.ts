/** What build.mjs writes to dist/manifest.json: the hashed URLs of the stylesheet and the client bundle. */
export interface AssetManifest {
  /** The app's whole stylesheet, one hashed file every page links (docs/decisions/360). */
  css: string;
  /** The client entry that hydrates islands; loaded only by pages that have one. */
  main: string;
  /** /auth's own entry, without React (docs/decisions/142); React loads only for its toasts. */
  auth?: string;
  /** For each island: its chunk and the chunks it imports (bench/bundle.ts counts them with the page). */
  islands: Record<string, { js: string; imports: string[] }>;
}
