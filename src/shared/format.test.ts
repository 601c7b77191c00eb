import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatHours,
  formatMegabytes,
  formatPlanHours,
  formatPlanHoursOf,
  formatWeekLabel,
  formatWholeHours,
  hoursBilled,
} from './format';

describe('formatDate', () => {
  it('prints one calendar date in each pattern asked for, however often it is asked', () => {
    for (let i = 0; i < 3; i++) {
      expect(formatDate('2026-11-23', 'EEEE')).toBe('Monday');
      expect(formatDate('2026-11-23', 'MMM d')).toBe('Nov 23');
      expect(formatDate('2026-11-23')).toBe('Nov 23, 2026');
      expect(formatDate('2026-13-45')).toBe('Invalid date');
    }
  });

  it("says 'No date' for an empty value", () => {
    expect(formatDate(null)).toBe('No date');
    expect(formatDate(undefined)).toBe('No date');
    expect(formatDate('')).toBe('No date');
  });

  it("says 'Invalid date' for a value it cannot read", () => {
    expect(formatDate('not a date')).toBe('Invalid date');
    expect(formatDate('2026-02-30')).toBe('Invalid date');
    expect(formatDate(new Date(Number.NaN))).toBe('Invalid date');
  });

  it("says 'Error formatting date' when the pattern cannot be used", () => {
    expect(formatDate('2026-11-16', 'foo')).toBe('Error formatting date');
  });

  it('prints a YYYY-MM-DD string as that calendar day, whatever the zone', () => {
    expect(formatDate('2026-11-16')).toBe('Nov 16, 2026');
    expect(formatDate('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatDate('2026-12-31')).toBe('Dec 31, 2026');
  });

  it('takes another pattern', () => {
    expect(formatDate('2026-11-16', 'EEE, MMM d')).toBe('Mon, Nov 16');
    expect(formatDate('2026-11-16', 'yyyy-MM-dd')).toBe('2026-11-16');
  });

  it('prints a Date and an ISO timestamp in the local zone', () => {
    expect(formatDate(new Date(2026, 10, 16, 23, 30))).toBe('Nov 16, 2026');
    const local = new Date(2026, 10, 16, 12, 0);
    expect(formatDate(local.toISOString())).toBe('Nov 16, 2026');
  });
});

describe('formatHours', () => {
  it('shows whole hours as hrs and the remainder as min', () => {
    expect(formatHours(2.5)).toBe('2 hrs 30 min');
    expect(formatHours(1.25)).toBe('1 hr 15 min');
    expect(formatHours(37.75)).toBe('37 hrs 45 min');
  });

  it('leaves out the minutes on a whole number of hours', () => {
    expect(formatHours(1)).toBe('1 hr');
    expect(formatHours(8)).toBe('8 hrs');
  });

  it('shows under one hour in minutes only', () => {
    expect(formatHours(0.75)).toBe('45 min');
    expect(formatHours(0.5)).toBe('30 min');
    expect(formatHours(1 / 60)).toBe('1 min');
    expect(formatHours(0)).toBe('0 min');
  });

  it('rounds to the nearest minute, carrying into the hour', () => {
    expect(formatHours(0.999)).toBe('1 hr'); // 59.94 min
    expect(formatHours(1.9999)).toBe('2 hrs');
    expect(formatHours(0.004)).toBe('0 min');
  });
});

describe('formatWholeHours', () => {
  it("rounds a chart's hours to whole hours, halves up, 0 for a number that is not finite", () => {
    expect(formatWholeHours(12)).toBe('12 h');
    expect(formatWholeHours(2.5)).toBe('3 h');
    expect(formatWholeHours(2.49)).toBe('2 h');
    expect(formatWholeHours(Number.NaN)).toBe('0 h');
  });
});

describe('formatPlanHoursOf', () => {
  it('names the unit once, each part to one decimal at most', () => {
    expect(formatPlanHoursOf(150, 187.5)).toBe('150/187.5 h');
    expect(formatPlanHoursOf(32.46, 37.5)).toBe('32.5/37.5 h');
    expect(formatPlanHoursOf(0, 0)).toBe('0/0 h');
  });
});

describe('formatPlanHours', () => {
  it('keeps one decimal at most, and no minus on a rounded zero', () => {
    expect(formatPlanHours(37.5)).toBe('37.5 h');
    expect(formatPlanHours(30)).toBe('30 h');
    expect(formatPlanHours(-4.55)).toBe('-4.5 h');
    expect(formatPlanHours(12.349)).toBe('12.3 h');
    expect(formatPlanHours(-0.01)).toBe('0 h');
  });
});

describe('hoursBilled', () => {
  it('is billable minutes / 60 with one decimal', () => {
    expect(hoursBilled(90)).toBe('1.5');
    expect(hoursBilled(60)).toBe('1.0');
    expect(hoursBilled(100)).toBe('1.7'); // 1.666…
    expect(hoursBilled(2400)).toBe('40.0');
    expect(hoursBilled(0)).toBe('0.0');
  });

  it('rounds a half tenth up', () => {
    expect(hoursBilled(87)).toBe('1.5'); // 1.45 exactly
    expect(hoursBilled(3)).toBe('0.1'); // 0.05 exactly
  });
});

describe('formatMegabytes', () => {
  it('gives one decimal under 10 MB and whole, grouped megabytes above', () => {
    expect(formatMegabytes(123_456)).toBe('0.1 MB');
    expect(formatMegabytes(9_949_999)).toBe('9.9 MB');
    expect(formatMegabytes(12_400_000)).toBe('12 MB');
    expect(formatMegabytes(1_024_000_000)).toBe('1,024 MB');
  });
});

describe('formatWeekLabel', () => {
  it('names Monday to Sunday with the year once', () => {
    expect(formatWeekLabel('2026-11-16')).toBe('Nov 16 - Nov 22, 2026');
  });

  it('spans months', () => {
    expect(formatWeekLabel('2026-11-30')).toBe('Nov 30 - Dec 6, 2026');
  });

  it('names both years when a week spans New Year', () => {
    expect(formatWeekLabel('2026-12-28')).toBe('Dec 28, 2026 - Jan 3, 2027');
  });

  it('refuses a week start that is not a date', () => {
    expect(() => formatWeekLabel('2026-02-30')).toThrow(RangeError);
  });
});
