import { describe, expect, it } from 'vitest';
import {
  aboutAmount,
  dailyBurn,
  daysAtWork,
  isAtWork,
  meanAbsoluteErrorPercent,
  retainerForecast,
  retainerVerdict,
  retainerVerdictText,
} from './retainer-forecast';

describe('retainer outcome forecast', () => {
  // A weekly $4,800 retainer on Wednesday evening: $2,400 billed, Thursday and Friday to go.
  // Ana billed $3,000 over the 10 recent days she was in: $300 a day, at work both days left.
  // Ben billed $1,800 over the 9 days he was in: $200 a day, away on Friday, so one day left.
  const wednesday = {
    target: 4800,
    actualSoFar: 2400,
    remainingWorkingDays: 2,
    people: [
      { recentValue: 3000, recentDaysAtWork: 10, remainingDaysAtWork: 2 },
      { recentValue: 1800, recentDaysAtWork: 9, remainingDaysAtWork: 1 },
    ],
    pastDailyBurns: [400, 600],
  };

  it('adds each person’s daily burn times their remaining days at work to the actual so far', () => {
    const f = retainerForecast(wednesday);
    // 2,400 + 300 × 2 + 200 × 1 = 3,200, which is 67% of 4,800 and 1,600 under.
    expect(f.projected).toBe(3200);
    expect(f.percentOfTarget).toBe(67);
    expect(f.difference).toBe(-1600);
    expect(f.verdict).toBe('under');
    expect(f.burnPerWorkingDay).toBe(500);
    expect(retainerVerdictText(f, 'AUD')).toBe('Will land about A$1,600 under target');
    expect(retainerVerdictText(f, 'USD')).toBe('Will land about $1,600 under target');
  });

  it('gives a range from the spread of past periods’ daily burn over the days left', () => {
    // Past periods burned 400 and 600 a day: mean 500, standard deviation 100; × 2 days = ±200.
    expect(retainerForecast(wednesday).range).toEqual({ low: 3000, high: 3400 });
    // One past period has no spread to speak of: no range rather than a false certainty.
    expect(retainerForecast({ ...wednesday, pastDailyBurns: [500] }).range).toBeNull();
  });

  it('never puts the low end of the range below what is already billed', () => {
    const f = retainerForecast({ ...wednesday, pastDailyBurns: [0, 2000] });
    // Spread 1,000 a day × 2 days = ±2,000 around 3,200: the low end stops at the 2,400 billed.
    expect(f.range).toEqual({ low: 2400, high: 5200 });
  });

  it('on the last day, or with nobody billing, lands where it stands', () => {
    const done = retainerForecast({ ...wednesday, remainingWorkingDays: 0 });
    expect(done.projected).toBe(2400);
    expect(done.range).toEqual({ low: 2400, high: 2400 });
    expect(retainerForecast({ ...wednesday, people: [] }).projected).toBe(2400);
  });

  it('calls within 5% of the target either side on track, and just past it over or under', () => {
    expect(retainerVerdict(1050, 1000)).toBe('on-track');
    expect(retainerVerdict(1050.01, 1000)).toBe('over');
    expect(retainerVerdict(950, 1000)).toBe('on-track');
    expect(retainerVerdict(949.99, 1000)).toBe('under');
    expect(retainerVerdictText({ verdict: 'on-track', difference: 40 }, 'AUD')).toBe('On track');
    expect(retainerVerdictText({ verdict: 'over', difference: 1234.56 }, 'AUD')).toBe(
      'Will land about A$1,200 over target',
    );
  });

  it('with no target gives 0% (no division by zero) and calls any billing over', () => {
    const f = retainerForecast({ ...wednesday, target: 0 });
    expect(f.percentOfTarget).toBe(0);
    expect(f.verdict).toBe('over');
    expect(retainerVerdict(0, 0)).toBe('on-track');
  });

  it('counts someone never at work in the window as burning nothing', () => {
    expect(dailyBurn({ recentValue: 900, recentDaysAtWork: 0 })).toBe(0);
    expect(dailyBurn({ recentValue: 900, recentDaysAtWork: 3 })).toBe(300);
  });

  it('keeps money in cents, rounding half away from zero', () => {
    const f = retainerForecast({
      target: 100,
      actualSoFar: 10.005,
      remainingWorkingDays: 1,
      people: [{ recentValue: 1, recentDaysAtWork: 3, remainingDaysAtWork: 1 }],
      pastDailyBurns: [],
    });
    // 10.005 + 1/3 = 10.3383… → 10.34.
    expect(f.projected).toBe(10.34);
    expect(f.actualSoFar).toBe(10.01);
  });
});

describe('days at work', () => {
  const ana = { awayDays: ['2026-11-20'], startDate: '2026-11-17', endDate: '2026-11-26' };

  it('leaves out away days and days outside the employment dates, which are inclusive', () => {
    expect(isAtWork(ana, '2026-11-16')).toBe(false);
    expect(isAtWork(ana, '2026-11-17')).toBe(true);
    expect(isAtWork(ana, '2026-11-20')).toBe(false);
    expect(isAtWork(ana, '2026-11-26')).toBe(true);
    expect(isAtWork(ana, '2026-11-27')).toBe(false);
    expect(
      daysAtWork(ana, ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']),
    ).toBe(3);
  });

  it('counts every day for someone with no dates and no away days', () => {
    expect(daysAtWork({ awayDays: [], startDate: null, endDate: null }, ['2026-11-16'])).toBe(1);
  });
});

describe('about an amount', () => {
  it('keeps whole dollars under $100 and two significant figures above', () => {
    expect(aboutAmount(56.4)).toBe(56);
    expect(aboutAmount(99.6)).toBe(100);
    expect(aboutAmount(150)).toBe(150);
    expect(aboutAmount(1234)).toBe(1200);
    expect(aboutAmount(1250)).toBe(1300);
    expect(aboutAmount(98765)).toBe(99000);
    expect(aboutAmount(-1234)).toBe(-1200);
  });
});

describe('back-test error', () => {
  it('is the mean of |forecast − actual| / target, as a percent to one decimal', () => {
    // 100/1000 = 10% and 300/2000 = 15%: mean 12.5%. A period with no target has no scale.
    expect(
      meanAbsoluteErrorPercent([
        { target: 1000, forecast: 900, actual: 1000 },
        { target: 2000, forecast: 2300, actual: 2000 },
        { target: 0, forecast: 50, actual: 0 },
      ]),
    ).toBe(12.5);
  });

  it('has no figure when no period can be scored', () => {
    expect(meanAbsoluteErrorPercent([])).toBeNull();
    expect(meanAbsoluteErrorPercent([{ target: 0, forecast: 1, actual: 2 }])).toBeNull();
  });
});
