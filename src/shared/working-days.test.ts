import { describe, expect, it } from 'vitest';
import { lastWorkingDays, workingDaysBetween } from './working-days';

// Mon 2026-11-16 .. Sun 2026-11-22, and the next Monday 2026-11-23.
describe('working days', () => {
  it('counts Monday to Friday, both ends included, and skips the weekend', () => {
    expect(workingDaysBetween('2026-11-16', '2026-11-22')).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    expect(workingDaysBetween('2026-11-20', '2026-11-23')).toEqual(['2026-11-20', '2026-11-23']);
    expect(workingDaysBetween('2026-11-21', '2026-11-22')).toEqual([]);
  });

  it('gives nothing when the range runs backwards, and one day for a single weekday', () => {
    expect(workingDaysBetween('2026-11-19', '2026-11-18')).toEqual([]);
    expect(workingDaysBetween('2026-11-18', '2026-11-18')).toEqual(['2026-11-18']);
  });

  it('takes the last n working days back from a day, stepping over a weekend', () => {
    expect(lastWorkingDays('2026-11-24', 3)).toEqual(['2026-11-20', '2026-11-23', '2026-11-24']);
    // A Sunday is not itself a working day: the window ends on the Friday before.
    expect(lastWorkingDays('2026-11-22', 2)).toEqual(['2026-11-19', '2026-11-20']);
    expect(lastWorkingDays('2026-11-22', 0)).toEqual([]);
  });

  it('refuses a malformed date instead of guessing', () => {
    expect(() => workingDaysBetween('2026-11-31', '2026-12-01')).toThrow(RangeError);
  });
});
