import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../tests/helpers/db';
import type { Db } from '../db/port';
import { costPeriodRanges } from './forecast/billing';
import { replaceCostPeriods } from '../db/cost-periods';
import type { GrossMarginRow } from '../db/agency';
import { toGrossMarginProjects } from './gross-margins';
import { marginFigures } from '../shared/margins';
import type { ForecastCostPeriod } from './forecast/schemas';
import { costRateOn, DEFAULT_HOURLY_RATE, type CostPeriod } from '../shared/money';

const project = {
  id: 7,
  name: 'Northwind Mobile App',
  devStatus: 'Active',
  totalInvoiced: 1000,
  totalPaid: 0,
  currency: 'USD',
};
const row = (over: Partial<GrossMarginRow>): GrossMarginRow => ({
  ...project,
  personId: 101,
  personName: 'Mia Chen',
  hourlyRate: 60,
  rateKnown: true,
  minutes: 60,
  ...over,
});

describe('toGrossMarginProjects', () => {
  it('gives each person and rate its own line: hours × rate = cost', () => {
    const [p] = toGrossMarginProjects(
      [
        row({ minutes: 150, hourlyRate: 60 }),
        row({ minutes: 90, hourlyRate: 66.5 }),
        row({ personId: 102, personName: 'Omar Haddad', minutes: 20, hourlyRate: 80 }),
      ],
      'USD',
    );
    expect(p!.totalHours).toBe(4.33);
    expect(p!.costBreakdown).toEqual([
      { personId: 101, personName: 'Mia Chen', hours: 2.5, hourlyRate: 60, cost: 150 },
      { personId: 101, personName: 'Mia Chen', hours: 1.5, hourlyRate: 66.5, cost: 99.75 },
      // 20 min at $80 is $26.67, from the minutes rather than from 0.33 h.
      { personId: 102, personName: 'Omar Haddad', hours: 0.33, hourlyRate: 80, cost: 26.67 },
    ]);
  });

  it('keeps people at the default rate in the breakdown when someone else has a known rate', () => {
    const [p] = toGrossMarginProjects(
      [
        row({ minutes: 60 }),
        row({
          personId: 103,
          personName: 'Lena Ortiz',
          hourlyRate: 100,
          rateKnown: false,
          minutes: 30,
        }),
      ],
      'USD',
    );
    expect(p!.costBreakdown!.map((e) => [e.personName, e.hourlyRate, e.cost])).toEqual([
      ['Mia Chen', 60, 60],
      ['Lena Ortiz', 100, 50],
    ]);
  });

  it('has no breakdown when every hour is at the default rate, or costs nothing', () => {
    const [allDefault, free] = toGrossMarginProjects(
      [
        row({ rateKnown: false, hourlyRate: 100, minutes: 90 }),
        row({ id: 8, name: 'Free work', hourlyRate: 0, minutes: 60 }),
      ],
      'USD',
    );
    expect(allDefault).toEqual({ ...project, totalHours: 1.5 });
    expect(free!.costBreakdown).toBeUndefined();
    // docs/product-spec.md, "Business constants and limits": cost = hours × $100 when there is no
    // breakdown.
    expect(marginFigures(allDefault!).internalCost).toBe(150);
    expect(marginFigures(free!).internalCost).toBe(100);
  });

  it('lists a project with no time at all with zero hours', () => {
    const projects = toGrossMarginProjects(
      [row({ personId: null, personName: null, hourlyRate: null, rateKnown: null, minutes: null })],
      'USD',
    );
    expect(projects).toEqual([{ ...project, totalHours: 0 }]);
  });

  it('reads a project without a stored currency in the company currency', () => {
    const [p] = toGrossMarginProjects([row({ currency: null })], 'CHF');
    expect(p!.currency).toBe('CHF');
  });
});

