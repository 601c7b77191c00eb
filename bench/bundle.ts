import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What a page makes the browser load, gzip-compressed, read from its HTML (docs/decisions/260):
 * before its first paint only the HTML with the whole stylesheet inlined; after it, the entry
 * the page's script names with the chunks it imports and the islands' chunks.
 */
export async function pageBytes(html: string, publicDir: string) {
  const gzip = (text: string | Buffer) => gzipSync(text).length;
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)]
    .map((m) => m[1]!)
    .join('');
  const linkedCss = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
  const script = html.match(/<script\b[^>]*data-src="([^"]+)"[^>]*>/);
  const js = new Set<string>();
  if (script) {
    js.add(script[1]!);
    for (const href of script[0].match(/data-preload="([^"]*)"/)?.[1]?.split(' ') ?? [])
      if (href) js.add(href);
  }
  // The entry's own static imports come with it.
  for (const url of [...js]) {
    const text = await readFile(path.join(publicDir, url), 'utf8');
    for (const m of text.matchAll(/from"(\/assets\/[^"]+\.js)"|import"(\/assets\/[^"]+\.js)"/g))
      js.add((m[1] ?? m[2])!);
  }
  const sizeOf = async (urls: Iterable<string>) => {
    let total = 0;
    for (const url of urls) total += gzip(await readFile(path.join(publicDir, url)));
    return total;
  };
  return {
    /** CSS the first paint needs: inlined, plus any stylesheet the page links. */
    cssBeforePaint: gzip(inlineCss) + (await sizeOf(linkedCss)),
    /** Every script the page loads before it is used (after its first paint). */
    jsGzip: await sizeOf(js),
    jsFiles: js.size,
    htmlGzip: gzip(html),
    htmlBytes: Buffer.byteLength(html),
  };
}
