import { describe, expect, it } from 'vitest';
import {
  basisText,
  calibration,
  dateQuantile,
  forecastEpics,
  forecastSprint,
  type FutureWeeks,
  meanRate,
  quantile,
  ratesPerDevDay,
  seedOf,
  seededRandom,
  simulateTotals,
  workIn,
  workMeasure,
  workOf,
} from './delivery-forecast';
import { DEFAULT_THRESHOLDS, velocityRule } from './alerts';
import { availablePoints, effectiveAwayDays } from './availability';
import { addCalendarDays } from './calendar';
import { retainerRangeFromPace } from './retainer-forecast';
import { velocityPercentage } from './velocity';
import { workingDaysBetween } from './working-days';

/** The working days from `first` to `last`, grouped Monday to Friday, `perDay(date)` at work on each. */
function weeksOf(first: string, last: string, perDay: (date: string) => number): FutureWeeks {
  const weeks: { date: string; devDays: number }[][] = [];
  for (const date of workingDaysBetween(first, last)) {
    const day = { date, devDays: perDay(date) };
    if (weeks.length === 0 || new Date(`${date}T00:00:00Z`).getUTCDay() === 1) weeks.push([day]);
    else weeks[weeks.length - 1]!.push(day);
  }
  return weeks;
}

describe('the seeded generator', () => {
  it('gives the same numbers for the same seed and others for another', () => {
    const a = seededRandom(seedOf('project 7 on 2026-12-01'));
    const b = seededRandom(seedOf('project 7 on 2026-12-01'));
    const c = seededRandom(seedOf('project 8 on 2026-12-01'));
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
    for (const x of first) expect(x >= 0 && x < 1).toBe(true);
  });
});

describe('throughput per available developer-day', () => {
  it('divides each week’s done work by its developer-days and leaves out weeks nobody worked', () => {
    // 6 tickets by 3 people in a full week (15 days); a week all away; 10 tickets in 10 days.
    const rates = ratesPerDevDay([
      { weekStart: '2026-11-02', done: 6, devDays: 15 },
      { weekStart: '2026-11-09', done: 0, devDays: 0 },
      { weekStart: '2026-11-16', done: 10, devDays: 10 },
    ]);
    expect(rates).toEqual([0.4, 1]);
    expect(meanRate(rates)).toBe(0.7);
    expect(meanRate([])).toBe(0);
  });
});

describe('quantiles by nearest rank', () => {
  it('reads numbers and dates, a date never reached counting as the latest', () => {
    expect(quantile([5, 1, 4, 2, 3], 0.5)).toBe(3);
    expect(quantile([5, 1, 4, 2, 3], 0.1)).toBe(1);
    expect(quantile([5, 1, 4, 2, 3], 0.9)).toBe(5);
    expect(dateQuantile(['2026-12-03', null, '2026-12-01', '2026-12-02'], 0.5)).toBe('2026-12-02');
    expect(dateQuantile(['2026-12-03', null, '2026-12-01', '2026-12-02'], 0.85)).toBe(null);
  });
});

describe('epic finish dates', () => {
  // Two developers at one ticket per developer-day: 2 tickets a day from Monday 7 December.
  // Epic A has 3 tickets left: 2 on Monday, 4 by Tuesday, so Tuesday. Epic B, worked after A,
  // has 4 left: 7 in all, 8 by Thursday, so Thursday.
  const epics = [
    { key: 'ACME-1', remaining: 3 },
    { key: 'ACME-2', remaining: 4 },
  ];
  const fullTeam = weeksOf('2026-12-07', '2027-02-26', () => 2);

  it('finishes each epic when the throughput has covered it and those before it', () => {
    expect(forecastEpics(epics, { rates: [1], weeks: fullTeam, seed: 1 })).toEqual([
      { key: 'ACME-1', remaining: 3, p50Date: '2026-12-08', p85Date: '2026-12-08' },
      { key: 'ACME-2', remaining: 4, p50Date: '2026-12-10', p85Date: '2026-12-10' },
    ]);
  });

  it('lands later when half the team is away for two weeks, at both P50 and P85', () => {
    const rates = [0.6, 1, 1.4, 0.8];
    const withoutHoliday = forecastEpics(epics, { rates, weeks: fullTeam, seed: 9 });
    const holiday = weeksOf('2026-12-07', '2027-02-26', (d) => (d <= '2026-12-18' ? 1 : 2));
    const withHoliday = forecastEpics(epics, { rates, weeks: holiday, seed: 9 });
    for (const i of [0, 1]) {
      expect(withHoliday[i]!.p50Date! > withoutHoliday[i]!.p50Date!).toBe(true);
      expect(withHoliday[i]!.p85Date! > withoutHoliday[i]!.p85Date!).toBe(true);
    }
  });

  it('is the same for the same inputs, and P85 is never before P50', () => {
    const sim = { rates: [0.2, 0.5, 1.1, 0.9, 0.4], weeks: fullTeam, seed: seedOf('ACME') };
    const a = forecastEpics(epics, sim);
    expect(forecastEpics(epics, sim)).toEqual(a);
    for (const e of a) expect(e.p85Date! >= e.p50Date!).toBe(true);
  });

  it('has no date without throughput or beyond the days given', () => {
    expect(forecastEpics(epics, { rates: [], weeks: fullTeam, seed: 1 })[0]).toEqual({
      key: 'ACME-1',
      remaining: 3,
      p50Date: null,
      p85Date: null,
    });
    const oneWeek = weeksOf('2026-12-07', '2026-12-11', () => 2);
    const far = forecastEpics([{ key: 'ACME-3', remaining: 50 }], {
      rates: [1],
      weeks: oneWeek,
      seed: 1,
    });
    expect(far[0]!.p50Date).toBe(null);
  });

  it('finishes an epic with nothing left on the first day', () => {
    const done = forecastEpics([{ key: 'ACME-4', remaining: 0 }], {
      rates: [1],
      weeks: fullTeam,
      seed: 1,
    });
    expect(done[0]!.p50Date).toBe('2026-12-07');
  });
});

