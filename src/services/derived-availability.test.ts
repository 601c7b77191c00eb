import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/app';
import { createTestDb } from '../../tests/helpers/db';
import { replaceCapacityForecast } from '../db/capacity';
import {
  addSelectedDevelopers,
  setEmploymentDate,
  setStoryPointsPerDeveloperDay,
} from '../db/developers';
import type { Db } from '../db/port';
import { replaceJiraAccounts, setPeopleSyncedAt } from '../db/people';
import type { AvailabilityResponse } from '../shared/availability';
import { loadDerivedDays } from './capacity';
import { rebuildRoster } from './roster';
import { availablePointsByWeek } from './velocity';

/**
 * Availability from Forecast on a hand-computed fixture: the week of Monday 21 December 2026.
 *
 * Ada is a Forecast person on the agency's holiday calendar (Friday 25 December, Christmas Day),
 * with a day of leave on Wednesday 23 December, who starts on Tuesday 22 December; the roster
 * links her Jira account to that person by email. Grace is only in Jira, so England's public
 * holidays (PUBLIC_HOLIDAYS_COUNTRY=GB, _REGION=ENG) give her Christmas Day too. Three points per
 * developer day.
 *
 *           Mon 21        Tue 22     Wed 23   Thu 24     Fri 25
 *   Ada     not employed  available  leave    available  holiday   → 2 days
 *   Grace   available     available  avail.   available  holiday   → 4 days
 *   Available points = (2 + 4) × 3 = 18.
 */
const WEEK = '2026-12-21';
const FRIDAY = '2026-12-25';
const ada = { accountId: 'acc-ada', displayName: 'Ada Lovelace' };
const grace = { accountId: 'acc-grace', displayName: 'Grace Hopper' };
const WORKING_DAY = 450;
const weekMinutes = (perDay: number) => ({
  monday: perDay,
  tuesday: perDay,
  wednesday: perDay,
  thursday: perDay,
  friday: perDay,
  saturday: 0,
  sunday: 0,
});
const ENGLAND = { country: 'GB', region: 'ENG' };

let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db, {
    clock: () => new Date('2026-12-16T10:00:00Z'),
    env: { PUBLIC_HOLIDAYS_COUNTRY: 'GB', PUBLIC_HOLIDAYS_REGION: 'ENG' },
  });
  cookie = await t.signIn('staff');
  await db.transaction((tx) =>
    replaceCapacityForecast(tx, {
      persons: [
        {
          id: 1,
          // Forecast spells the name its own way: the roster matches by email, not by name.
          name: 'A. Lovelace',
          email: ' Ada@Agency.test',
          role: 'Developer',
          team: 'Team 1',
          workingMinutes: weekMinutes(WORKING_DAY),
          startDate: null,
          endDate: null,
          holidayCalendarId: 7,
        },
      ],
      holidays: [{ holidayCalendarId: 7, date: FRIDAY, name: 'Christmas Day' }],
      allocations: [
        {
          id: 1,
          personId: 1,
          timeOff: true,
          startDate: '2026-12-23',
          endDate: '2026-12-23',
          minutes: weekMinutes(WORKING_DAY),
        },
        // A project allocation is work, not time away.
        {
          id: 2,
          personId: 1,
          timeOff: false,
          startDate: WEEK,
          endDate: FRIDAY,
          minutes: weekMinutes(240),
        },
      ],
      rateCardBlendedRate: null,
      at: new Date('2026-12-16T09:00:00Z'),
    }),
  );
  await addSelectedDevelopers(db, [ada, grace]);
  await db.transaction(async (tx) => {
    await replaceJiraAccounts(tx, [
      { ...ada, email: 'ada@agency.test' },
      { ...grace, email: 'grace@agency.test' },
    ]);
    await setPeopleSyncedAt(tx, new Date('2026-12-16T09:00:00Z'));
    await rebuildRoster(tx, { now: new Date('2026-12-16T09:00:00Z') });
  });
  await setEmploymentDate(db, ada.accountId, 'start', '2026-12-22');
  await setStoryPointsPerDeveloperDay(db, 3);
}, 120_000);
afterAll(async () => {
  await drop();
});

const get = async <T>(path: string) => {
  const res = await t.request('GET', path, { cookie });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};

