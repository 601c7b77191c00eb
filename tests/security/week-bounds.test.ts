import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { INPUT_CALLS } from './calls';

/**
 * Every page that takes a week applies the API's bounds (years 2000-2999): a week far outside
 * them shows the current week instead of failing. The attack run found /developer?week=0001-01-01
 * answering 500.
 */
const PAGES_WITH_A_WEEK = INPUT_CALLS.filter(
  (c) => c.page && Object.values(c.query?.fields ?? {}).some((f) => f.date),
);
const WEEKS = ['0001-01-01', '1999-12-27', '3000-01-06', '9999-12-27'];

let t: TestApp;
let drop: () => Promise<void>;
let admin: string;
beforeAll(async () => {
  const created = await createTestDb();
  drop = created.drop;
  t = createTestApp(created.db, { clock: () => new Date('2026-11-18T12:00:00Z') });
  admin = await t.signIn('admin');
});
afterAll(() => drop());

describe('pages that take a week', () => {
  it('are /developer and /agency, at least', () => {
    expect(PAGES_WITH_A_WEEK.map((c) => c.route)).toEqual(
      expect.arrayContaining(['/developer', '/agency']),
    );
  });

  for (const call of PAGES_WITH_A_WEEK)
    for (const week of WEEKS)
      it(`${call.route} shows the current week for ${week}`, async () => {
        const [name] = Object.entries(call.query!.fields).find(([, f]) => f.date)!;
        const query = new URLSearchParams({ ...call.query!.valid({} as never), [name]: week });
        const res = await t.request('GET', `${call.route}?${query}`, { cookie: admin });
        expect(res.status).toBe(200);
        const html = await res.text();
        // The current week (16 November 2026) is shown; the asked-for year is nowhere.
        expect(html).toContain('2026-11-16');
        expect(html).not.toContain(
          week.slice(0, 4) === '1999' ? '1999-12' : `${week.slice(0, 4)}-`,
        );
      });
});
