import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Layers depend one way (docs/decisions/100-layers-and-the-shared-kernel.md):
 *   server:  routes -> services -> db -> shared
 *   browser: islands -> client, components -> shared
 * Pages (routes/pages) render components and islands through render/; nothing imports upward.
 * This reads every import of every file under src/ and checks it against the table below.
 */

const root = path.resolve(import.meta.dirname, '../..');

type Layer =
  | 'shared'
  | 'components'
  | 'client'
  | 'islands'
  | 'render'
  | 'config'
  | 'db'
  | 'auth'
  | 'services'
  | 'middleware'
  | 'routes'
  | 'api'
  | 'pages'
  | 'mocks'
  | 'demo'
  | 'cli'
  | 'env'
  | 'entry';

/** The layer a file under src/ belongs to, by its path. */
function layerOf(file: string): Layer | null {
  const folders: [string, Layer][] = [
    ['src/shared/', 'shared'],
    ['src/components/', 'components'],
    ['src/client/', 'client'],
    ['src/islands/', 'islands'],
    ['src/render/', 'render'],
    ['src/db/', 'db'],
    ['src/auth/', 'auth'],
    ['src/services/', 'services'],
    ['src/middleware/', 'middleware'],
    ['src/routes/api/', 'api'],
    ['src/routes/pages/', 'pages'],
    ['src/routes/', 'routes'],
    ['src/mocks/', 'mocks'],
    ['src/demo/', 'demo'],
    ['src/cli/', 'cli'],
    ['src/server/', 'entry'],
  ];
  for (const [folder, layer] of folders) if (file.startsWith(folder)) return layer;
  const files: Record<string, Layer> = {
    'src/config': 'config',
    'src/env': 'env',
    'src/app': 'entry',
    'src/runtime': 'entry',
    'src/server': 'entry',
    'src/worker': 'entry',
  };
  return files[file.replace(/(\.test)?\.tsx?$/, '')] ?? null;
}

const SERVER: Layer[] = ['db', 'auth', 'services', 'middleware', 'routes', 'api', 'pages'];

/** What each layer may import (besides packages and files outside src/). */
const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  shared: ['shared'],
  components: ['components', 'shared'],
  client: ['client', 'components', 'shared'],
  islands: ['islands', 'client', 'components', 'shared'],
  render: ['render', 'components', 'shared'],
  config: ['config', 'shared'],
  db: ['db', 'config', 'shared'],
  auth: ['auth', 'db', 'config', 'shared'],
  // auth/ (sessions, passwords) sits on db/ only, so a service may read who is signed in.
  services: ['services', 'auth', 'db', 'config', 'shared'],
  middleware: ['middleware', 'auth', 'services', 'db', 'env', 'config', 'shared'],
  // Input schemas and checks that API routes and pages share (validation.ts, schemas.ts).
  routes: ['routes', 'services', 'db', 'config', 'env', 'shared'],
  api: ['api', 'routes', 'middleware', 'auth', 'services', 'db', 'env', 'config', 'shared'],
  // Pages never import API routes: what both need is a service.
  pages: [
    'pages',
    'routes',
    'render',
    'islands',
    'components',
    'middleware',
    'auth',
    'services',
    'db',
    'env',
    'config',
    'shared',
  ],
  mocks: ['mocks', 'services', 'shared'],
  demo: ['demo', 'mocks', 'services', 'db', 'auth', 'env', 'config', 'shared'],
  cli: ['cli', 'entry', ...SERVER, 'env', 'config', 'shared'],
  // The dependencies the app is given: types of the database, sessions and clients.
  env: ['env', 'services', 'auth', 'db', 'render', 'config', 'shared'],
  entry: [
    'entry',
    ...SERVER,
    'render',
    'mocks',
    'demo',
    'env',
    'config',
    'shared',
    'components',
    'islands',
  ],
};

/** Tests may also start the demo's mock Jira and Forecast and seed the demo agency. */
const TESTS_MAY_IMPORT: readonly Layer[] = ['mocks', 'demo'];

/** The hydrator's island registry: the browser's one entry above the islands, each a lazy import. */
const ISLAND_REGISTRY = 'src/client/islands.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [rel] : [];
  });
}

// Static imports and re-exports (type-only included: a type names its layer too), dynamic imports.
const IMPORT =
  /(?:^|[\s;])(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

const files = sourceFiles('src');
const known = new Set(files);

/** The file a relative specifier names, as a path from the repository root. */
function resolve(from: string, specifier: string): string {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ])
    if (known.has(candidate)) return candidate;
  return base;
}

function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const specifiers = [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]!);
  return specifiers.filter((s) => s.startsWith('.')).map((s) => resolve(file, s));
}

function violations(): string[] {
  const found: string[] = [];
  for (const file of files) {
    const from = layerOf(file);
    if (!from) continue;
    for (const target of importsOf(file)) {
      const to = layerOf(target);
      if (!to || MAY_IMPORT[from].includes(to)) continue;
      if (/\.test\.tsx?$/.test(file) && TESTS_MAY_IMPORT.includes(to)) continue;
      if (file === ISLAND_REGISTRY && to === 'islands') continue;
      found.push(`${file} -> ${target}`);
    }
  }
  return found.sort();
}

describe('layers depend one way', () => {
  it('finds the imports of the files it checks', () => {
    // Guards the reader itself: a broken pattern would find nothing and pass everything.
    expect(files.length).toBeGreaterThan(100);
    expect(importsOf('src/islands/AvailabilityGrid.tsx')).toContain('src/shared/calendar.ts');
    expect(importsOf('src/client/islands.ts')).toContain('src/islands/Toaster.tsx');
    expect(layerOf('src/routes/api/projects.ts')).toBe('api');
    expect(layerOf('src/server.ts')).toBe('entry');
  });

  it('has no import running up a layer', () => {
    expect(violations()).toEqual([]);
  });

  it('keeps server-only code out of shared/, components/, client/ and islands/, types included', () => {
    const browser: Layer[] = ['shared', 'components', 'client', 'islands'];
    const reaching = violations().filter((v) => {
      const [from, to] = v.split(' -> ') as [string, string];
      return browser.includes(layerOf(from)!) && SERVER.includes(layerOf(to)!);
    });
    expect(reaching).toEqual([]);
  });
});
