import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/port';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { startUpstreamServer, type UpstreamServer } from '../helpers/upstream-server';
import { seedForInputTests } from '../security/calls';

// A hanging Forecast held a billing sync for the client's whole 150 s deadline while the message
// named the last attempt's 29 s. The sync now has one bound for all its calls, and says that one.
const BOUND_SECONDS = 3;
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
});
afterAll(async () => {
  await upstream.close();
  await drop();
});

describe('a billing sync against a Forecast that never answers', () => {
  it('gives up at its configured bound and says that bound', async () => {
    const [before] = await db.query<{ last_forecast_sync: Date | null }>(
      'SELECT last_forecast_sync FROM projects WHERE id = $1',
      [projectId],
    );
    upstream.setDelay(10 * 60_000);
    const res = await t.request('POST', `/api/projects/${projectId}/sync-forecast`, {
      cookie: staff,
    });
    expect(res.status).toBe(504);
    const { message } = (await res.json()) as { message: string };
    expect(message).toMatch(/Forecast/);
    expect(Number(/no answer within (\d+) s/.exec(message)?.[1])).toBe(BOUND_SECONDS);
    // Nothing stored was touched.
    const [after] = await db.query<{ last_forecast_sync: Date | null }>(
      'SELECT last_forecast_sync FROM projects WHERE id = $1',
      [projectId],
    );
    expect(after).toEqual(before);
  });
});
