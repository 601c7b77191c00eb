// Builds everything with esbuild: client islands (ESM, split, hashed), the whole stylesheet (one
// hashed file every page links), the Node server and CLI entries, and the Cloudflare Worker bundle.
//   node build.mjs                 client + server + worker
//   node build.mjs --server-only   server and CLI entries only (for npm run users / db:migrate)
import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin';
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { serverOnlyGuard } from './build/server-only.mjs';

const root = path.dirname(new URL(import.meta.url).pathname);
const dist = path.join(root, 'dist');
const serverOnly = process.argv.includes('--server-only');
// vanilla-extract's own short class names, pinned in every bundle: its default follows each
// build's `minify`, and a server and client that name a style differently break hydration
// (docs/decisions/232).
const identifiers = 'short';
const sqlText = { '.sql': 'text' };

const started = performance.now();

async function islandEntries() {
  const files = await readdir(path.join(root, 'src/islands'));
  return files
    .filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'))
    .map((f) => path.join('src/islands', f));
}

async function buildClient() {
  const islands = await islandEntries();
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['src/client/main.tsx', 'src/client/auth.ts', ...islands],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    minify: true,
    sourcemap: false,
    metafile: true,
    outdir: path.join(dist, 'public/assets'),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    publicPath: '/assets/',
    define: { 'process.env.NODE_ENV': '"production"' },
    // Server-only code (db, services, auth, routes, middleware) can never reach the browser.
    plugins: [serverOnlyGuard({ root }), vanillaExtractPlugin({ identifiers, outputCss: false })],
    logLevel: 'warning',
  });
  // Island name -> its chunk and the chunks it imports (bench/bundle.ts counts them with the page).
  const islandsByName = {};
  let main = '';
  let auth = '';
  const toUrl = (out) => `/assets/${path.basename(out)}`;
  for (const [out, meta] of Object.entries(result.metafile.outputs)) {
    if (!out.endsWith('.js') || !meta.entryPoint) continue;
    if (meta.entryPoint === 'src/client/main.tsx') {
      main = toUrl(out);
      continue;
    }
    if (meta.entryPoint === 'src/client/auth.ts') {
      auth = toUrl(out);
      continue;
    }
    const name = path.basename(meta.entryPoint, '.tsx');
    const imports = meta.imports
      .filter((i) => i.kind === 'import-statement')
      .map((i) => toUrl(i.path));
    islandsByName[name] = { js: toUrl(out), imports };
  }
  // The entry's own imports are needed by every island page: its static ones and the hydrator
  // it imports after the first frame (src/client/main.tsx).
  const mainMeta = Object.entries(result.metafile.outputs).find(
    ([, m]) => m.entryPoint === 'src/client/main.tsx',
  )[1];
  const mainImports = mainMeta.imports
    .filter((i) => i.kind === 'import-statement' || i.kind === 'dynamic-import')
    .map((i) => toUrl(i.path));
  for (const island of Object.values(islandsByName))
    island.imports = [...new Set([...mainImports, ...island.imports])];
  return { main, auth, islands: islandsByName };
}

async function buildServer() {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: {
      server: 'src/server.ts',
      users: 'src/cli/users.ts',
      migrate: 'src/cli/migrate.ts',
      'reset-demo': 'src/cli/reset-demo.ts',
      backup: 'src/cli/backup.ts',
      restore: 'src/cli/restore.ts',
      bench: 'bench/run.ts',
      'bench-load': 'bench/load.ts',
      screenshots: 'bench/screenshots.ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: ['node20'],
    packages: 'external',
    sourcemap: true,
    outdir: path.join(dist, 'server'),
    loader: sqlText,
    plugins: [vanillaExtractPlugin({ identifiers, outputCss: true })],
    logLevel: 'warning',
  });
  // A selector esbuild cannot parse is dropped from the page without a word: stop the build.
  const broken = result.warnings.filter((w) => w.id === 'css-syntax-error');
  if (broken.length)
    throw new Error(`The stylesheet has ${broken.length} syntax error(s); see the warnings above`);
  // The server bundle imports every page, so its CSS is the whole app's stylesheet, which every
  // page links as one hashed file (docs/decisions/360-page-shell-as-the-anchors.md).
  const cssText = await readFile(path.join(dist, 'server/server.css'), 'utf8').catch(() => '');
  return (await esbuild.transform(cssText, { loader: 'css', minify: true })).code.trim();
}

/** The stylesheet as a hashed file: cached for a year, a new name whenever it changes. */
async function writeStylesheet(text) {
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 8).toUpperCase();
  const name = `app-${hash}.css`;
  await mkdir(path.join(dist, 'public/assets'), { recursive: true });
  await writeFile(path.join(dist, 'public/assets', name), text);
  return `/assets/${name}`;
}

async function buildWorker(manifest) {
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { worker: 'src/worker.ts' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: ['es2022'],
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    external: ['cloudflare:*', 'node:*'],
    minify: true,
    outdir: path.join(dist, 'worker'),
    loader: sqlText,
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [
      vanillaExtractPlugin({ identifiers, outputCss: false }),
      {
        name: 'asset-manifest',
        setup(b) {
          b.onResolve({ filter: /^virtual:asset-manifest$/ }, () => ({
            path: 'asset-manifest',
            namespace: 'virtual',
          }));
          b.onLoad({ filter: /.*/, namespace: 'virtual' }, () => ({
            contents: JSON.stringify(manifest),
            loader: 'json',
          }));
        },
      },
    ],
    logLevel: 'warning',
  });
  // Workers assets serve dist/public without the Worker; hashed names never change, so cache for a year.
  await writeFile(
    path.join(dist, 'public/_headers'),
    '/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n',
  );
}

if (!serverOnly) await rm(path.join(dist, 'public'), { recursive: true, force: true });
const stylesheet = await buildServer();
if (!serverOnly) {
  const client = await buildClient();
  const manifest = { css: await writeStylesheet(stylesheet), ...client };
  await writeFile(path.join(dist, 'manifest.json'), JSON.stringify(manifest, null, 2));
  await buildWorker(manifest);
}
console.log(`built in ${Math.round(performance.now() - started)} ms`);