describe('days derived from Forecast and the public holidays', () => {
  it('gives each person their holiday and leave with its source, and nothing else', async () => {
    const days = await loadDerivedDays(
      db,
      [ada.accountId, grace.accountId],
      { from: WEEK, to: FRIDAY },
      ENGLAND,
    );
    expect(days).toEqual([
      { accountId: ada.accountId, date: '2026-12-23', source: 'leave' },
      { accountId: ada.accountId, date: FRIDAY, source: 'holiday: Christmas Day' },
      { accountId: grace.accountId, date: FRIDAY, source: 'holiday: Christmas Day' },
    ]);
    // Without a configured region, Grace has no holidays; Ada's calendar is Forecast's own.
    expect(
      (
        await loadDerivedDays(
          db,
          [ada.accountId, grace.accountId],
          { from: WEEK, to: FRIDAY },
          null,
        )
      ).map((d) => d.accountId),
    ).toEqual([ada.accountId, ada.accountId]);
  });

  it('sends the week’s derived days with the grid’s answer', async () => {
    const body = await get<AvailabilityResponse>(`/api/developer-availability?weekStart=${WEEK}`);
    expect(body.derivedWeek).toBe(WEEK);
    expect(body.derived).toEqual({
      [ada.accountId]: { '2026-12-23': 'leave', [FRIDAY]: 'holiday: Christmas Day' },
      [grace.accountId]: { [FRIDAY]: 'holiday: Christmas Day' },
    });
    // Any day of the week names the week.
    expect(
      (await get<AvailabilityResponse>('/api/developer-availability?weekStart=2026-12-24'))
        .derivedWeek,
    ).toBe(WEEK);
  });
});

describe('available points from the derived availability', () => {
  it('counts (2 + 4) days × 3 points = 18, the same in the call and the service', async () => {
    const { totalAvailablePoints } = await get<{ totalAvailablePoints: number }>(
      `/api/developer-available-points?weekStart=${WEEK}`,
    );
    expect(totalAvailablePoints).toBe(18);
    expect((await availablePointsByWeek(db, [WEEK], ENGLAND)).get(WEEK)).toBe(18);
    // Without public holidays Grace works on Christmas Day: (2 + 5) × 3.
    expect((await availablePointsByWeek(db, [WEEK], null)).get(WEEK)).toBe(21);
  });

  it('lets a day marked by hand win: Ada available on Christmas Day, Grace away on Thursday', async () => {
    const admin = await t.signIn('admin');
    const res = await t.request('POST', `/api/developer-availability?weekStart=${WEEK}`, {
      cookie: admin,
      body: {
        developers: {
          [ada.displayName]: { [FRIDAY]: false },
          [grace.displayName]: { '2026-12-24': true },
        },
        selectedDevelopersList: [ada.accountId, grace.accountId],
      },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as AvailabilityResponse;
    // The derived day is still sent, with the mark that overrides it.
    expect(body.derived[ada.accountId]?.[FRIDAY]).toBe('holiday: Christmas Day');
    expect(body.developers[ada.displayName]).toEqual({ [FRIDAY]: false });
    // Ada 3 days (Tue, Thu, Fri), Grace 3 days (Mon, Tue, Wed): 6 × 3.
    const { totalAvailablePoints } = await get<{ totalAvailablePoints: number }>(
      `/api/developer-available-points?weekStart=${WEEK}`,
    );
    expect(totalAvailablePoints).toBe(18);
    expect((await availablePointsByWeek(db, [WEEK], ENGLAND)).get(WEEK)).toBe(18);
  });
});

/**
 * Leave logged, not planned: Ada registers Thursday 24 December on Vacation (a time-off type),
 * half of Tuesday on Vacation and all of Tuesday on internal time (not a time-off type). After
 * the marks above (Ada available on Christmas Day, Grace away on Thursday):
 *
 *           Tue 22                       Thu 24               Fri 25
 *   Ada     half logged: still a day     logged leave: away   marked available   → 2 days
 *   Grace   3 days as before                                                      → 3 days
 *   Available points = (2 + 3) × 3 = 15, where planned leave alone gave 18.
 */
describe('available points from leave logged in Forecast', () => {
  beforeAll(async () => {
    await db.query(`INSERT INTO forecast_time_off_types (id, name) VALUES (1, 'Vacation')`);
    await db.query(
      `INSERT INTO forecast_time_registrations (id, person_id, non_project_time_id, date, minutes, billable_minutes, updated_at)
       VALUES (1, 1, 1, '2026-12-24', ${WORKING_DAY}, 0, now()),
              (2, 1, 1, '2026-12-22', ${WORKING_DAY / 2}, 0, now()),
              (3, 1, 2, '2026-12-22', ${WORKING_DAY}, 0, now())`,
    );
  });

  it('takes out a whole day logged as leave, as the grid shows it, and keeps a half day', async () => {
    const body = await get<AvailabilityResponse>(`/api/developer-availability?weekStart=${WEEK}`);
    // Half a day away leaves the day in: the grid marks whole days.
    expect(body.derived[ada.accountId]).toEqual({
      '2026-12-23': 'leave',
      '2026-12-24': 'leave',
      [FRIDAY]: 'holiday: Christmas Day',
    });
    const { totalAvailablePoints } = await get<{ totalAvailablePoints: number }>(
      `/api/developer-available-points?weekStart=${WEEK}`,
    );
    expect(totalAvailablePoints).toBe(15);
    expect((await availablePointsByWeek(db, [WEEK], ENGLAND)).get(WEEK)).toBe(15);
  });
});
