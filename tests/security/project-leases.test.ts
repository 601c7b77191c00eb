import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/port';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { startUpstreamServer, type UpstreamServer } from '../helpers/upstream-server';
import { DEMO_ON_DASHBOARD, seedForInputTests } from './calls';

// A project's billing sync and its Jira link take a lease (docs/decisions/283): the attack run's
// 30 billing-sync clicks made 90 Forecast calls and 10 relinks 130 Jira calls. Against a real
// HTTP stand-in for Jira and Forecast, slowed so the clicks overlap, every call is counted.
let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let upstream: UpstreamServer;
let projectId: number;
let staff: string;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  upstream = await startUpstreamServer();
  t = createTestApp(db, { env: upstream.env });
  ({ projectId } = await seedForInputTests(db));
  staff = await t.signIn('staff');
});
afterAll(async () => {
  await upstream.close();
  await drop();
});

const callsTo = (service: 'forecast' | 'jira', since: number) =>
  upstream.requests.slice(since).filter((r) => (service === 'jira') === r.path.startsWith('/rest/'))
    .length;
const message = async (res: Response) => ((await res.json()) as { message: string }).message;

describe.each([
  {
    what: 'billing sync',
    service: 'forecast' as const,
    clicks: 30,
    send: () => t.request('POST', `/api/projects/${projectId}/sync-forecast`, { cookie: staff }),
    busy: /already being synced from Forecast/,
  },
  {
    what: 'Jira relink',
    service: 'jira' as const,
    clicks: 10,
    send: () =>
      t.request('POST', `/api/projects/${projectId}/link-jira`, {
        cookie: staff,
        body: { jiraProjectKey: DEMO_ON_DASHBOARD.jiraKey },
      }),
    busy: /Jira link is already being changed/,
  },
])('$what clicked many times at once', ({ service, clicks, send, busy }) => {
  it("makes one run's upstream calls; the other clicks are told one is running", async () => {
    upstream.setDelay(0);
    const before = upstream.requests.length;
    expect((await send()).status).toBe(200);
    const oneRun = callsTo(service, before);
    expect(oneRun).toBeGreaterThan(0);

    upstream.setDelay(150);
    const start = upstream.requests.length;
    const answers = await Promise.all(Array.from({ length: clicks }, send));
    upstream.setDelay(0);
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(clicks - 1);
    expect(await message(answers.find((r) => r.status === 409)!)).toMatch(busy);
    expect(callsTo(service, start)).toBe(oneRun);

    // The lease is given back: the next click runs.
    expect((await send()).status).toBe(200);
  });
});