describe('the sprint’s share done at its end', () => {
  it('adds what the days left deliver to what is done, capped at the scope', () => {
    // 10 tickets, 4 done; Thursday and Friday left with 2 people at 0.5 a day: 2 more, 60%.
    const weeks = weeksOf('2026-12-10', '2026-12-11', () => 2);
    expect(forecastSprint({ scope: 10, done: 4 }, { rates: [0.5], weeks, seed: 3 })).toEqual({
      p50Done: 60,
      p85Done: 60,
    });
    expect(forecastSprint({ scope: 10, done: 9 }, { rates: [5], weeks, seed: 3 })).toEqual({
      p50Done: 100,
      p85Done: 100,
    });
  });

  it('reads P85 as the share 85% of futures reach, never above P50', () => {
    const weeks = weeksOf('2026-12-07', '2026-12-18', () => 3);
    const f = forecastSprint({ scope: 40, done: 5 }, { rates: [0.2, 0.5, 0.8], weeks, seed: 4 });
    expect(f.p85Done).toBeLessThan(f.p50Done);
  });
});

describe('the retainer’s billed range', () => {
  // A weekly period from Monday 7 December 2026, forecast at the end of Wednesday 9 December.
  // Two past weeks, 23 and 30 November; each person's Thursdays bill $400 one week, $800 the
  // other, every other day $600.
  const pastWeeks = ['2026-11-23', '2026-11-30'];
  const past = (thursday: (monday: string) => number | null) =>
    new Map(
      pastWeeks.flatMap((monday) =>
        workingDaysBetween(monday, addCalendarDays(monday, 4)).map(
          (date): [string, number | null] => [
            date,
            date === addCalendarDays(monday, 3) ? thursday(monday) : 600,
          ],
        ),
      ),
    );
  const alternating = past((monday) => (monday === '2026-11-23' ? 400 : 800));
  const period = (perDay: number) =>
    new Map(workingDaysBetween('2026-12-07', '2026-12-09').map((d) => [d, perDay]));
  const left = ['2026-12-10', '2026-12-11'];
  const sim = { periodStart: '2026-12-07', pastWeeks, seed: 5 };

  it('carries each person forward at their pace, with a real range while days remain', () => {
    // Ada bills as usual ($1,800 so far); Grace has billed $900 a day, 1.5× her usual $600:
    // weighed with 2 days at her usual pace, (2,700 + 2 × 600) ÷ (1,800 + 2 × 600) = 1.3.
    // Thursday $400 or $800 (× 1.3 for Grace), Friday $600 (× 1.3):
    // $4,500 + Ada 1,000 or 1,400 + Grace 1,300 or 1,820 = $6,800 or $7,720.
    const r = retainerRangeFromPace(4500, {
      ...sim,
      people: [
        { periodDays: period(600), pastDays: alternating, daysLeft: left },
        { periodDays: period(900), pastDays: alternating, daysLeft: left },
      ],
    });
    expect(r.p10).toBe(6800);
    expect(r.p90).toBe(7720);
    expect([6800, 7720]).toContain(r.p50);
  });

  it('gives the pace the doubt of the days it was read from, not less', () => {
    // Every past day billed $600; Monday $300 and Tuesday $900 so far ($1,200), Wednesday left.
    // Drawn again, the two days give a pace of 0.75, 1 or 1.25 ((600, 1,200 or 1,800 + 2 × 600)
    // ÷ 2,400), a quarter, half and a quarter of the time. Days drawn again vary half as much
    // as two days do: the deviation is scaled by √2, 1 ± 0.3536, so Wednesday bills
    // $387.87, $600 or $812.13.
    const people = [
      {
        periodDays: new Map([
          ['2026-12-07', 300],
          ['2026-12-08', 900],
        ]),
        pastDays: past(() => 600),
        daysLeft: ['2026-12-09'],
      },
    ];
    expect(retainerRangeFromPace(1200, { ...sim, people })).toEqual({
      p10: 1587.87,
      p50: 1800,
      p90: 2012.13,
    });
  });

  it('is the actual once no working day remains', () => {
    const people = [{ periodDays: period(600), pastDays: alternating, daysLeft: [] }];
    expect(retainerRangeFromPace(4500, { ...sim, people })).toEqual({
      p10: 4500,
      p50: 4500,
      p90: 4500,
    });
  });

  it('draws a day once logged as time off as nothing billed', () => {
    // Thursday 26 November was logged as time off: a future drawing that week bills no Thursday.
    const off = past((monday) => (monday === '2026-11-23' ? null : 600));
    const r = retainerRangeFromPace(1800, {
      ...sim,
      people: [{ periodDays: period(600), pastDays: off, daysLeft: left }],
    });
    expect(r.p10).toBe(1800 + 600);
    expect(r.p90).toBe(1800 + 1200);
  });

  it('draws the same range for the same seed', () => {
    const people = [{ periodDays: period(750), pastDays: alternating, daysLeft: left }];
    expect(retainerRangeFromPace(100, { ...sim, people })).toEqual(
      retainerRangeFromPace(100, { ...sim, people }),
    );
  });

  it('draws the same totals for the same seed', () => {
    const weeks = weeksOf('2026-12-07', '2026-12-31', () => 3);
    const s = { rates: [100, 200, 330], weeks, seed: 11 };
    expect(simulateTotals(s)).toEqual(simulateTotals(s));
  });
});

