import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { AssetManifest } from '../src/render/assets';

/**
 * What a page makes the browser load, gzip-compressed, read from its HTML (docs/decisions/360):
 * before its first paint the HTML and the stylesheet it links; then the module script in its
 * head with every chunk it imports, and, when that script is the hydrator, the chunks of the
 * islands on the page. A page with its own script (the sign-in page's) loads its islands only
 * once the visitor starts using it: those come as `jsOnUse`, not in `jsGzip`.
 */
export async function pageBytes(html: string, publicDir: string) {
  const gzip = (text: string | Buffer) => gzipSync(text).length;
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)]
    .map((m) => m[1]!)
    .join('');
  const linkedCss = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
  const js = new Set<string>();
  const onUse = new Set<string>();
  const entry = html.match(/<script type="module" src="([^"]+)"/)?.[1];
  if (entry) {
    js.add(entry);
    // The islands the page holds, whose chunks the entry fetches (dist/manifest.json).
    const manifest = JSON.parse(
      await readFile(path.join(publicDir, '../manifest.json'), 'utf8'),
    ) as AssetManifest;
    const islands = entry === manifest.main ? js : onUse;
    for (const [, name] of html.matchAll(/<app-island data-island="([^"]+)"/g)) {
      const island = manifest.islands[name!];
      if (island) for (const url of [island.js, ...island.imports]) islands.add(url);
    }
  }
  // Each file's static imports come with it, and theirs.
  const withImports = async (urls: Set<string>) => {
    for (const url of urls) {
      const text = await readFile(path.join(publicDir, url), 'utf8');
      for (const m of text.matchAll(/from"(\/assets\/[^"]+\.js)"|import"(\/assets\/[^"]+\.js)"/g))
        urls.add((m[1] ?? m[2])!);
    }
    return urls;
  };
  await withImports(js);
  for (const url of await withImports(onUse)) if (js.has(url)) onUse.delete(url);
  const sizeOf = async (urls: Iterable<string>) => {
    let total = 0;
    for (const url of urls) total += gzip(await readFile(path.join(publicDir, url)));
    return total;
  };
  return {
    /** CSS the first paint needs: inlined, plus any stylesheet the page links. */
    cssBeforePaint: (inlineCss ? gzip(inlineCss) : 0) + (await sizeOf(linkedCss)),
    /** Every script the page loads before it is used. */
    jsGzip: await sizeOf(js),
    jsFiles: js.size,
    /** What its own script loads once the page is used (its islands, React with them). */
    jsOnUse: await sizeOf(onUse),
    htmlGzip: gzip(html),
    htmlBytes: Buffer.byteLength(html),
  };
}
