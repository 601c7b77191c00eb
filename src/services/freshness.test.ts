import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../tests/helpers/db';
import { loadConfig } from '../config';
import { saveSyncState } from '../db/forecast';
import type { Db } from '../db/port';
import { claimLease } from '../db/sync-lease';
import { finishSyncRun, insertSyncRun } from '../db/sync-runs';
import { loadFreshness } from './freshness';

// The freshness line's inputs come from four tables in one query (src/db/freshness.ts): each
// part must read right whether or not the others have a row.
let db: Db;
let drop: () => Promise<void>;
const now = new Date('2026-11-26T10:00:00Z');
const config = loadConfig({ NODE_ENV: 'test', SYNC_INTERVAL_SECONDS: '300' });
const freshness = (wanted: Parameters<typeof loadFreshness>[1], role: 'admin' | 'staff') =>
  loadFreshness({ db, config, clock: () => now }, wanted, { role });

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
}, 120_000);
afterAll(() => drop());

describe('the freshness line', () => {
  it('on an empty dashboard: no synced source yet, nothing running, no run before', async () => {
    expect(await freshness(['jira', 'billing', 'time'], 'admin')).toMatchObject({
      sources: [{ service: 'Forecast time', at: null }],
      running: false,
      lastRun: null,
    });
  });

  it('reads the oldest sync of visible projects, the time sync, the lease and the last finished run together', async () => {
    await db.query(
      `INSERT INTO projects (name, jira_project_key, last_jira_sync, forecast_project_id, last_forecast_sync, visible)
       VALUES ('Atlas', 'ATL', '2026-11-26T09:50:00Z', 11, '2026-11-26T09:40:00Z', 1),
              ('Borealis', 'BOR', '2026-11-26T09:30:00Z', 12, '2026-11-26T09:55:00Z', 1),
              ('Hidden', 'HID', '2026-11-20T00:00:00Z', 13, '2026-11-20T00:00:00Z', 0)`,
    );
    await saveSyncState(db, {
      timeRegistrationsUpdatedAfter: new Date('2026-11-26T09:00:00Z'),
      lastTimeSync: new Date('2026-11-26T09:45:00Z'),
    });
    const failed = await insertSyncRun(db, {
      trigger: 'schedule',
      runner: 'node 1@a',
      requestedBy: null,
      startedAt: new Date('2026-11-26T09:20:00Z'),
    });
    await finishSyncRun(db, failed, {
      outcome: 'failed',
      finishedAt: new Date('2026-11-26T09:21:00Z'),
      upstreamCalls: 3,
      rowsChanged: 0,
      progress: {},
      failure: 'Jira answered 401: check JIRA_API_TOKEN',
    });
    // A run still going and a project's own billing run are not "the last run".
    await insertSyncRun(db, {
      trigger: 'sync_now',
      runner: 'node 1@a',
      requestedBy: null,
      startedAt: new Date('2026-11-26T09:58:00Z'),
    });
    const billing = await insertSyncRun(db, {
      trigger: 'billing',
      runner: 'node 1@a',
      requestedBy: null,
      startedAt: new Date('2026-11-26T09:59:00Z'),
    });
    await finishSyncRun(db, billing, {
      outcome: 'succeeded',
      finishedAt: new Date('2026-11-26T09:59:30Z'),
      upstreamCalls: 1,
      rowsChanged: 1,
      progress: {},
      failure: null,
    });
    expect(
      await claimLease(db, {
        holder: 'node 1@a',
        now,
        leaseMs: 60_000,
        nextDueAt: now,
        onlyIfDue: false,
      }),
    ).toBe(true);

    const admin = await freshness(['jira', 'billing', 'time'], 'admin');
    expect(admin.sources).toEqual([
      // Each source once, by its own name, with how often it is refreshed (docs/decisions/305).
      {
        service: 'Jira',
        at: '2026-11-26T09:30:00.000Z',
        staleAfterMs: expect.any(Number),
        refreshMs: 3_600_000,
      },
      {
        service: 'Forecast billing',
        at: '2026-11-26T09:40:00.000Z',
        staleAfterMs: expect.any(Number),
        refreshMs: 3_600_000,
      },
      {
        service: 'Forecast time',
        at: '2026-11-26T09:45:00.000Z',
        staleAfterMs: expect.any(Number),
        refreshMs: 300_000,
      },
    ]);
    expect(admin.running).toBe(true);
    expect(admin.lastRun).toEqual({
      outcome: 'failed',
      finishedAt: '2026-11-26T09:21:00.000Z',
      failure: 'Jira answered 401: check JIRA_API_TOKEN',
    });
    // Staff see that it failed, not why.
    expect((await freshness(['jira'], 'staff')).lastRun).toEqual({
      outcome: 'failed',
      finishedAt: '2026-11-26T09:21:00.000Z',
      failure: null,
    });
  });

  it('no longer reports a run in progress once the lease has lapsed', async () => {
    const later = new Date(now.getTime() + 120_000);
    const lapsed = await loadFreshness({ db, config, clock: () => later }, ['time'], {
      role: 'admin',
    });
    expect(lapsed.running).toBe(false);
  });
});
