import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../helpers/db';
import { startUpstreamServer, type UpstreamServer } from '../helpers/upstream-server';

/**
 * Three built servers on one PostgreSQL database, each with its own refresh schedule, against
 * one stand-in for Jira and Forecast that counts every call: between them they must make
 * exactly one refresh per interval (docs/decisions/130-one-refresh-runner.md).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const INTERVAL_S = 3;
const SLOTS = 4;

if (!process.env.DATABASE_URL) {
  describe('three app processes on one PostgreSQL', () => {
    it.skip('skipped: needs DATABASE_URL (several processes cannot share the embedded database)', () => {});
  });
} else {
  describe('three app processes on one PostgreSQL', () => {
    let upstream: UpstreamServer;
    let drop: () => Promise<void>;
    let query: (sql: string) => Promise<Record<string, unknown>[]>;
    const children: ChildProcess[] = [];
    const logs: string[] = [];
    const scratch = mkdtempSync(path.join(tmpdir(), 'agency-three-'));

    beforeAll(async () => {
      upstream = await startUpstreamServer();
      const created = await createTestDb();
      drop = created.drop;
      query = (sql) => created.db.query(sql);
      for (let i = 0; i < 3; i++) {
        const child = spawn(process.execPath, [path.join(root, 'dist/server/server.js')], {
          cwd: root,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: {
            PATH: process.env.PATH ?? '/usr/bin:/bin',
            NODE_ENV: 'production',
            HOST: '127.0.0.1',
            PORT: '0',
            DATA_DIR: path.join(scratch, `data-${i}`),
            DATABASE_URL: created.url!,
            SYNC_INTERVAL_SECONDS: String(INTERVAL_S),
            ...upstream.env,
          },
        });
        const log = (chunk: Buffer) => (logs[i] = (logs[i] ?? '') + chunk.toString());
        child.stdout?.on('data', log);
        child.stderr?.on('data', log);
        children.push(child);
      }
      // Every process listens (and so runs its schedule) before the count starts.
      const deadline = Date.now() + 60_000;
      while (children.some((_, i) => !(logs[i] ?? '').includes('listening on'))) {
        if (Date.now() > deadline) throw new Error(`servers did not start:\n${logs.join('\n')}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }, 90_000);

    afterAll(async () => {
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(
        children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
      );
      await upstream?.close();
      await drop?.();
      rmSync(scratch, { recursive: true, force: true });
    }, 30_000);

    it(
      'makes exactly one refresh per interval between them, counted at the upstream',
      async () => {
        const intervalMs = INTERVAL_S * 1000;
        const firstSlot = Math.floor(Date.now() / intervalMs) + 1;
        const lastSlot = firstSlot + SLOTS - 1;
        // Wait until the last counted slot has ended and its run has had time to finish.
        await new Promise((r) => setTimeout(r, (lastSlot + 1) * intervalMs - Date.now() + 1_500));

        // Each refresh reads Forecast's person list once: count those per slot.
        const perSlot = new Map<number, number>();
        for (const r of upstream.requests.filter((q) => q.path === '/api/v2/persons')) {
          const slot = Math.floor(r.at / intervalMs);
          perSlot.set(slot, (perSlot.get(slot) ?? 0) + 1);
        }
        const counted = Array.from({ length: SLOTS }, (_, k) => perSlot.get(firstSlot + k) ?? 0);
        expect(counted, logs.join('\n')).toEqual(Array(SLOTS).fill(1));

        // The history agrees, every run succeeded, and more than one process took its turn.
        const runs = await query(
          `SELECT trigger, runner, outcome FROM sync_runs
            WHERE trigger IN ('start', 'schedule') ORDER BY started_at`,
        );
        expect(runs.length).toBe(
          upstream.requests.filter((q) => q.path === '/api/v2/persons').length,
        );
        expect(runs.every((r) => r.outcome === 'succeeded' || r.outcome === 'running')).toBe(true);
        expect(runs[0]!.trigger).toBe('start');
        // One JSON line per finished run, across the three processes' output.
        const lines = logs
          .join('\n')
          .split('\n')
          .filter((l) => l.startsWith('{"event":"sync_run"'));
        expect(lines.length).toBeGreaterThanOrEqual(SLOTS);
        console.log(
          `three processes, ${SLOTS} intervals of ${INTERVAL_S} s: refreshes per interval ${counted.join(', ')}; upstream calls ${upstream.requests.length}; runners ${[...new Set(runs.map((r) => r.runner))].length}`,
        );
      },
      (SLOTS + 3) * INTERVAL_S * 1000 + 10_000,
    );
  });
}
