import {
  chmodSync,
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
import { PRIVATE_DIR_MODE } from '../db/private-files';

/**
 * The embedded database belongs to one process (docs/decisions/162-one-owner-of-the-data-folder.md).
 * Before PGlite opens `DATA_DIR`, the owner creates `DATA_DIR/owner.lock` exclusively (O_EXCL);
 * a second server or `npm run users` finds it and stops with a message naming the owner. A lock
 * left by a process that no longer runs (kill -9, a crash) is taken over, and so is one whose PID
 * another process has since been given: the lock records the owner's start time too.
 */
export interface LockOwner {
  pid: number;
  /** What the owner is: 'server' or 'users command'. */
  role: string;
  /** Set once the server has bound its port. */
  port?: number;
  url?: string;
  startedAt: string;
  /**
   * The process's start time as the kernel counts it (/proc/<pid>/stat, clock ticks since boot):
   * with the PID it names one process, so a lock whose PID was reused is known to be stale.
   * Absent where /proc is not (the PID alone decides then).
   */
  processStart?: number;
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

/** Field 22 of /proc/<pid>/stat (Linux), or null where it cannot be read. */
export function processStartTime(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = Number(fields[19]);
    return Number.isFinite(start) ? start : null;
  } catch {
    return null;
  }
}

/** Whether the lock's owner still runs: its PID, and the same process behind it when known. */
export function isOwnerRunning(owner: Pick<LockOwner, 'pid' | 'processStart'>): boolean {
  if (!isProcessRunning(owner.pid)) return false;
  if (owner.processStart === undefined) return true;
  const start = processStartTime(owner.pid);
  return start === null || start === owner.processStart;
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
  // A folder made here is owner-only (docs/decisions/380); an existing one keeps the mode its
  // operator gave it, while everything the dashboard puts inside is owner-only.
  if (mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE }))
    chmodSync(dataDir, PRIVATE_DIR_MODE);
  const file = lockPath(dataDir);
  const processStart = processStartTime(pid) ?? undefined;
  let owner: LockOwner = { pid, role, startedAt: new Date().toISOString(), processStart };
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
    if (holder && holder.pid !== pid && isOwnerRunning(holder))
      throw new DataDirInUseError(dataDir, holder);
    // Left by a process that is gone (or by one whose PID another process now has) (or unreadable because it died while writing): move it
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
    if (moved && moved.pid !== holder?.pid && isOwnerRunning(moved)) {
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
