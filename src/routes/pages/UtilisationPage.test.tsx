import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/app';
import { createTestDb } from '../../../tests/helpers/db';
import { replaceCapacityForecast } from '../../db/capacity';
import { replaceJiraAccounts, setPeopleSyncedAt } from '../../db/people';
import type { Db } from '../../db/port';
import { rebuildRoster } from '../../services/roster';

/**
 * The Utilisation page on a small agency in February 2027: Ana, a Developer with an 80% default,
 * is on leave from 15 to 26 February and bills 6.4 h on each of her other 10 days (met); Bea, a
 * Designer with no target, bills nothing. Today is 10 March 2027.
 */
const NOW = new Date('2027-03-10T10:00:00Z');
const fullWeek = (perDay: number) => ({
  monday: perDay,
  tuesday: perDay,
  wednesday: perDay,
  thursday: perDay,
  friday: perDay,
  saturday: 0,
  sunday: 0,
});

let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
const cookies = { user: '', staff: '', admin: '' };

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db, { clock: () => NOW });
  cookies.user = await t.signIn('user');
  cookies.staff = await t.signIn('staff');
  cookies.admin = await t.signIn('admin');
}, 120_000);
afterAll(() => drop());

async function page(path: string, cookie?: string) {
  const res = await t.request('GET', path, { cookie });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

describe('/utilisation before Forecast was read', () => {
  it('says there is nobody to judge, with no table and no error', async () => {
    const { status, html } = await page('/utilisation', cookies.staff);
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Utilisation<\/h1>/);
    expect(html).toContain('No utilisation for this period');
    expect(html).not.toContain('data-testid="utilisation-table"');
  });
});

describe('/utilisation with people and time', () => {
  beforeAll(async () => {
    const person = (id: number, name: string, role: string) => ({
      id,
      name,
      team: 'Team 1',
      workingMinutes: fullWeek(480),
      startDate: null,
      endDate: null,
      holidayCalendarId: null,
      email: `${name.toLowerCase()}@agency.test`,
      role,
    });
    await db.transaction(async (tx) => {
      await replaceCapacityForecast(tx, {
        persons: [person(201, 'Ana', 'Developer'), person(202, 'Bea', 'Designer')],
        holidays: [],
        allocations: [
          {
            id: 1,
            personId: 201,
            timeOff: true,
            startDate: '2027-02-15',
            endDate: '2027-02-26',
            minutes: fullWeek(480),
          },
        ],
        rateCardBlendedRate: 150,
        at: NOW,
      });
      await replaceJiraAccounts(tx, []);
      await setPeopleSyncedAt(tx, NOW);
      await rebuildRoster(tx, { now: NOW });
    });
    await db.query(
      `INSERT INTO forecast_time_registrations (id, person_id, forecast_project_id, date, minutes, billable_minutes, updated_at)
       SELECT row_number() OVER (), 201, 4001, d::date, 384, 384, now()
         FROM generate_series('2027-02-01'::date, '2027-02-12'::date, '1 day') AS d
        WHERE extract(isodow FROM d) < 6`,
    );
    await db.query(
      `INSERT INTO settings (key, value) VALUES ('utilisationRoleTargets', '{"Developer": 80}')`,
    );
  });

  it('sends a signed-out visitor to /auth and a user to /', async () => {
    expect(await page('/utilisation')).toMatchObject({ status: 302, location: '/auth' });
    expect(await page('/utilisation', cookies.user)).toMatchObject({
      status: 302,
      location: '/',
    });
  });

  it('shows staff each person’s period and weeks, judged against the target, and no money', async () => {
    const { status, html } = await page('/utilisation?period=2027-02', cookies.staff);
    expect(status).toBe(200);
    expect(html).toContain('February 2027');
    expect(html).toContain('1 of 1 people with a target met it.');
    const ana = html.slice(html.indexOf('data-person="Ana"'), html.indexOf('data-person="Bea"'));
    // 80 h available (leave out), 64 h billed, 80% of an 80% role default: met.
    expect(ana).toContain('80 h');
    expect(ana).toContain('64 h');
    expect(ana).toContain('role default');
    expect(ana).toContain('target met');
    expect(html).toContain('no target');
    // Staff read the targets; only admins change them.
    expect(html).not.toContain('data-island="UtilisationTargets"');
    expect(html).not.toMatch(/\$|cost|rate card|margin/i);
  });

  it('gives admins the targets form', async () => {
    const { html } = await page('/utilisation?period=2027-02', cookies.admin);
    expect(html).toContain('UtilisationTargets');
    expect(html).toContain('Default per role');
  });

  it('shows a quarter, and the current month for a period it cannot read', async () => {
    const quarter = await page('/utilisation?period=2027-Q1', cookies.staff);
    expect(quarter.html).toContain('Q1 2027');
    expect(quarter.html).toContain('aria-current="page">Quarter');
    const fallback = await page('/utilisation?period=2027-13', cookies.staff);
    expect(fallback.status).toBe(200);
    expect(fallback.html).toContain('March 2027');
  });

  it('is in the top bar for staff, not for users', async () => {
    expect((await page('/capacity', cookies.staff)).html).toContain('href="/utilisation"');
    expect((await page('/', cookies.user)).html).not.toContain('href="/utilisation"');
  });
});
