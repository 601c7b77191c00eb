import { describe, expect, it } from 'vitest';
import {
  availablePoints,
  awayKey,
  effectiveAwayDays,
  isAwayOn,
  isEmployedInWeek,
  isEmployedOn,
} from './availability';

// A Monday and its week, used throughout: Mon 2026-11-16 .. Sun 2026-11-22.
const MONDAY = '2026-11-16';
const FRIDAY = '2026-11-20';

describe('employment in a week', () => {
  it('shows a developer with no dates in every week', () => {
    expect(isEmployedInWeek({ startDate: null, endDate: null }, MONDAY)).toBe(true);
  });

  it('shows a developer who starts on or before the Friday, and hides one who starts after it', () => {
    expect(isEmployedInWeek({ startDate: FRIDAY, endDate: null }, MONDAY)).toBe(true);
    expect(isEmployedInWeek({ startDate: MONDAY, endDate: null }, MONDAY)).toBe(true);
    expect(isEmployedInWeek({ startDate: '2026-11-21', endDate: null }, MONDAY)).toBe(false); // Saturday
    expect(isEmployedInWeek({ startDate: '2026-11-23', endDate: null }, MONDAY)).toBe(false);
  });

  it('shows a developer who leaves on or after the Monday, and hides one who left before it', () => {
    expect(isEmployedInWeek({ startDate: null, endDate: MONDAY }, MONDAY)).toBe(true);
    expect(isEmployedInWeek({ startDate: null, endDate: FRIDAY }, MONDAY)).toBe(true);
    expect(isEmployedInWeek({ startDate: null, endDate: '2026-11-15' }, MONDAY)).toBe(false); // Sunday before
  });

  it('needs both dates to allow the week', () => {
    expect(isEmployedInWeek({ startDate: '2026-11-18', endDate: '2026-11-18' }, MONDAY)).toBe(true);
    expect(isEmployedInWeek({ startDate: '2026-11-01', endDate: '2026-11-13' }, MONDAY)).toBe(
      false,
    );
  });
});

describe('employment on a day', () => {
  it('counts every day for someone with no dates, and both ends of the range', () => {
    expect(isEmployedOn({ startDate: null, endDate: null }, MONDAY)).toBe(true);
    expect(isEmployedOn({ startDate: MONDAY, endDate: FRIDAY }, MONDAY)).toBe(true);
    expect(isEmployedOn({ startDate: MONDAY, endDate: FRIDAY }, FRIDAY)).toBe(true);
  });

  it('leaves out the days before the start and after the end', () => {
    expect(isEmployedOn({ startDate: '2026-11-18', endDate: null }, '2026-11-17')).toBe(false);
    expect(isEmployedOn({ startDate: null, endDate: '2026-11-18' }, '2026-11-19')).toBe(false);
  });
});

describe('marked, derived and default days', () => {
  it('lets a day marked by hand win over a derived one, and a derived one over the default', () => {
    expect(isAwayOn(false, 'holiday: Christmas Day')).toBe(false);
    expect(isAwayOn(true, undefined)).toBe(true);
    expect(isAwayOn(undefined, 'leave')).toBe(true);
    expect(isAwayOn(undefined, undefined)).toBe(false);
  });

  it('gives available points the away days that result', () => {
    const away = effectiveAwayDays(
      [
        { accountId: 'a', date: '2026-11-16', isAway: false },
        { accountId: 'a', date: '2026-11-17', isAway: true },
      ],
      [
        { accountId: 'a', date: '2026-11-16', source: 'holiday: Founders’ Day' },
        { accountId: 'a', date: '2026-11-18', source: 'leave' },
      ],
    );
    expect([...away].sort()).toEqual([awayKey('a', '2026-11-17'), awayKey('a', '2026-11-18')]);
  });
});

describe('available points', () => {
  const dev = (
    accountId: string,
    startDate: string | null = null,
    endDate: string | null = null,
  ) => ({
    accountId,
    startDate,
    endDate,
  });

  it('counts five weekdays per developer times the points per day', () => {
    expect(
      availablePoints({
        developers: [dev('a'), dev('b')],
        awayDays: new Set(),
        weekStart: MONDAY,
        pointsPerDay: 1,
      }),
    ).toBe(10);
    expect(
      availablePoints({
        developers: [dev('a'), dev('b')],
        awayDays: new Set(),
        weekStart: MONDAY,
        pointsPerDay: 2.5,
      }),
    ).toBe(25);
  });

  it('leaves out the days a developer is away, only for that developer', () => {
    const awayDays = new Set([
      awayKey('a', '2026-11-17'),
      awayKey('a', FRIDAY),
      awayKey('b', '2026-11-18'),
    ]);
    expect(
      availablePoints({
        developers: [dev('a'), dev('b')],
        awayDays,
        weekStart: MONDAY,
        pointsPerDay: 1,
      }),
    ).toBe(7);
  });

  it('ignores away days outside the week and weekend days', () => {
    const awayDays = new Set([
      awayKey('a', '2026-11-13'),
      awayKey('a', '2026-11-21'),
      awayKey('a', '2026-11-23'),
    ]);
    expect(
      availablePoints({ developers: [dev('a')], awayDays, weekStart: MONDAY, pointsPerDay: 1 }),
    ).toBe(5);
  });

  it('counts a start date and an end date as working days', () => {
    const developers = [
      dev('starts-wed', '2026-11-18'), // Wed, Thu, Fri
      dev('leaves-tue', null, '2026-11-17'), // Mon, Tue
      dev('starts-fri', FRIDAY), // Fri
      dev('leaves-mon', null, MONDAY), // Mon
    ];
    expect(
      availablePoints({ developers, awayDays: new Set(), weekStart: MONDAY, pointsPerDay: 1 }),
    ).toBe(7);
  });

  it('gives nothing for developers employed outside the week', () => {
    const developers = [
      dev('future', '2026-11-21'),
      dev('gone', null, '2026-11-15'),
      dev('later', '2026-12-01', '2026-12-31'),
    ];
    expect(
      availablePoints({ developers, awayDays: new Set(), weekStart: MONDAY, pointsPerDay: 3 }),
    ).toBe(0);
  });

  it('is 0 with nobody selected', () => {
    expect(
      availablePoints({ developers: [], awayDays: new Set(), weekStart: MONDAY, pointsPerDay: 1 }),
    ).toBe(0);
  });
});
