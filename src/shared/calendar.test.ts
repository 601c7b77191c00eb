import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isIsoDate,
  parseUpstreamInstant,
  lastWeeks,
  shiftWeek,
  weekDays,
  weekEndOf,
  weekStartOf,
  addCalendarDays,
} from './calendar';

const HOUR = 60 * 60 * 1000;

// A Monday and its week, used throughout: Mon 2026-11-16 .. Sun 2026-11-22.
const MONDAY = '2026-11-16';
const FRIDAY = '2026-11-20';
const SUNDAY = '2026-11-22';

describe('weeks', () => {
  it('starts a week on Monday for every day from Monday to Sunday', () => {
    for (const day of [
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]) {
      expect(weekStartOf(day), day).toBe(MONDAY);
    }
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23');
  });

  it('reads a Date as the calendar day it shows locally', () => {
    expect(weekStartOf(new Date(2026, 10, 22, 23, 59))).toBe(MONDAY);
    expect(weekStartOf(new Date(2026, 10, 16, 0, 0))).toBe(MONDAY);
  });

  it('crosses month and year boundaries', () => {
    expect(weekStartOf('2027-01-01')).toBe('2026-12-28');
    expect(weekStartOf('2026-03-01')).toBe('2026-02-23');
  });

  it('ends a week on the Sunday, 6 days after its Monday', () => {
    expect(weekEndOf(MONDAY)).toBe(SUNDAY);
    expect(weekEndOf('2026-12-28')).toBe('2027-01-03');
    expect(weekEndOf('2028-02-28')).toBe('2028-03-05'); // leap year
  });

  it('steps 7 days at a time, forward and back', () => {
    expect(shiftWeek(MONDAY, 1)).toBe('2026-11-23');
    expect(shiftWeek(MONDAY, -1)).toBe('2026-11-09');
    expect(shiftWeek(MONDAY, 0)).toBe(MONDAY);
    expect(shiftWeek('2026-12-28', 1)).toBe('2027-01-04');
    // Across both DST changes of the runtime's zone, whatever it is, a week stays 7 calendar days.
    expect(shiftWeek('2026-03-23', 1)).toBe('2026-03-30');
    expect(shiftWeek('2026-10-26', -1)).toBe('2026-10-19');
  });

  it('lists Monday to Friday for the availability grid', () => {
    expect(weekDays(MONDAY)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      FRIDAY,
    ]);
    expect(weekDays('2026-03-30')).toEqual([
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
      '2026-04-03',
    ]);
  });

  it('lists the last 8 weeks oldest first, ending with the current one', () => {
    expect(lastWeeks(MONDAY, 8)).toEqual([
      '2026-09-28',
      '2026-10-05',
      '2026-10-12',
      '2026-10-19',
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      MONDAY,
    ]);
    expect(lastWeeks(MONDAY, 1)).toEqual([MONDAY]);
    expect(lastWeeks(MONDAY, 0)).toEqual([]);
  });

  it('keeps every week start a Monday within the week of the given day', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true }),
        (d) => {
          const start = weekStartOf(d);
          const [y, m, day] = start.split('-').map(Number) as [number, number, number];
          const monday = new Date(y, m - 1, day);
          expect(monday.getDay()).toBe(1);
          const local = new Date(d.getFullYear(), d.getMonth(), d.getDate());
          const daysIn = Math.round((local.getTime() - monday.getTime()) / (24 * HOUR));
          expect(daysIn).toBeGreaterThanOrEqual(0);
          expect(daysIn).toBeLessThanOrEqual(6);
        },
      ),
    );
  });

  it('accepts only strict YYYY-MM-DD strings naming a real day', () => {
    for (const s of ['2026-11-16', '2028-02-29', '2026-12-31', '2026-01-01'])
      expect(isIsoDate(s), s).toBe(true);
    for (const s of [
      '2026-02-30',
      '2026-02-29', // not a leap year
      '2026-13-01',
      '2026-00-10',
      '2026-11-31',
      '2026-11-00',
      '2026-1-5',
      '26-11-16',
      '2026/11/16',
      '2026-11-16T00:00:00Z',
      ' 2026-11-16',
      '',
      'yesterday',
    ]) {
      expect(isIsoDate(s), s).toBe(false);
    }
  });

  it('refuses a week start that is not a date, naming the value', () => {
    expect(() => weekEndOf('2026-02-30')).toThrow(RangeError);
    expect(() => shiftWeek('soon', 1)).toThrow(/"soon"/);
    expect(() => weekStartOf(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('calendar days', () => {
  it('moves a date by whole days across a month end', () => {
    expect(addCalendarDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addCalendarDays('2026-12-01', -1)).toBe('2026-11-30');
  });
});

describe('parseUpstreamInstant', () => {
  it('reads what Date.parse reads within the years 1 to 9999, and nothing else', () => {
    expect(parseUpstreamInstant('2026-11-29T10:00:00Z')?.toISOString()).toBe(
      '2026-11-29T10:00:00.000Z',
    );
    expect(parseUpstreamInstant(' 2026-11-29T10:00:00+01:00 ')?.toISOString()).toBe(
      '2026-11-29T09:00:00.000Z',
    );
    for (const text of ['', 'yesterday', '-010000-01-01T00:00:00Z', '+012026-01-01T00:00:00Z', 42])
      expect(parseUpstreamInstant(text), String(text)).toBeNull();
  });
});
