import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/**
 * The embedded database belongs to one process (docs/decisions/162-one-owner-of-the-data-folder.md).
 * Before PGlite opens `DATA_DIR`, the owner creates `DATA_DIR/owner.lock` exclusively (O_EXCL);
 * a second server or `npm run users` finds it and stops with a message naming the owner. A lock
 * left by a process that no longer runs (kill -9, a crash) is taken over.
 */
export interface LockOwner {
  pid: number;
  /** What the owner is: 'server' or 'users command'. */
  role: string;
  /** Set once the server has bound its port. */
  port?: number;
  url?: string;
  startedAt: string;
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by the dashboard ${owner.role} with PID ${owner.pid}${
        owner.port !== undefined
          ? ` on port ${owner.port}${owner.url ? ` (${owner.url})` : ''}`
          : ''
      }, started ${owner.startedAt}. Only one process may open it: stop that one first, or give this one its own DATA_DIR.`,
    );
  }
}

export interface DataDirLock {
  readonly path: string;
  /** Records the bound port, so whoever finds the lock can say where the owner listens. */
  update(change: Pick<LockOwner, 'port' | 'url'>): void;
  /** Removes the lock if this process still owns it; never another process's lock. */
  release(): void;
}

/** The exit code of a server or command that found the data folder owned by another process. */
export const EXIT_DATA_DIR_IN_USE = 3;

export const lockPath = (dataDir: string) => path.resolve(dataDir, 'owner.lock');

/** Whether a process with this id runs (signal 0 tests without signalling). */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readLockOwner(dataDir: string): LockOwner | null {
  try {
    return JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as LockOwner;
  } catch {
    return null;
  }
}

/** Takes the lock or throws DataDirInUseError naming the process that holds it. */
export function acquireDataDirLock(
  dataDir: string,
  role: string,
  pid: number = process.pid,
): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = lockPath(dataDir);
  let owner: LockOwner = { pid, role, startedAt: new Date().toISOString() };
  const write = (fd: number) => writeSync(fd, JSON.stringify(owner));

  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        write(fd);
      } finally {
        closeSync(fd);
      }
      return {
        path: file,
        update(change) {
          owner = { ...owner, ...change };
          // Written beside and renamed over, so a reader never sees half a file.
          const tmp = `${file}.${pid}.tmp`;
          const fd2 = openSync(tmp, 'w', 0o600);
          try {
            write(fd2);
          } finally {
            closeSync(fd2);
          }
          renameSync(tmp, file);
        },
        release() {
          if (readLockOwner(dataDir)?.pid === pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readLockOwner(dataDir);
    if (holder && holder.pid !== pid && isProcessRunning(holder.pid))
      throw new DataDirInUseError(dataDir, holder);
    // Left by a process that is gone (or unreadable because it died while writing): move it
    // aside atomically. Of two starters racing for it, only one rename succeeds.
    const aside = `${file}.stale-${pid}`;
    try {
      renameSync(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      continue;
    }
    let moved: LockOwner | null = null;
    try {
      moved = JSON.parse(readFileSync(aside, 'utf8')) as LockOwner;
    } catch {}
    // Another starter took the stale lock over between our read and our rename: put its lock
    // back (link fails rather than overwrite, should a third have made one meanwhile).
    if (moved && moved.pid !== holder?.pid && isProcessRunning(moved.pid)) {
      try {
        linkSync(aside, file);
      } catch {}
    }
    rmSync(aside, { force: true });
  }
  const holder = readLockOwner(dataDir);
  if (holder) throw new DataDirInUseError(dataDir, holder);
  throw new Error(`Could not take the lock ${file}; remove it if no dashboard process runs.`);
}
