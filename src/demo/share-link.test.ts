import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/app';
import { createTestDb } from '../../tests/helpers/db';
import type { Db } from '../db/port';
import { freshDemoShareLink } from './share-link';

// The demo prints a client room beside its admin (docs/decisions/430): a fresh link each start,
// the one before revoked, since only a link's hash is kept.
let db: Db;
let drop: () => Promise<void>;
let t: TestApp;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db);
  await t.signIn('admin', 'admin@demo.agency');
  await db.query(
    `INSERT INTO projects (name, visible, forecast_project_id, forecast_budget_type, jira_project_key)
     VALUES ('Fixed Build', 1, 7001, 'FIXED_PRICE', 'FIX'), ('Support Retainer', 1, 7002, 'RETAINER', 'SUP')`,
  );
});
afterAll(() => drop());

describe('the demo client room', () => {
  it('opens the retainer project’s room, and the previous start’s link no longer does', async () => {
    const config = { DEMO_ADMIN_EMAIL: 'admin@demo.agency', AGENCY_TIMEZONE: 'UTC' };
    const first = await freshDemoShareLink(db, config, new Date());
    const second = await freshDemoShareLink(db, config, new Date());
    expect(second?.projectName).toBe('Support Retainer');
    expect(second?.path).toMatch(/^\/r\/[A-Za-z0-9_-]{22}$/);
    expect((await t.request('GET', first!.path)).status).toBe(404);
    const room = await t.request('GET', second!.path);
    expect(room.status).toBe(200);
    expect(await room.text()).toContain('Support Retainer');
  });
});
