import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../tests/helpers/db';
import { costRateOn, DEFAULT_HOURLY_RATE, type CostPeriod } from '../shared/money';
import { replaceCostPeriods, type CostPeriodRange } from './cost-periods';
import type { Db } from './port';
import { readWeeklyFigures } from './weekly-figures';

// The SQL function is the rule (sql/0080_cost_rate_on.sql); costRateOn is its oracle, checked
// here on the examples of src/shared/money.test.ts. Each person's periods are stored as the
// Forecast sync stores them: ranges ending the day before the next start.
const people: { id: number; listed: boolean; cost: number | null; periods: CostPeriod[] }[] = [
  {
    id: 1,
    listed: true,
    cost: 120,
    periods: [
      { startDate: null, cost: 60 },
      { startDate: '2026-01-01', cost: 80 },
      { startDate: '2026-07-01', cost: 90 },
    ],
  },
  // Dated periods only: before the first, the person's own cost, or nothing (the default).
  { id: 2, listed: true, cost: 120, periods: [{ startDate: '2026-01-01', cost: 80 }] },
  { id: 3, listed: true, cost: null, periods: [{ startDate: '2026-01-01', cost: 80 }] },
  { id: 4, listed: true, cost: null, periods: [] },
  // A cost of 0 is a rate, not a missing one.
  { id: 5, listed: true, cost: 120, periods: [{ startDate: null, cost: 0 }] },
  { id: 6, listed: true, cost: 0, periods: [] },
  // Someone Forecast no longer lists: their periods still apply, else the default.
  { id: 7, listed: false, cost: null, periods: [{ startDate: '2026-03-01', cost: 75 }] },
  { id: 8, listed: false, cost: null, periods: [] },
];
const days = ['2025-06-01', '2025-12-31', '2026-01-01', '2026-03-15', '2026-06-30', '2026-07-01'];

const dayBefore = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

function rangesOf(person: (typeof people)[number], firstId: number): CostPeriodRange[] {
  const sorted = [...person.periods].sort((a, b) =>
    (a.startDate ?? '') < (b.startDate ?? '') ? -1 : 1,
  );
  return sorted.map((p, i) => {
    const next = sorted[i + 1]?.startDate;
    return {
      id: firstId + i,
      personId: person.id,
      startDate: p.startDate,
      endDate: next ? dayBefore(next) : null,
      cost: p.cost,
    };
  });
}

describe('cost_rate_on(person, day)', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await createTestDb());
    for (const person of people.filter((p) => p.listed)) {
      await db.query(
        'INSERT INTO forecast_persons (id, first_name, last_name, active, cost, synced_at) VALUES ($1, $2, $3, true, $4, now())',
        [person.id, 'P', String(person.id), person.cost],
      );
    }
    await replaceCostPeriods(
      db,
      people.flatMap((p) => rangesOf(p, p.id * 10)),
    );
  });
  afterAll(() => drop());

  const rateInSql = async (personId: number, day: string) => {
    const [row] = await db.query<{ cost: number | null }>(
      'SELECT rate.cost FROM cost_rate_on($1::int, $2::date) rate',
      [personId, day],
    );
    return row?.cost === null || row?.cost === undefined ? null : Number(row.cost);
  };

  it('gives the rate costRateOn gives, for every person on every day around each change', async () => {
    for (const person of people) {
      for (const day of days) {
        const known = await rateInSql(person.id, day);
        expect({ person: person.id, day, rate: known ?? DEFAULT_HOURLY_RATE }).toEqual({
          person: person.id,
          day,
          rate: costRateOn(person.periods, day, person.listed ? person.cost : null),
        });
      }
    }
  });

  it('answers the examples of the rule', async () => {
    expect(await rateInSql(1, '2026-03-15')).toBe(80);
    expect(await rateInSql(1, '2026-07-01')).toBe(90); // starts that very day
    expect(await rateInSql(1, '2026-06-30')).toBe(80);
    expect(await rateInSql(1, '2025-12-31')).toBe(60); // the start-less period
    expect(await rateInSql(2, '2025-06-01')).toBe(120); // the person's own cost
    expect(await rateInSql(5, '2026-03-15')).toBe(0);
    expect(await rateInSql(6, '2026-03-15')).toBe(0);
    // No rate known: NULL, and the reader applies DEFAULT_HOURLY_RATE.
    expect(await rateInSql(3, '2025-06-01')).toBeNull();
    expect(await rateInSql(4, '2026-03-15')).toBeNull();
    expect(await rateInSql(8, '2026-03-15')).toBeNull();
    expect(await rateInSql(7, '2026-03-15')).toBe(75);
  });

  it('costs time in the weekly figures at the rate of its own day', async () => {
    await db.query(
      `INSERT INTO forecast_time_registrations (id, person_id, forecast_project_id, date, minutes, updated_at)
       VALUES (1, 1, 40, '2026-06-30', 60, now()), (2, 1, 40, '2026-07-01', 120, now()),
              (3, 4, 40, '2026-07-01', 30, now())`,
    );
    const figures = await readWeeklyFigures(db, { from: '2026-06-29', to: '2026-07-05' }, 40);
    expect(
      figures.time.map((t) => [t.minutes, t.hourlyRate]).sort((a, b) => a[1]! - b[1]!),
    ).toEqual([
      [60, 80],
      [120, 90],
      [30, DEFAULT_HOURLY_RATE],
    ]);
  });
});
