import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The data folder holds the password hashes, sessions and everything the dashboard copied from
 * upstream: its folders are 0700 and its files 0600, whatever the umask
 * (docs/decisions/380-data-files-owner-only.md). Node only.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Makes the folder (and any missing parent) owner-only; an existing one is made so too. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Makes every folder and file under `root` owner-only; symbolic links are left alone, never
 * followed. PGlite writes the files it unpacks (a new database's, a restored snapshot's) with
 * the tarball's 0666 by chmod, which no umask narrows, so this runs after it opens a folder.
 * Returns how many modes it changed.
 */
export function makeTreePrivate(root: string): number {
  let changed = 0;
  const visit = (at: string) => {
    const stat = lstatSync(at);
    if (stat.isSymbolicLink()) return;
    const mode = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((stat.mode & 0o777) !== mode) {
      chmodSync(at, mode);
      changed++;
    }
    if (stat.isDirectory()) for (const name of readdirSync(at)) visit(path.join(at, name));
  };
  visit(root);
  return changed;
}
