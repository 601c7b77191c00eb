import { ConfigError } from '../config';
import {
  acquireDataDirLock,
  type DataDirLock,
  DataDirInUseError,
  EXIT_DATA_DIR_IN_USE,
} from '../server/data-dir-lock';

/**
 * Makes this command the embedded database's one owner while it runs, so a server started
 * meanwhile refuses. A folder another process owns prints why and gives the exit code to return.
 */
export function lockDataDirFor(dataDir: string, role: string): DataDirLock | number {
  try {
    return acquireDataDirLock(dataDir, role);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(error.message);
    return EXIT_DATA_DIR_IN_USE;
  }
}

/** Runs a command's main and exits with its code; a failure prints one line, never a stack. */
export function runCommand(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(
        error instanceof ConfigError ? error.message : `${name}: ${(error as Error).message}`,
      );
      process.exit(1);
    },
  );
}
