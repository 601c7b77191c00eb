import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { INPUT_CALLS, type InputCall, type Seed, seedForInputTests } from './calls';

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
let seed: Seed;
beforeAll(async () => {
  const created = await createTestDb();
  drop = created.drop;
  t = createTestApp(created.db, { clock: () => new Date('2026-11-18T12:00:00Z') });
  admin = await t.signIn('admin');
  seed = await seedForInputTests(created.db);
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

/**
 * Every call that takes a date refuses one outside those years with 400 and a message naming
 * the field and the bounds; the attack run found the range call and its CSV answering 500 for
 * years 0001 and 9999.
 */
const CALLS_WITH_A_DATE = INPUT_CALLS.filter(
  (c) =>
    !c.page &&
    c.as !== 'token' &&
    (Object.values(c.query?.fields ?? {}).some((f) => f.date) ||
      Object.values(c.body?.fields ?? {}).some((f) => f.date)),
);
const FAR_DATES = ['0001-01-01', '1999-12-31', '3000-01-01', '9999-12-31'];

function farRequest(call: InputCall, date: string) {
  const dated = (fields: Record<string, { date?: true }>) =>
    Object.fromEntries(
      Object.entries(fields)
        .filter(([, f]) => f.date)
        .map(([name]) => [name, date]),
    );
  const query = call.query
    ? `?${new URLSearchParams({ ...call.query.valid(seed), ...dated(call.query.fields) })}`
    : '';
  const body = call.body ? { ...call.body.valid(seed), ...dated(call.body.fields) } : undefined;
  const path = call.route.replace(/:(\w+)/g, (_, name: string) => call.params![name]!.valid(seed));
  return t.request(call.method, `${path}${query}`, { cookie: admin, body });
}

describe('calls that take a date', () => {
  it('include the story-points range, its CSV, the week calls and the employment dates', () => {
    expect(CALLS_WITH_A_DATE.map((c) => c.route)).toEqual(
      expect.arrayContaining([
        '/api/jira/tickets/completed-in-range',
        '/api/export/story-points.csv',
        '/api/jira/tickets/completed-in-week',
        '/api/developer-start-date',
        '/api/developer-end-date',
        '/api/admin/audit',
      ]),
    );
  });

  for (const call of CALLS_WITH_A_DATE)
    for (const date of FAR_DATES)
      it(`${call.method} ${call.route} refuses ${date} with 400`, async () => {
        const res = await farRequest(call, date);
        expect(res.status).toBe(400);
        const { message } = (await res.json()) as { message: string };
        expect(message).toMatch(/must be between 2000-01-01 and 2999-12-31/);
      });

  it('POST /api/developer-availability refuses a day in year 9999 with 400', async () => {
    const res = await t.request('POST', '/api/developer-availability', {
      cookie: admin,
      body: {
        developers: { [seed.displayName]: { '9999-12-31': true } },
        selectedDevelopersList: [seed.accountId],
      },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /must be between 2000-01-01 and 2999-12-31/,
    );
  });
});