describe('cost_rate_on, the cost rate in force in SQL (sql/0080_cost_rate_on.sql)', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await createTestDb());
  });
  afterAll(() => drop());

  // Mia: a start-less first period and two changes; Omar: periods only from May, own cost $65;
  // Lena: a period from May and no own cost; Sam: nothing at all; Chloe: each period entered
  // twice by mistake, which must not cost her days twice.
  const people: { id: number; cost: number | null; periods: CostPeriod[] }[] = [
    {
      id: 1,
      cost: 55,
      periods: [
        { startDate: null, cost: 40 },
        { startDate: '2026-03-01', cost: 45 },
        { startDate: '2026-06-15', cost: 55 },
      ],
    },
    { id: 2, cost: 65, periods: [{ startDate: '2026-05-01', cost: 60 }] },
    { id: 3, cost: null, periods: [{ startDate: '2026-05-01', cost: 72.5 }] },
    { id: 4, cost: null, periods: [] },
    {
      id: 5,
      cost: 90,
      periods: [
        { startDate: null, cost: 30 },
        { startDate: null, cost: 35 },
        { startDate: '2026-05-01', cost: 61 },
        { startDate: '2026-05-01', cost: 62 },
      ],
    },
  ];
  const days = [
    '2026-01-01',
    '2026-02-28',
    '2026-03-01',
    '2026-04-30',
    '2026-05-01',
    '2026-06-14',
    '2026-06-15',
    '2026-12-31',
  ];

  it('agrees with costRateOn for every person on every day around each change', async () => {
    let periodId = 1;
    let registrationId = 1;
    const periods: ForecastCostPeriod[] = [];
    for (const person of people) {
      await db.query(
        'INSERT INTO forecast_persons (id, first_name, last_name, active, cost, synced_at) VALUES ($1, $2, $3, true, $4, now())',
        [person.id, 'P', String(person.id), person.cost],
      );
      // Stored as the Forecast sync stores them: as ranges, each with its end.
      for (const p of person.periods) {
        const [year, month, day] = p.startDate ? p.startDate.split('-').map(Number) : [];
        periods.push({
          id: periodId++,
          person_id: person.id,
          start_year: year ?? null,
          start_month: month ?? null,
          start_day: day ?? null,
          cost: p.cost,
        });
      }
      for (const day of days) {
        await db.query(
          'INSERT INTO forecast_time_registrations (id, person_id, forecast_project_id, date, minutes, updated_at) VALUES ($1, $2, 1, $3, 60, now())',
          [registrationId++, person.id, day],
        );
      }
    }
    await replaceCostPeriods(db, costPeriodRanges(periods));
    // A registration by someone Forecast no longer lists: the default rate.
    await db.query(
      "INSERT INTO forecast_time_registrations (id, person_id, forecast_project_id, date, minutes, updated_at) VALUES (999, 77, 1, '2026-05-05', 60, now())",
    );

    const ruleRows = () =>
      db.query<{ personId: number; date: string; cost: number; known: boolean; minutes: number }>(
        // Known: a cost period or the person's own cost applied, not the default; what
        // forecast_time_costs records as a known rate (docs/decisions/239).
        `SELECT tr.person_id AS "personId", tr.date, COALESCE(rate.cost, $1::numeric) AS cost,
                rate.cost IS NOT NULL AS known, tr.minutes
         FROM forecast_time_registrations tr
         LEFT JOIN LATERAL cost_rate_on(tr.person_id, tr.date) rate ON true
         ORDER BY tr.id`,
        [DEFAULT_HOURLY_RATE],
      );
    // What Gross Margins reads is kept by the database as time, people and periods are written
    // (docs/decisions/239): the same rule, summed by person and rate (null: no rate known).
    const expectKeptSumsToFollowTheRule = async () => {
      const sums = new Map<string, { personId: number; cost: number | null; minutes: number }>();
      for (const row of await ruleRows()) {
        const cost = row.known ? row.cost : null;
        const sum = sums.get(`${row.personId} ${cost}`) ?? {
          personId: row.personId,
          cost,
          minutes: 0,
        };
        sum.minutes += row.minutes;
        sums.set(`${row.personId} ${cost}`, sum);
      }
      const kept = await db.query<{ personId: number; cost: number | null; minutes: number }>(
        'SELECT person_id AS "personId", cost, minutes FROM forecast_time_costs WHERE forecast_project_id = 1',
      );
      const order = (a: { personId: number; cost: number | null }, b: typeof a) =>
        a.personId - b.personId || (a.cost ?? -1) - (b.cost ?? -1);
      expect(kept.map((k) => ({ ...k, minutes: Number(k.minutes) })).sort(order)).toEqual(
        [...sums.values()].sort(order),
      );
    };

    const rows = await ruleRows();
    expect(rows).toHaveLength(people.length * days.length + 1);
    for (const row of rows) {
      const person = people.find((p) => p.id === row.personId);
      const expected = costRateOn(person?.periods ?? [], row.date, person?.cost ?? null);
      expect({ person: row.personId, date: row.date, cost: row.cost }).toEqual({
        person: row.personId,
        date: row.date,
        cost: expected,
      });
      // Known means a cost period or the person's own cost applied, not the default.
      const periodApplies = (person?.periods ?? []).some(
        (p) => p.startDate === null || p.startDate <= row.date,
      );
      expect(row.known).toBe(periodApplies || (person?.cost ?? null) !== null);
    }
    // The rows cover each branch of the rule, so agreement is not by accident.
    const costs = new Set(rows.map((r) => r.cost));
    for (const c of [30, 40, 45, 55, 60, 61, 65, 72.5, 100]) expect(costs).toContain(c);

    await expectKeptSumsToFollowTheRule();
    // A changed rate, a person gone and time removed change the kept sums with them.
    await db.query('UPDATE forecast_persons SET cost = cost + 5 WHERE cost IS NOT NULL');
    await db.query('DELETE FROM forecast_persons WHERE id = $1', [people[0]!.id]);
    await db.query("DELETE FROM forecast_time_registrations WHERE date = '2026-05-01'");
    await replaceCostPeriods(db, costPeriodRanges(periods.slice(1)));
    await expectKeptSumsToFollowTheRule();
  });
});
