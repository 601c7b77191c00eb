import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  DataDirInUseError,
  lockPath,
  processStartTime,
  readLockOwner,
} from './data-dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agency-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const onLinux = processStartTime(process.pid) !== null;

describe.skipIf(!onLinux)('a stale owner.lock', () => {
  it('is taken over when its PID now belongs to another process', async () => {
    // A live process that is not the lock's owner: the PID runs, its start time differs.
    const other = spawn('sleep', ['30']);
    await new Promise((r) => other.once('spawn', r));
    try {
      const dir = tempDir();
      const start = processStartTime(other.pid!)!;
      writeFileSync(
        lockPath(dir),
        JSON.stringify({
          pid: other.pid,
          role: 'server',
          startedAt: '2026-01-01T00:00:00.000Z',
          processStart: start - 1000,
        }),
      );
      const lock = acquireDataDirLock(dir, 'server');
      expect(readLockOwner(dir)).toMatchObject({ pid: process.pid, role: 'server' });
      lock.release();

      // The same PID with its own start time is the owner: refused.
      writeFileSync(
        lockPath(dir),
        JSON.stringify({ pid: other.pid, role: 'server', startedAt: 'x', processStart: start }),
      );
      expect(() => acquireDataDirLock(dir, 'server')).toThrow(DataDirInUseError);
    } finally {
      other.kill();
    }
  });

  it('records the owner start time', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir, 'server');
    expect(readLockOwner(dir)?.processStart).toBe(processStartTime(process.pid));
    lock.release();
  });
});

describe('a data folder the lock makes', () => {
  it('is owner-only, and so is its lock, even under umask 0', () => {
    const before = process.umask(0);
    try {
      const dir = path.join(tempDir(), 'new/data');
      const lock = acquireDataDirLock(dir, 'server');
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(statSync(path.dirname(dir)).mode & 0o777).toBe(0o700);
      expect(statSync(lockPath(dir)).mode & 0o777).toBe(0o600);
      lock.release();
    } finally {
      process.umask(before);
    }
  });
});
