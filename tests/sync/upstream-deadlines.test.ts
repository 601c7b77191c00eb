import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/port';
import { createForecastClient } from '../../src/services/forecast/client';
import { syncTimeRegistrations } from '../../src/services/forecast/sync';
import { UpstreamError } from '../../src/services/http';
import { createPipedriveClient } from '../../src/services/pipedrive/client';
import { syncPipeline } from '../../src/services/pipedrive/sync';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import {
  startUpstreamServer,
  UPSTREAM_CREDENTIALS,
  type UpstreamServer,
} from '../helpers/upstream-server';
import { seedForInputTests } from '../security/calls';
import { changedTables, snapshotDb } from '../security/db-snapshot';

// An upstream deadline covers the whole exchange: connecting, the headers and the body. A
// hanging Forecast once held a billing sync for the client's whole 150 s deadline; a Forecast
// that sent its headers and then dribbled or stalled its body held one 216 s and 301 s against
// a 20 s bound, and a Pipedrive body held Sync now 537 s against 90 s. Each now ends at its
// bound, within a second, with the message a silent service gets, and changes nothing stored.
const BOUND_SECONDS = 3;
/** A bound's end is "within a second" of it (docs/decisions/083). */
const WITHIN_MS = 1_000;
let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let upstream: UpstreamServer;
let projectId: number;
let staff: string;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  upstream = await startUpstreamServer();
  t = createTestApp(db, {
    env: { ...upstream.env, BILLING_SYNC_TIMEOUT_SECONDS: String(BOUND_SECONDS) },
  });
  ({ projectId } = await seedForInputTests(db));
  staff = await t.signIn('staff');
  // One whole sync first: the stored billing a failed one must leave alone (and a warm app, so
  // the time measured is the bound's).
  const first = await t.request('POST', `/api/projects/${projectId}/sync-forecast`, {
    cookie: staff,
  });
  expect(first.status, await first.clone().text()).toBe(200);
}, 60_000);
afterEach(() => {
  upstream.setDelay(0);
  upstream.setBodyPace(null);
});
afterAll(async () => {
  await upstream.close();
  await drop();
});

/** Runs `action`, returning what it threw and how long it took. */
async function timed(action: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  const error = await action().then(
    () => null,
    (e: unknown) => e,
  );
  return { error, ms: Date.now() - started };
}

describe('a billing sync against a slow Forecast', () => {
  it.each([
    ['never answers', () => upstream.setDelay(10 * 60_000)],
    [
      'sends its headers, then stalls the body',
      () => upstream.setBodyPace({ chunkBytes: 8, everyMs: 10, stallAfterBytes: 8 }),
    ],
    [
      'sends its headers, then dribbles the body a byte at a time',
      () => upstream.setBodyPace({ chunkBytes: 1, everyMs: 200 }),
    ],
  ])(
    'that %s gives up at its configured bound, says that bound, and changes nothing',
    async (_, fault) => {
      const before = await snapshotDb(db);
      fault();
      const started = Date.now();
      const res = await t.request('POST', `/api/projects/${projectId}/sync-forecast`, {
        cookie: staff,
      });
      const ms = Date.now() - started;
      expect(res.status).toBe(504);
      const { message } = (await res.json()) as { message: string };
      expect(message).toBe(`Forecast: no answer within ${BOUND_SECONDS} s`);
      expect(ms).toBeGreaterThanOrEqual(BOUND_SECONDS * 1000 - 50);
      expect(ms).toBeLessThan(BOUND_SECONDS * 1000 + WITHIN_MS);
      // Nothing stored was touched (the history's line for the run is not stored data).
      expect(changedTables(before, await snapshotDb(db))).toEqual([]);
    },
  );
});

describe('the agency-wide syncs against a body that stalls or dribbles', () => {
  const TIMEOUT_MS = 1_000;
  const DEADLINE_MS = 2_000;

  it('the Forecast time data ends at the call deadline with the silent service’s message', async () => {
    const forecast = createForecastClient({
      baseUrl: upstream.url,
      apiKey: UPSTREAM_CREDENTIALS.forecastKey,
      companyCurrency: 'USD',
      timeoutMs: TIMEOUT_MS,
      deadlineMs: DEADLINE_MS,
    });
    const before = await snapshotDb(db);
    upstream.setBodyPace({ chunkBytes: 16, everyMs: 100, pathPrefix: '/api/v4/' });
    const { error, ms } = await timed(() =>
      syncTimeRegistrations(db, forecast, { now: new Date() }),
    );
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).message).toBe('Forecast: no answer within 2 s');
    expect((error as UpstreamError).httpStatus).toBe(504);
    expect(ms).toBeLessThan(DEADLINE_MS + WITHIN_MS);
    expect(changedTables(before, await snapshotDb(db))).toEqual([]);
  });

  it('the Pipedrive pipeline ends at the call deadline with the silent service’s message', async () => {
    const pipedrive = createPipedriveClient({
      baseUrl: upstream.url,
      apiToken: UPSTREAM_CREDENTIALS.pipedriveToken,
      timeoutMs: TIMEOUT_MS,
      deadlineMs: DEADLINE_MS,
    });
    // It answers whole first: the copy this test must leave alone.
    await syncPipeline(db, pipedrive, { now: new Date() });
    const before = await snapshotDb(db);
    upstream.setBodyPace({
      chunkBytes: 4,
      everyMs: 50,
      stallAfterBytes: 40,
      pathPrefix: '/api/v2/deals',
    });
    const { error, ms } = await timed(() => syncPipeline(db, pipedrive, { now: new Date() }));
    expect((error as UpstreamError).message).toBe('Pipedrive: no answer within 2 s');
    expect(ms).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(ms).toBeLessThan(DEADLINE_MS + WITHIN_MS);
    expect(changedTables(before, await snapshotDb(db))).toEqual([]);
  });

  it('still reads a slow body whole when it ends within the bound', async () => {
    const forecast = createForecastClient({
      baseUrl: upstream.url,
      apiKey: UPSTREAM_CREDENTIALS.forecastKey,
      companyCurrency: 'USD',
      timeoutMs: TIMEOUT_MS,
      deadlineMs: DEADLINE_MS,
    });
    upstream.setBodyPace({ chunkBytes: 64, everyMs: 5, pathPrefix: '/api/v1/departments' });
    expect((await forecast.departments()).length).toBeGreaterThan(0);
  });
});
