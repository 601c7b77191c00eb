import * as esbuild from 'esbuild';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverOnlyGuard } from '../../build/server-only.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Bundles one island given as source (never written to disk) the way build.mjs bundles the
 * client, with the same guard: the island sits in src/islands/, so its imports resolve as a
 * real island's would.
 */
async function bundleIsland(name: string, source: string) {
  return esbuild.build({
    absWorkingDir: root,
    stdin: {
      contents: source,
      resolveDir: path.join(root, 'src/islands'),
      sourcefile: path.join(root, `src/islands/${name}.tsx`),
      loader: 'tsx',
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    plugins: [serverOnlyGuard({ root })],
  });
}

const failureOf = async (name: string, source: string) => {
  try {
    await bundleIsland(name, source);
  } catch (error) {
    return (error as esbuild.BuildFailure).errors.map((e) => e.text).join('\n');
  }
  throw new Error(`${name} built, but it imports server-only code`);
};

describe('the client build refuses server-only code', () => {
  it('fails when an island imports a value from src/db/, naming the island and the module', async () => {
    const message = await failureOf(
      'DeliberateDbImport',
      `import { listAllProjects } from '../db/projects';
       export default function DeliberateDbImport() { return String(listAllProjects); }`,
    );
    expect(message).toContain('src/islands/DeliberateDbImport.tsx');
    expect(message).toContain("'../db/projects'");
    expect(message).toContain('src/db/');
  });

  it.each([
    [
      'src/services/',
      `import { loadGrossMargins } from '../services/gross-margins';`,
      'loadGrossMargins',
    ],
    [
      'src/auth/',
      `import { createPasswordHasher } from '../auth/password';`,
      'createPasswordHasher',
    ],
    ['src/routes/', `import { pages } from '../routes/pages';`, 'pages'],
    ['src/middleware/', `import { sameOrigin } from '../middleware/origin';`, 'sameOrigin'],
    ['src/config.ts', `import { loadConfig } from '../config';`, 'loadConfig'],
    ['src/app.ts', `import { createApp } from '../app';`, 'createApp'],
  ])('fails on an import from %s', async (area, importLine, name) => {
    const message = await failureOf(
      'DeliberateServerImport',
      `${importLine}\nexport default function DeliberateServerImport() { return String(${name}); }`,
    );
    expect(message).toContain(area);
  });

  it('builds an island that uses the shared kernel and components', async () => {
    const result = await bundleIsland(
      'KernelOnly',
      `import { formatMoney } from '../shared/currency';
       import { weekStartOf } from '../shared/calendar';
       export default function KernelOnly() { return formatMoney(1, 'USD') + weekStartOf('2026-11-25'); }`,
    );
    expect(result.errors).toEqual([]);
    expect(result.outputFiles[0]!.text).toContain('2026');
  });

  it('lets a type-only import of a server module through: types are erased before bundling', async () => {
    const result = await bundleIsland(
      'TypeOnly',
      `import type { Db } from '../db/port';
       export default function TypeOnly(props: { db?: Db }) { return props.db ? 'db' : 'none'; }`,
    );
    expect(result.errors).toEqual([]);
  });
});
