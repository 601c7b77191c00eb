import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../tests/helpers/db';
import type { Db } from '../db/port';
import { hoursFromMinutes, rateInForceSql, summariseWeek, type WeekRegistration } from './agency-time';
import { costRateOn, DEFAULT_HOURLY_RATE, type CostPeriod } from './metrics';

const registration = (over: Partial<WeekRegistration>): WeekRegistration => ({
  id: 1,
  projectId: 4001,
  projectName: 'Acme Support Retainer',
  date: '2026-11-16',
  personName: 'Mia Chen',
  notes: null,
  minutes: 60,
  hourlyRate: 100,
  ...over,
});

describe('summariseWeek', () => {
  it('totals hours and cost over every project, and names the week from Monday to Sunday', () => {
    const week = summariseWeek(
      '2026-11-16',
      [
        registration({ id: 1, minutes: 20, hourlyRate: 90 }),
        registration({ id: 2, minutes: 20, hourlyRate: 90 }),
        registration({ id: 3, minutes: 20, hourlyRate: 90, projectId: 4002, projectName: 'Globex' }),
      ],
      1234.567,
    );
    // 60 min in all = 1 h, costing $90: summed in minutes, not from rounded thirds of an hour.
    expect(week).toMatchObject({ weekStart: '2026-11-16', weekEnd: '2026-11-22', totalHours: 1, totalInternalCost: 90, totalInvoicesSent: 1234.57 });
    expect(week.projectTimeData.map((p) => [p.projectName, p.totalHours])).toEqual([
      ['Acme Support Retainer', 0.67],
      ['Globex', 0.33],
    ]);
  });

  it('orders projects with equal hours by name', () => {
    const week = summariseWeek(
      '2026-11-16',
      [registration({ id: 1, projectId: 2, projectName: 'Zeta' }), registration({ id: 2, projectId: 1, projectName: 'Alpha' })],
      0,
    );
    expect(week.projectTimeData.map((p) => p.projectName)).toEqual(['Alpha', 'Zeta']);
  });

  it('keeps notes that say something and drops empty ones', () => {
    const week = summariseWeek('2026-11-16', [registration({ id: 1, notes: 'Review' }), registration({ id: 2, notes: '' }), registration({ id: 3, notes: null })], 0);
    expect(week.projectTimeData[0]!.timeEntries.map((e) => 'notes' in e)).toEqual([true, false, false]);
  });

  it('turns minutes into hours to two decimals', () => {
    expect([hoursFromMinutes(45), hoursFromMinutes(50), hoursFromMinutes(0), hoursFromMinutes(450)]).toEqual([0.75, 0.83, 0, 7.5]);
  });
});

describe('the cost rate in force, in SQL', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await createTestDb());
  });
  afterAll(() => drop());

  // Mia: a start-less first period and two changes; Omar: periods only from May, own cost $65;
  // Lena: a period from May and no own cost; Sam: nothing at all.
  const people: { id: number; cost: number | null; periods: CostPeriod[] }[] = [
    { id: 1, cost: 55, periods: [{ startDate: null, cost: 40 }, { startDate: '2026-03-01', cost: 45 }, { startDate: '2026-06-15', cost: 55 }] },
    { id: 2, cost: 65, periods: [{ startDate: '2026-05-01', cost: 60 }] },
    { id: 3, cost: null, periods: [{ startDate: '2026-05-01', cost: 72.5 }] },
    { id: 4, cost: null, periods: [] },
  ];
  const days = ['2026-01-01', '2026-02-28', '2026-03-01', '2026-04-30', '2026-05-01', '2026-06-14', '2026-06-15', '2026-12-31'];

  it('agrees with costRateOn for every person on every day around each change', async () => {
    let periodId = 1;
    let registrationId = 1;
    for (const person of people) {
      await db.query('INSERT INTO forecast_persons (id, first_name, last_name, active, cost, synced_at) VALUES ($1, $2, $3, true, $4, now())', [person.id, 'P', String(person.id), person.cost]);
      for (const p of person.periods) {
        await db.query('INSERT INTO forecast_person_cost_periods (id, person_id, start_date, cost) VALUES ($1, $2, $3, $4)', [periodId++, person.id, p.startDate, p.cost]);
      }
      for (const day of days) {
        await db.query('INSERT INTO forecast_time_registrations (id, person_id, forecast_project_id, date, minutes, updated_at) VALUES ($1, $2, 1, $3, 60, now())', [registrationId++, person.id, day]);
      }
    }
    // A registration by someone Forecast no longer lists: the default rate.
    await db.query("INSERT INTO forecast_time_registrations (id, person_id, forecast_project_id, date, minutes, updated_at) VALUES (999, 77, 1, '2026-05-05', 60, now())");

    const rows = await db.query<{ personId: number; date: string; cost: number; known: boolean }>(
      `SELECT tr.person_id AS "personId", tr.date, rate.cost, rate.known
       FROM forecast_time_registrations tr
       LEFT JOIN forecast_persons person ON person.id = tr.person_id
       ${rateInForceSql('$1')}
       ORDER BY tr.id`,
      [DEFAULT_HOURLY_RATE],
    );
    expect(rows).toHaveLength(people.length * days.length + 1);
    for (const row of rows) {
      const person = people.find((p) => p.id === row.personId);
      const expected = costRateOn(person?.periods ?? [], row.date, person?.cost ?? null);
      expect({ person: row.personId, date: row.date, cost: row.cost }).toEqual({ person: row.personId, date: row.date, cost: expected });
      // Known means a cost period or the person's own cost applied, not the default.
      const periodApplies = (person?.periods ?? []).some((p) => p.startDate === null || p.startDate <= row.date);
      expect(row.known).toBe(periodApplies || (person?.cost ?? null) !== null);
    }
    // The rows cover each branch of the rule, so agreement is not by accident.
    const costs = new Set(rows.map((r) => r.cost));
    for (const c of [40, 45, 55, 60, 65, 72.5, 100]) expect(costs).toContain(c);
  });
});
