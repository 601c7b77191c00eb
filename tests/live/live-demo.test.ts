import type { AddressInfo } from 'node:net';
import { createAdaptorServer, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { changeOneTicket } from '../../src/demo/live-demo';
import { startDemoMocks, type DemoMocks } from '../../src/demo/mocks';
import { changesAfter, lastChangeId } from '../../src/db/live';
import type { Db } from '../../src/db/port';
import { startLive, type Live } from '../../src/server/live';
import { createIntegrations } from '../../src/services/integrations';
import { linkJiraProject } from '../../src/services/jira/sync';
import { createTestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';

/**
 * The live demo with real parts: the demo Jira moves a ticket and posts a signed delivery to the
 * app's receiver over HTTP; pg-boss applies it, and the change is noted for open pages.
 */
const SECRET = 'demo-secret-for-the-live-demo-test';
let db: Db;
let drop: () => Promise<void>;
let mocks: DemoMocks;
let live: Live;
let server: ServerType;
let origin: string;
let projectId: number;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  const config = loadConfig({ NODE_ENV: 'test' });
  mocks = startDemoMocks(config, new Date(), { onUnhandledRequest: 'error' });
  const integrations = createIntegrations(config, { demoFetch: mocks.fetch });
  live = await startLive({ db, refreshIntervalSeconds: 300, log: () => {} });
  await live.work({ db, clock: () => new Date(), timeZone: 'UTC', clients: () => integrations });
  const { app } = createTestApp(db, {
    demoFetch: mocks.fetch,
    jobs: live.jobs,
    webhookSecrets: { jiraSecret: SECRET },
  });
  server = createAdaptorServer({ fetch: app.fetch });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const [row] = await db.query<{ id: number }>(
    "INSERT INTO projects (name) VALUES ('Demo live') RETURNING id",
  );
  projectId = row!.id;
  const key = mocks.jiraData!.projects[0]!.key;
  await linkJiraProject(db, integrations.jira, { projectId, key, now: new Date() });
}, 120_000);

afterAll(async () => {
  await live?.stop();
  server?.close();
  mocks?.close();
  await drop?.();
});

describe('the live demo', () => {
  it("moves a linked project's ticket a step and the dashboard applies it through its receiver", async () => {
    const before = await lastChangeId(db);
    let draws = 0;
    const key = await changeOneTicket({
      db,
      data: mocks.jiraData!,
      origin,
      secret: SECRET,
      clock: () => new Date(),
      random: () => (draws++ * 0.37) % 1,
      log: () => {},
    });
    expect(key).not.toBeNull();
    const expected = mocks.jiraData!.issueByIdOrKey(key!)!.status.name;
    const stored = async () =>
      (
        await db.query<{ status_name: string }>(
          'SELECT status_name FROM jira_issues WHERE project_id = $1 AND issue_key = $2',
          [projectId, key],
        )
      )[0]?.status_name;
    await expect.poll(stored, { timeout: 15_000 }).toBe(expected);
    const changes = await changesAfter(db, before);
    expect(changes.map((c) => [c.topic, c.projectIds])).toContainEqual(['jira', [projectId]]);
  });
});
