import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/app';
import { createTestDb } from '../../../tests/helpers/db';
import { replaceCapacityForecast } from '../../db/capacity';
import { addSelectedDevelopers } from '../../db/developers';
import { replaceJiraAccounts, setPeopleSyncedAt } from '../../db/people';
import type { Db } from '../../db/port';
import { rebuildRoster } from '../../services/roster';

/**
 * The People page (docs/decisions/396) on a small agency: Forecast has Mia and Grace; Jira has
 * Mia with the same email and Zed, a contractor whose Jira email matches nobody, who is tracked.
 */
const NOW = new Date('2026-12-01T10:00:00Z');
const week = {
  monday: 450,
  tuesday: 450,
  wednesday: 450,
  thursday: 450,
  friday: 450,
  saturday: 0,
  sunday: 0,
};

let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
const cookies = { user: '', staff: '' };

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db, { clock: () => NOW });
  cookies.user = await t.signIn('user');
  cookies.staff = await t.signIn('staff');
}, 120_000);
afterAll(() => drop());

async function page(path: string, cookie?: string) {
  const res = await t.request('GET', path, { cookie });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

describe('/people before Forecast and Jira were read', () => {
  it('says nobody is on the roster yet, with no table and no error', async () => {
    const { status, html } = await page('/people', cookies.staff);
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>People<\/h1>/);
    expect(html).toContain('Nobody on the roster yet');
    expect(html).not.toContain('data-testid="roster-table"');
    expect(html).not.toContain('role="alert"');
  });
});

describe('/people with a roster', () => {
  beforeAll(async () => {
    await addSelectedDevelopers(db, [
      { accountId: 'acc-mia', displayName: 'Mia Chen' },
      { accountId: 'acc-zed', displayName: 'Zed Contractor' },
    ]);
    const person = (id: number, name: string, email: string) => ({
      id,
      name,
      team: 'Team 1',
      workingMinutes: week,
      startDate: null,
      endDate: null,
      holidayCalendarId: null,
      email,
      role: 'Developer',
    });
    await db.transaction(async (tx) => {
      await replaceCapacityForecast(tx, {
        persons: [
          person(101, 'Mia Chen', 'mia.chen@agency.test'),
          person(103, 'Grace Hopper', 'grace@agency.test'),
        ],
        holidays: [],
        allocations: [],
        rateCardBlendedRate: 150,
        at: NOW,
      });
      await replaceJiraAccounts(tx, [
        { accountId: 'acc-mia', displayName: 'Mia Chen', email: 'mia.chen@agency.test' },
        { accountId: 'acc-zed', displayName: 'Zed Contractor', email: 'zed@elsewhere.test' },
      ]);
      await setPeopleSyncedAt(tx, NOW);
      await rebuildRoster(tx, { now: NOW });
    });
  });

  it('sends a signed-out visitor to /auth and a user to /', async () => {
    expect(await page('/people')).toMatchObject({ status: 302, location: '/auth' });
    expect(await page('/people', cookies.user)).toMatchObject({ status: 302, location: '/' });
  });

  it('shows staff each person, who is tracked, and the Jira account to link by hand', async () => {
    const { status, html } = await page('/people', cookies.staff);
    expect(status).toBe(200);
    expect(html).toContain('3 people on the roster, 2 tracked people');
    const mia = html.slice(html.indexOf('data-person="Mia Chen"'));
    expect(mia).toMatch(/37\.5 h/);
    expect(mia.slice(0, mia.indexOf('</tr>'))).toContain('Unlink');
    // Zed delivers in Jira with no Forecast person; Grace is the Forecast person left to choose.
    const unmatched = html.slice(html.indexOf('data-testid="roster-unmatched"'));
    expect(unmatched).toContain('data-account="acc-zed"');
    expect(unmatched).toMatch(/<option value="\d+">Grace Hopper<\/option>/);
    expect(html).toContain('In Forecast with no Jira account: Grace Hopper.');
    expect(html).not.toMatch(/\$|cost|rate card|margin/i);
  });
});
