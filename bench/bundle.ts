import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The JavaScript and CSS a page makes the browser load first, gzip-compressed, from its HTML. */
export async function firstLoadBytes(html: string, publicDir: string) {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const m of html.matchAll(/<script type="module" src="([^"]+)"/g)) js.add(m[1]!);
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) js.add(m[1]!);
  for (const m of html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)) css.add(m[1]!);
  const size = async (urls: Set<string>) => {
    let total = 0;
    for (const url of urls) total += gzipSync(await readFile(path.join(publicDir, url))).length;
    return total;
  };
  return { jsGzip: await size(js), cssGzip: await size(css), jsFiles: js.size };
}
