/** What build.mjs writes to dist/manifest.json: hashed URLs of the client bundle. */
export interface AssetManifest {
  /** The one stylesheet every page loads. */
  css: string;
  /** The client entry that hydrates islands; loaded only by pages that have one. */
  main: string;
  /** For each island: its chunk and the chunks it imports, for modulepreload. */
  islands: Record<string, { js: string; imports: string[] }>;
}
