import { describe, expect, it } from 'vitest';
import {
  budgetBurn,
  burnsPastAlert,
  burnTone,
  hasBudgetBurn,
  runOutText,
  runOutWeek,
} from './budget-burn';

// Today is Monday 2026-11-23; the four finished weeks before it start 10/26, 11/2, 11/9, 11/16.
const TODAY = '2026-11-23';
const weeks = (costs: number[]) =>
  ['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16'].map((weekStart, i) => ({
    weekStart,
    cost: costs[i]!,
  }));

describe('budget burn', () => {
  it('is internal cost against the value, with invoiced beside it and the mean weekly pace', () => {
    const burn = budgetBurn({
      projectValue: 100_000,
      costToDate: 80_000,
      invoicedToDate: 70_000,
      weeklyCosts: weeks([4000, 5000, 6000, 5000]),
      today: TODAY,
      alertPercent: 80,
    });
    expect(burn.usedPercent).toBe(80);
    expect(burn.invoicedPercent).toBe(70);
    expect(burn.remaining).toBe(20_000);
    // (4,000 + 5,000 + 6,000 + 5,000) / 4 = 5,000 a week: 20,000 left lasts 4 weeks = 28 days,
    // to Monday 2026-12-21, in the week starting that day.
    expect(burn.pacePerWeek).toBe(5000);
    expect(burn.runOut).toEqual({ kind: 'week', weekStart: '2026-12-21' });
  });

  it('rounds a part week up to the day it runs out and names that day’s week', () => {
    // 7,500 left at 5,000 a week = 1.5 weeks = 10.5 days → 11 days → Friday 2026-12-04 (week of 11/30).
    expect(
      runOutWeek({ projectValue: 10_000, costToDate: 2500, pacePerWeek: 5000, today: TODAY }),
    ).toEqual({ kind: 'week', weekStart: '2026-11-30' });
  });

  it('says reached once cost meets the value, at the threshold and past it', () => {
    expect(
      runOutWeek({ projectValue: 10_000, costToDate: 10_000, pacePerWeek: 5000, today: TODAY }),
    ).toEqual({ kind: 'reached' });
    const over = budgetBurn({
      projectValue: 10_000,
      costToDate: 12_500,
      invoicedToDate: 0,
      weeklyCosts: weeks([0, 0, 0, 0]),
      today: TODAY,
      alertPercent: 80,
    });
    expect(over.usedPercent).toBe(125);
    expect(over.remaining).toBe(-2500);
    expect(over.runOut).toEqual({ kind: 'reached' });
  });

  it('says not at this pace when nothing was spent lately or the date is years away', () => {
    expect(
      runOutWeek({ projectValue: 10_000, costToDate: 100, pacePerWeek: 0, today: TODAY }),
    ).toEqual({ kind: 'not-at-this-pace' });
    // 9,900 left at $38/week is 260.5 weeks: past the five-year horizon.
    expect(
      runOutWeek({ projectValue: 10_000, costToDate: 100, pacePerWeek: 38, today: TODAY }).kind,
    ).toBe('not-at-this-pace');
    // At $38.10/week it is 259.8 weeks: just inside.
    expect(
      runOutWeek({ projectValue: 10_000, costToDate: 100, pacePerWeek: 38.1, today: TODAY }).kind,
    ).toBe('week');
  });

  it('has no percentages and nothing to run out of for a project without a value', () => {
    const burn = budgetBurn({
      projectValue: 0,
      costToDate: 500,
      invoicedToDate: 200,
      weeklyCosts: [],
      today: TODAY,
      alertPercent: 80,
    });
    expect(burn.usedPercent).toBeNull();
    expect(burn.invoicedPercent).toBeNull();
    expect(burn.pacePerWeek).toBe(0);
    expect(burn.runOut).toEqual({ kind: 'no-value' });
  });

  it('keeps the pace in cents', () => {
    // (0.01 + 0.01 + 0.01 + 0.02) / 4 = 0.0125 → 0.01.
    const burn = budgetBurn({
      projectValue: 1,
      costToDate: 0,
      invoicedToDate: 0,
      weeklyCosts: weeks([0.01, 0.01, 0.01, 0.02]),
      today: TODAY,
      alertPercent: 80,
    });
    expect(burn.pacePerWeek).toBe(0.01);
  });

  it('applies to fixed-price and time-and-materials projects only', () => {
    expect(hasBudgetBurn('FIXED_PRICE')).toBe(true);
    expect(hasBudgetBurn('TIME_AND_MATERIALS')).toBe(true);
    expect(hasBudgetBurn('RETAINER')).toBe(false);
    expect(hasBudgetBurn(null)).toBe(false);
  });
});

describe('run-out text', () => {
  it('names the week, or says reached, not at this pace, or that there is no value', () => {
    const week = (d: string) => `W${d}`;
    expect(runOutText({ kind: 'week', weekStart: '2026-12-21' }, week)).toBe('Week of W2026-12-21');
    expect(runOutText({ kind: 'reached' }, week)).toBe('Budget reached');
    expect(runOutText({ kind: 'not-at-this-pace' }, week)).toBe('not at this pace');
    expect(runOutText({ kind: 'no-value' }, week)).toBe('No project value to burn');
  });
});

describe('the Budget burn alert threshold', () => {
  it('judges the whole percent the tab prints, with the threshold from settings', () => {
    expect(burnsPastAlert(79, 80)).toBe(false);
    expect(burnsPastAlert(80, 80)).toBe(true);
    expect(burnsPastAlert(null, 80)).toBe(false);
    const at = (costToDate: number, alertPercent: number) =>
      budgetBurn({
        projectValue: 10_000,
        costToDate,
        invoicedToDate: 9_900,
        weeklyCosts: [],
        today: TODAY,
        alertPercent,
      });
    // 79.5% prints as 80%: past the alert, as the tab reads it; invoiced at 99% changes nothing.
    expect(at(7_950, 80)).toMatchObject({ usedPercent: 80, overAlert: true, alertPercent: 80 });
    expect(at(7_949, 80)).toMatchObject({ usedPercent: 79, overAlert: false });
    expect(at(6_000, 60).overAlert).toBe(true);
  });

  it('draws a share amber past the alert and red once the value is reached', () => {
    expect(burnTone(50, 80)).toBe('blue');
    expect(burnTone(80, 80)).toBe('amber');
    expect(burnTone(65, 60)).toBe('amber');
    expect(burnTone(100, 80)).toBe('red');
    expect(burnTone(null, 80)).toBe('blue');
  });
});
