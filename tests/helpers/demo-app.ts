import { seedDemoDashboard } from '../../src/demo/seed';
import type { Db } from '../../src/db/port';
import { createTestApp, type TestApp } from './app';
import { createTestDb } from './db';
import type { demoUpstream } from './upstream';

export interface SeededDemoApp {
  db: Db;
  t: TestApp;
  /** Stops the upstream stand-ins and drops the database. */
  close(): Promise<void>;
}

/**
 * The demo agency seeded as `npm start` seeds it, in a database of its own, with an app whose
 * clock stands at the stand-ins' `now`. Call it in beforeAll, and `close()` in afterAll.
 */
export async function seededDemoApp(
  upstream: ReturnType<typeof demoUpstream>,
  { onUnhandledRequest = 'error' }: { onUnhandledRequest?: 'error' | 'bypass' } = {},
): Promise<SeededDemoApp> {
  const { now, server, forecast } = upstream;
  const { db, drop } = await createTestDb();
  server.listen({ onUnhandledRequest });
  const t = createTestApp(db, { clock: () => now });
  await seedDemoDashboard(
    db,
    { jira: t.deps.jira, forecast: t.deps.forecast },
    { spine: forecast.data.spine, now, timeZone: 'UTC' },
  );
  return {
    db,
    t,
    async close() {
      server.close();
      await drop();
    },
  };
}
