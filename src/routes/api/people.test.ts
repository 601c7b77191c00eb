import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/app';
import { createTestDb } from '../../../tests/helpers/db';
import { addSelectedDevelopers } from '../../db/developers';
import type { Db } from '../../db/port';

let db: Db;
let drop: () => Promise<void>;
let t: TestApp;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db);
  await addSelectedDevelopers(db, [
    { accountId: 'acc-2', displayName: 'Priya Natarajan' },
    { accountId: 'acc-1', displayName: 'mia Chen' },
  ]);
  await db.query(
    `UPDATE selected_developers SET start_date = '2026-01-05', end_date = '2026-12-31' WHERE account_id = 'acc-2'`,
  );
});
afterAll(() => drop());

describe('GET /api/people (the command palette’s people)', () => {
  it('lists the tracked developers by name, in the grid’s order, with nothing but the name', async () => {
    for (const role of ['user', 'staff', 'admin'] as const) {
      const res = await t.request('GET', '/api/people', { cookie: await t.signIn(role) });
      expect(res.status, role).toBe(200);
      // No account ids or employment dates: the palette shows and needs the name only.
      expect(await res.json(), role).toEqual({
        people: [{ name: 'mia Chen' }, { name: 'Priya Natarajan' }],
      });
    }
  });

  it('is for signed-in people only', async () => {
    const res = await t.request('GET', '/api/people');
    expect(res.status).toBe(401);
  });
});
