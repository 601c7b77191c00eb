import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/app';
import { readCsvResponse } from '../../../tests/helpers/csv';
import { createTestDb } from '../../../tests/helpers/db';
import { replaceCapacityForecast } from '../../db/capacity';
import { replaceJiraAccounts, setPeopleSyncedAt } from '../../db/people';
import type { Db } from '../../db/port';
import { rebuildRoster } from '../../services/roster';
import { addCalendarDays, type IsoDate } from '../../shared/calendar';
import type { PeopleResponse } from '../../shared/roster';
import type { UtilisationResponse } from '../../shared/utilisation';

/**
 * Utilisation on a small agency in February 2027 (four whole weeks from Monday 1 February, 20
 * working days of 8 hours). Ana, a Developer, is on leave from 15 to 26 February (Forecast time
 * off) and bills 6.4 h on each of the 10 days she is in: 64 of 80 available hours. Bea, a
 * Designer, bills 4 h every working day but the 26th, which she logged as vacation in Forecast
 * (time registered on time off): 76 of 152. Cy left Forecast's employment in 2026.
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

function weekdays(from: IsoDate, to: IsoDate): IsoDate[] {
  const out: IsoDate[] = [];
  for (let d = from; d <= to; d = addCalendarDays(d, 1)) {
    const day = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (day !== 0 && day !== 6) out.push(d);
  }
  return out;
}

let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let staff: string;
let user: string;
let admin: string;
let ids: Record<string, number>;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db, { clock: () => NOW });
  [staff, user, admin] = await Promise.all([
    t.signIn('staff'),
    t.signIn('user'),
    t.signIn('admin'),
  ]);
  const person = (id: number, name: string, role: string, endDate: IsoDate | null = null) => ({
    id,
    name,
    team: 'Team 1',
    workingMinutes: fullWeek(480),
    startDate: null,
    endDate,
    holidayCalendarId: null,
    email: `${name.toLowerCase()}@agency.test`,
    role,
  });
  await db.transaction(async (tx) => {
    await replaceCapacityForecast(tx, {
      persons: [
        person(201, 'Ana', 'Developer'),
        person(202, 'Bea', 'Designer'),
        person(203, 'Cy', 'Developer', '2026-06-30'),
      ],
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
      timeOffTypes: [{ id: 1, name: 'Vacation' }],
      at: NOW,
    });
    await replaceJiraAccounts(tx, []);
    await setPeopleSyncedAt(tx, NOW);
    await rebuildRoster(tx, { now: NOW });
  });
  let id = 1;
  const register = (personId: number, dates: IsoDate[], billable: number) =>
    Promise.all(
      dates.map((date) =>
        db.query(
          `INSERT INTO forecast_time_registrations (id, person_id, forecast_project_id, date, minutes, billable_minutes, updated_at)
           VALUES ($1, $2, 4001, $3, $4, $4, now())`,
          [id++, personId, date, billable],
        ),
      ),
    );
  await register(201, weekdays('2027-02-01', '2027-02-12'), 384);
  await register(202, weekdays('2027-02-01', '2027-02-25'), 240);
  // A day of vacation logged, not planned: out of office all the same. Internal time (type 2) is not.
  await db.query(
    `INSERT INTO forecast_time_registrations (id, person_id, non_project_time_id, date, minutes, billable_minutes, updated_at)
     VALUES (997, 202, 1, '2027-02-26', 480, 0, now()), (998, 202, 2, '2027-02-25', 60, 0, now())`,
  );
  // Time that is not billable counts for nobody's utilisation.
  await db.query(
    `INSERT INTO forecast_time_registrations (id, person_id, forecast_project_id, date, minutes, billable_minutes, updated_at)
     VALUES (999, 202, 4001, '2027-02-01', 120, 0, now())`,
  );
  const people = (await (
    await t.request('GET', '/api/people', { cookie: staff })
  ).json()) as PeopleResponse;
  ids = Object.fromEntries(people.people.map((p) => [p.name, p.id]));
}, 120_000);
afterAll(() => drop());

const get = async (query: string, cookie = staff) => {
  const res = await t.request('GET', `/api/utilisation${query}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as UtilisationResponse;
};
const february = '?from=2027-02-01&weeks=4';

describe('GET /api/utilisation', () => {
  it('answers each person’s weeks and period, leave out of the denominator', async () => {
    const r = await get(february);
    // Cy was not employed in these weeks and billed nothing: nobody to judge.
    expect(r.people.map((p) => p.name)).toEqual(['Ana', 'Bea']);
    const ana = r.people[0]!;
    expect(ana).toEqual({
      id: ids.Ana,
      name: 'Ana',
      team: 'Team 1',
      role: 'Developer',
      targetPercent: null,
      weeks: [
        { weekStart: '2027-02-01', availableHours: 40, billableHours: 32, utilisationPercent: 80 },
        { weekStart: '2027-02-08', availableHours: 40, billableHours: 32, utilisationPercent: 80 },
        { weekStart: '2027-02-15', availableHours: 0, billableHours: 0, utilisationPercent: null },
        { weekStart: '2027-02-22', availableHours: 0, billableHours: 0, utilisationPercent: null },
      ],
      period: {
        availableHours: 80,
        billableHours: 64,
        utilisationPercent: 80,
        targetMet: null,
        projectedPercent: 80,
      },
    });
    expect(r.people[1]!.period).toMatchObject({
      availableHours: 152,
      billableHours: 76,
      utilisationPercent: 50,
    });
  });

  it('downloads the same figures as a CSV: each week, then the period', async () => {
    const res = await t.request('GET', `/api/utilisation/export.csv${february}`, { cookie: staff });
    expect(res.status).toBe(200);
    const csv = await readCsvResponse(res);
    expect(csv.fileName).toBe('utilisation_2027-02-01_2027-02-28.csv');
    expect(csv.header).toEqual([
      'Row',
      'Name',
      'Team',
      'Role',
      'Week Start',
      'Available Hours',
      'Billable Hours',
      'Billable Utilisation %',
      'Target %',
      'Verdict',
      'Projected %',
    ]);
    const ana = csv.records.filter((r) => r.Name === 'Ana');
    expect(
      ana.map((r) => [r.Row, r['Week Start'], r['Available Hours'], r['Billable Hours']]),
    ).toEqual([
      ['Week', '2027-02-01', '40', '32'],
      ['Week', '2027-02-08', '40', '32'],
      ['Week', '2027-02-15', '0', '0'],
      ['Week', '2027-02-22', '0', '0'],
      ['Period', '2027-02-01', '80', '64'],
    ]);
    expect(ana.at(-1)).toMatchObject({ 'Billable Utilisation %': '80', 'Projected %': '80' });
    expect((await t.request('GET', '/api/utilisation/export.csv', { cookie: user })).status).toBe(
      403,
    );
  });

  it('names no money', async () => {
    const text = JSON.stringify(await get(february, admin));
    expect(text).not.toMatch(/cost|rate|price|value|amount|currency|margin/i);
  });

  it('is for staff and admins: a user gets 403', async () => {
    const res = await t.request('GET', `/api/utilisation${february}`, { cookie: user });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(/staff and admins/);
  });

  it('refuses a bad query with a 400 naming the parameter', async () => {
    for (const [query, name] of [
      ['?from=2027-02-30', 'from'],
      ['?from=2027-02-01&weeks=0', 'weeks'],
      ['?weeks=54', 'weeks'],
      ['?weeks=two', 'weeks'],
      ['?month=2027-02', 'month'],
    ] as const) {
      const res = await t.request('GET', `/api/utilisation${query}`, { cookie: staff });
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { message: string }).message, query).toContain(name);
    }
  });
});

describe('targets', () => {
  it('a default per role, set by admins in the settings, judges the period', async () => {
    const refused = await t.request('PUT', '/api/settings/utilisation-targets', {
      cookie: staff,
      body: { role: 'Developer', targetPercent: 80 },
    });
    expect(refused.status).toBe(403);
    const res = await t.request('PUT', '/api/settings/utilisation-targets', {
      cookie: admin,
      body: { role: 'Developer', targetPercent: 80 },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      roles: [{ role: 'Developer', targetPercent: 80 }],
      knownRoles: ['Designer', 'Developer'],
    });
    const settings = await t.request('GET', '/api/settings/utilisation-targets', { cookie: staff });
    expect(settings.status).toBe(200);
    // The hand-computed month: 80% target, 64 of 80 available hours billed: target met.
    const ana = (await get(february)).people.find((p) => p.name === 'Ana')!;
    expect(ana.targetPercent).toBe(80);
    expect(ana.period.targetMet).toBe(true);
  });

  it('a dated target per person, admins only; a staff change with one changes nothing', async () => {
    const staffTry = await t.request('PUT', `/api/people/${ids.Bea}`, {
      cookie: staff,
      body: { team: 'Team 9', target: 50, targetFrom: '2027-02-01' },
    });
    expect(staffTry.status).toBe(403);
    expect(((await staffTry.json()) as { message: string }).message).toMatch(/admins/);
    const half = await t.request('PUT', `/api/people/${ids.Bea}`, {
      cookie: admin,
      body: { target: 50 },
    });
    expect(half.status).toBe(400);
    expect(((await half.json()) as { message: string }).message).toContain('targetFrom');

    const set = await t.request('PUT', `/api/people/${ids.Bea}`, {
      cookie: admin,
      body: { target: 60, targetFrom: '2027-02-01' },
    });
    expect(set.status).toBe(200);
    let bea = (await get(february)).people.find((p) => p.name === 'Bea')!;
    expect(bea).toMatchObject({ team: 'Team 1', targetPercent: 60 });
    expect(bea.period.targetMet).toBe(false);
    // Dated from March: February is still judged by the target in force on its first day.
    await t.request('PUT', `/api/people/${ids.Bea}`, {
      cookie: admin,
      body: { target: 40, targetFrom: '2027-03-01' },
    });
    bea = (await get(february)).people.find((p) => p.name === 'Bea')!;
    expect(bea.targetPercent).toBe(60);
    expect(
      (await get('?from=2027-03-01&weeks=1')).people.find((p) => p.name === 'Bea'),
    ).toMatchObject({
      targetPercent: 40,
    });
    const [entry] = await db.query<{ summary: string }>(
      "SELECT summary FROM audit_log WHERE kind = 'people.target' ORDER BY id DESC LIMIT 1",
    );
    expect(entry?.summary).toBe('Utilisation target 40% from 2027-03-01');
  });

  it('refuses an impossible target with a 400 naming it', async () => {
    for (const target of [101, -1, 12.5, '80']) {
      const res = await t.request('PUT', `/api/people/${ids.Ana}`, {
        cookie: admin,
        body: { target, targetFrom: '2027-02-01' },
      });
      expect(res.status, String(target)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain('target');
    }
    const [{ n }] = (await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM utilisation_targets WHERE person_id = $1',
      [ids.Ana],
    )) as [{ n: number }];
    expect(n).toBe(0);
  });
});
