// Short class names for the production build (docs/decisions/232): an underscore, two letters
// naming the stylesheet file, then the rule's number in that file, as vanilla-extract counts
// them. A portfolio card carries about thirty class names, so their length is much of its HTML.
// The underscore is there because vanilla-extract finds its class names in selectors as plain
// text: a bare `ata` matched inside `[data-theme]` and spoiled a copy of the theme.
import hash from '@emotion/hash';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

async function stylesheets(root, dir) {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.css.ts'))
    .map((e) =>
      path.posix.join(path.relative(root, e.parentPath).split(path.sep).join('/'), e.name),
    );
}

/**
 * vanilla-extract's `identifiers` option. Files are numbered in sorted order when the build
 * starts, so every bundle of one build (client, server, Worker) names a rule alike.
 */
export async function shortIdentifiers(root, packageName) {
  const files = [
    ...(await stylesheets(root, 'src')),
    ...(await stylesheets(root, 'styles')),
  ].sort();
  if (files.length > LETTERS.length ** 2)
    throw new Error('More stylesheets than two letters can name');
  const codeOf = new Map(
    files.map((file, i) => [
      file,
      LETTERS[Math.floor(i / LETTERS.length)] + LETTERS[i % LETTERS.length],
    ]),
  );
  return ({ hash: identifier, filePath }) => {
    const code = codeOf.get(filePath);
    // vanilla-extract's identifier is the file's hash followed by the rule's number (base 36).
    const fileHash = hash(packageName ? `${packageName}${filePath}` : filePath);
    if (!code || !identifier.startsWith(fileHash))
      throw new Error(`No short class name for ${filePath}: build again from a clean tree`);
    return `_${code}${identifier.slice(fileHash.length)}`;
  };
}