describe('the unit: points where they are estimated, else tickets', () => {
  // PAY's history: 10 done tickets, 9 estimated (3+5+2+3+8+1+2+3+0 = 27 points, mean 3), one not.
  const pay = [3, 5, 2, 3, 8, 1, 2, 3, 0, null].map((points) => ({ points }));
  // OPS's history: 10 done tickets, 7 estimated (70%, under the 80% asked): it counts tickets.
  const ops = [1, 2, null, 3, null, 5, 2, null, 1, 1].map((points) => ({ points }));

  it('counts points when at least 80% of the done tickets carry them', () => {
    expect(workMeasure(pay)).toEqual({ unit: 'points', meanPoints: 3 });
    expect(workMeasure(ops)).toEqual({ unit: 'tickets', meanPoints: null });
    // Exactly 80% is enough; no history counts tickets.
    expect(workMeasure(pay.slice(2)).unit).toBe('points');
    expect(workMeasure([]).unit).toBe('tickets');
  });

  it('counts an unestimated ticket at the mean of the estimated done ones, in points only', () => {
    const points = workMeasure(pay);
    // A week with the done tickets 5, 3 and one without points: 5 + 3 + 3.
    expect([5, 3, null].reduce((n: number, p) => n + workOf(points, p), 0)).toBe(11);
    // An epic with 4 tickets left, 2 + 8 points estimated and 2 without: 10 + 2 × 3 = 16.
    expect(workIn(points, { count: 4, points: 10, unestimated: 2 })).toBe(16);
    const tickets = workMeasure(ops);
    expect(workOf(tickets, 8)).toBe(1);
    expect(workOf(tickets, null)).toBe(1);
    expect(workIn(tickets, { count: 4, points: 10, unestimated: 2 })).toBe(4);
  });

  it('dates an epic from the points left, an unestimated ticket at the mean', () => {
    // Two developers at 1.5 points per developer-day, 3 a day from Monday 7 December. PAY-1 has
    // 4 points and 1 ticket without (at the mean 3): 7, reached on Wednesday (9 by then). In
    // tickets the same 2 tickets at 1 a developer-day would be done on Monday.
    const weeks = weeksOf('2026-12-07', '2027-01-29', () => 2);
    const remaining = workIn(workMeasure(pay), { count: 2, points: 4, unestimated: 1 });
    expect(forecastEpics([{ key: 'PAY-1', remaining }], { rates: [1.5], weeks, seed: 1 })).toEqual([
      { key: 'PAY-1', remaining: 7, p50Date: '2026-12-09', p85Date: '2026-12-09' },
    ]);
    expect(
      forecastEpics(
        [
          {
            key: 'OPS-1',
            remaining: workIn(workMeasure(ops), { count: 2, points: 4, unestimated: 1 }),
          },
        ],
        {
          rates: [1],
          weeks,
          seed: 1,
        },
      )[0]!.p50Date,
    ).toBe('2026-12-07');
  });
});

