// The line between server and browser, enforced while esbuild bundles the client: an island,
// component or client module whose import graph resolves into server-only code fails the build,
// naming the importing file. Why and what goes where: docs/decisions/100-layers-and-the-shared-kernel.md.
import path from 'node:path';

/** Folders and files under src/ that hold server-only code (secrets, SQL, sessions, routes). */
export const SERVER_ONLY = [
  'src/db/',
  'src/services/',
  'src/auth/',
  'src/routes/',
  'src/middleware/',
  'src/server.ts',
  'src/app.ts',
  'src/config.ts',
  'src/env.ts',
];

const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];

/** The SERVER_ONLY entry `target` (absolute, maybe without extension) falls in, or undefined. */
export function serverOnlyArea(root, target) {
  const rel = path.relative(root, target).split(path.sep).join('/');
  return SERVER_ONLY.find((area) =>
    area.endsWith('/') ? rel.startsWith(area) : EXTENSIONS.some((ext) => `${rel}${ext}` === area),
  );
}

/** esbuild plugin: fails the build when a relative or absolute import resolves into SERVER_ONLY. */
export function serverOnlyGuard({ root }) {
  return {
    name: 'server-only-guard',
    setup(build) {
      build.onResolve({ filter: /^[./]/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const target = path.resolve(args.resolveDir, args.path);
        const area = serverOnlyArea(root, target);
        if (!area) return undefined;
        const importer = path.relative(root, args.importer).split(path.sep).join('/');
        return {
          errors: [
            {
              text: `${importer} imports '${args.path}', which is server-only code (${area}); the browser bundle may use src/shared/, src/components/ and src/client/ only. Move what the browser needs into src/shared/.`,
            },
          ],
        };
      });
    },
  };
}
