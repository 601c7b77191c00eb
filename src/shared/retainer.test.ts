import { describe, expect, it } from 'vitest';
import {
  retainerProgress,
  retainerProgressOf,
  retainerStatus,
  retainerStatusColor,
  retainerSummary,
} from './retainer';

describe('retainer periods', () => {
  const periods = (...statuses: string[]) => statuses.map((status) => ({ status }));

  it('counts only COMPLETED periods as done and rounds the percentage', () => {
    expect(retainerProgress(periods('COMPLETED', 'ACTIVE', 'DRAFT'))).toEqual({
      completed: 1,
      total: 3,
      percentage: 33,
      allCompleted: false,
    });
    expect(retainerProgress(periods('COMPLETED', 'COMPLETED', 'ACTIVE'))).toMatchObject({
      completed: 2,
      percentage: 67,
    });
  });

  it('does not count cancelled, lower-case or unknown statuses as done', () => {
    expect(retainerProgress(periods('CANCELLED', 'completed', 'DONE', 'COMPLETED'))).toMatchObject({
      completed: 1,
      total: 4,
      percentage: 25,
    });
  });

  it('flags all periods completed only when there is at least one period', () => {
    expect(retainerProgress(periods('COMPLETED', 'COMPLETED'))).toEqual({
      completed: 2,
      total: 2,
      percentage: 100,
      allCompleted: true,
    });
    expect(retainerProgress([])).toEqual({
      completed: 0,
      total: 0,
      percentage: 0,
      allCompleted: false,
    });
  });

  it('colours the status badge green, blue, grey, red, and grey for anything unknown', () => {
    expect(retainerStatusColor('COMPLETED')).toBe('green');
    expect(retainerStatusColor('ACTIVE')).toBe('blue');
    expect(retainerStatusColor('DRAFT')).toBe('grey');
    expect(retainerStatusColor('CANCELLED')).toBe('red');
    expect(retainerStatusColor('PAUSED')).toBe('grey');
    expect(retainerStatusColor('')).toBe('grey');
  });
});

describe('a retainer period’s status', () => {
  const today = '2026-11-25';
  const period = (startDate: string, endDate: string, locked = false) => ({
    locked,
    startDate,
    endDate,
  });

  it('follows the dates: a period that ended is COMPLETED even before it is locked', () => {
    // Week 12 ended on Nov 22 and week 13 runs today: only week 13 is ACTIVE.
    expect(retainerStatus(period('2026-11-16', '2026-11-22'), today)).toBe('COMPLETED');
    expect(retainerStatus(period('2026-11-23', '2026-11-29'), today)).toBe('ACTIVE');
    expect(retainerStatus(period('2026-11-30', '2026-12-06'), today)).toBe('DRAFT');
  });

  it('is ACTIVE on its first and last day, and COMPLETED once locked', () => {
    expect(retainerStatus(period('2026-11-25', '2026-12-01'), today)).toBe('ACTIVE');
    expect(retainerStatus(period('2026-11-19', '2026-11-25'), today)).toBe('ACTIVE');
    expect(retainerStatus(period('2026-11-23', '2026-11-29', true), today)).toBe('COMPLETED');
  });
});

describe('the retainer Project Summary', () => {
  it('adds the targets and actuals and says Under Target when actual is below target', () => {
    const summary = retainerSummary([
      { target_amount: 2400, actual_amount: 2000 },
      { target_amount: 2400, actual_amount: 1600 },
    ]);
    expect(summary).toEqual({
      totalTarget: 4800,
      totalActual: 3600,
      difference: 1200,
      over: false,
      achievement: 75,
    });
  });

  it('says Over Target when actual equals or passes target, and achievement passes 100', () => {
    expect(retainerSummary([{ target_amount: 1000, actual_amount: 1000 }])).toMatchObject({
      over: true,
      difference: 0,
      achievement: 100,
    });
    expect(retainerSummary([{ target_amount: 1000, actual_amount: 1250 }])).toMatchObject({
      over: true,
      difference: 250,
      achievement: 125,
    });
  });

  it('gives 0% achieved when the target is 0', () => {
    expect(retainerSummary([{ target_amount: 0, actual_amount: 500 }]).achievement).toBe(0);
  });
});

describe("the card's retainer progress from stored counts", () => {
  it('gives the same figures as counting the periods', () => {
    expect(retainerProgressOf(1, 3)).toEqual(
      retainerProgress([{ status: 'COMPLETED' }, { status: 'ACTIVE' }, { status: 'DRAFT' }]),
    );
  });

  it('warns only when there are periods and all are completed', () => {
    expect(retainerProgressOf(2, 2)).toMatchObject({ percentage: 100, allCompleted: true });
    expect(retainerProgressOf(1, 2).allCompleted).toBe(false);
    expect(retainerProgressOf(0, 0)).toMatchObject({ percentage: 0, allCompleted: false });
  });
});