describe('the basis line', () => {
  it('says what the forecast rests on, in its unit', () => {
    const facts = { weeks: 16, people: 3, daysAwayAhead: 2, aheadWeeks: 8 };
    expect(basisText({ ...facts, unit: 'tickets', atMeanPoints: null })).toBe(
      'from 16 weeks of ticket throughput, 3 people, 2 days away in the next 8 weeks',
    );
    expect(basisText({ ...facts, unit: 'points', atMeanPoints: null })).toBe(
      'from 16 weeks of points throughput, 3 people, 2 days away in the next 8 weeks',
    );
    expect(basisText({ ...facts, unit: 'points', atMeanPoints: 3.04 })).toBe(
      'from 16 weeks of points throughput, 3 people, 2 days away in the next 8 weeks; a ticket without points counts as 3, the mean',
    );
    expect(
      basisText({
        weeks: 1,
        people: 1,
        daysAwayAhead: 1,
        aheadWeeks: 1,
        unit: 'tickets',
        atMeanPoints: null,
      }),
    ).toBe('from 1 week of ticket throughput, 1 person, 1 day away in the next 1 week');
  });
});

describe('calibration of replayed forecasts', () => {
  it('counts how often the P85 held and the outcome fell within P10-P90', () => {
    // Four replays: the P85 (at least 10 tickets) held in three; P10-P90 held the outcome in two.
    expect(
      calibration([
        { p85: 10, p10: 9, p50: 12, p90: 15, actual: 12 },
        { p85: 10, p10: 9, p50: 12, p90: 15, actual: 16 },
        { p85: 10, p10: 9, p50: 12, p90: 15, actual: 8 },
        { p85: 10, p10: 9, p50: 12, p90: 15, actual: 10 },
      ]),
    ).toEqual({ p85HitRate: 75, p10p90HitRate: 50 });
    // A retainer's range has no P85: only its band is scored.
    expect(calibration([{ p10: 1, p50: 2, p90: 3, actual: 2 }])).toEqual({
      p85HitRate: null,
      p10p90HitRate: 100,
    });
  });
});

describe('a holiday is not a slowdown', () => {
  // Four developers at 1 point a day deliver 18 points in a full week (20 days, 90%). For two
  // weeks two of them are on holiday: 9 points a week, half the usual throughput, on 10 days.
  const team = ['a', 'b', 'c', 'd'].map((accountId) => ({
    accountId,
    startDate: null,
    endDate: null,
  }));
  const holidayWeeks = ['2026-12-07', '2026-12-14'];
  const awayDays = effectiveAwayDays(
    [],
    holidayWeeks.flatMap((week) =>
      ['a', 'b'].flatMap((accountId) =>
        workingDaysBetween(week, addCalendarDays(week, 4)).map((date) => ({
          accountId,
          date,
          source: 'leave',
        })),
      ),
    ),
  );

  it('opens no velocity alert: the points are measured against the days people were in', () => {
    const weeks = holidayWeeks.map((weekStart) => {
      const points = availablePoints({ developers: team, awayDays, weekStart, pointsPerDay: 1 });
      return {
        weekStart,
        availablePoints: points,
        velocityPercentage: velocityPercentage(9, points),
      };
    });
    expect(weeks.map((w) => w.availablePoints)).toEqual([10, 10]);
    expect(weeks.map((w) => w.velocityPercentage)).toEqual([90, 90]);
    expect(velocityRule(weeks, DEFAULT_THRESHOLDS)).toBe(null);
  });

  it('leaves the forecast’s throughput per developer-day as it was', () => {
    expect(
      ratesPerDevDay([
        { weekStart: '2026-11-30', done: 18, devDays: 20 },
        { weekStart: '2026-12-07', done: 9, devDays: 10 },
        { weekStart: '2026-12-14', done: 9, devDays: 10 },
      ]),
    ).toEqual([0.9, 0.9, 0.9]);
  });
});
