import { describe, expect, it } from 'vitest';
import { weekStartOf } from './calendar';
import { dayRangeInZone, isoDateInZone, weekRangeInZone } from './time-zones';

const HOUR = 60 * 60 * 1000;

// A Monday and its week, used throughout: Mon 2026-11-16 .. Sun 2026-11-22.
const MONDAY = '2026-11-16';
const SUNDAY = '2026-11-22';

describe('weeks in the agency time zone', () => {
  it('runs Monday 00:00 to the next Monday 00:00 in UTC', () => {
    expect(weekRangeInZone(MONDAY, 'UTC')).toEqual({
      from: new Date('2026-11-16T00:00:00Z'),
      to: new Date('2026-11-23T00:00:00Z'),
    });
  });

  it('shifts the instants by the zone offset', () => {
    expect(weekRangeInZone(MONDAY, 'Europe/London')).toEqual({
      from: new Date('2026-11-16T00:00:00Z'),
      to: new Date('2026-11-23T00:00:00Z'),
    });
    expect(weekRangeInZone(MONDAY, 'America/New_York')).toEqual({
      from: new Date('2026-11-16T05:00:00Z'),
      to: new Date('2026-11-23T05:00:00Z'),
    });
    expect(weekRangeInZone(MONDAY, 'Australia/Sydney')).toEqual({
      from: new Date('2026-11-15T13:00:00Z'),
      to: new Date('2026-11-22T13:00:00Z'),
    });
    expect(weekRangeInZone(MONDAY, 'Asia/Kolkata').from).toEqual(new Date('2026-11-15T18:30:00Z'));
  });

  it('is 167 hours long in London the week the clocks go forward and 169 the week they go back', () => {
    // BST starts Sun 29 Mar 2026 and ends Sun 25 Oct 2026.
    const spring = weekRangeInZone('2026-03-23', 'Europe/London');
    expect(spring).toEqual({
      from: new Date('2026-03-23T00:00:00Z'),
      to: new Date('2026-03-29T23:00:00Z'),
    });
    expect(spring.to.getTime() - spring.from.getTime()).toBe(167 * HOUR);

    const autumn = weekRangeInZone('2026-10-19', 'Europe/London');
    expect(autumn).toEqual({
      from: new Date('2026-10-18T23:00:00Z'),
      to: new Date('2026-10-26T00:00:00Z'),
    });
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(169 * HOUR);
  });

  it('is 167 hours long in New York the week the clocks go forward and 169 the week they go back', () => {
    // EDT starts Sun 8 Mar 2026 and ends Sun 1 Nov 2026.
    const spring = weekRangeInZone('2026-03-02', 'America/New_York');
    expect(spring).toEqual({
      from: new Date('2026-03-02T05:00:00Z'),
      to: new Date('2026-03-09T04:00:00Z'),
    });
    expect(spring.to.getTime() - spring.from.getTime()).toBe(167 * HOUR);

    const autumn = weekRangeInZone('2026-10-26', 'America/New_York');
    expect(autumn).toEqual({
      from: new Date('2026-10-26T04:00:00Z'),
      to: new Date('2026-11-02T05:00:00Z'),
    });
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(169 * HOUR);
  });

  it('starts the week at the transition when the clocks skip Monday midnight', () => {
    // Iran moved its clocks from 00:00 to 01:00 on Monday 22 March 2021.
    expect(weekRangeInZone('2021-03-22', 'Asia/Tehran').from).toEqual(
      new Date('2021-03-21T20:30:00Z'),
    );
  });

  it('takes the week of any day passed in, not only a Monday', () => {
    expect(weekRangeInZone('2026-11-19', 'UTC')).toEqual(weekRangeInZone(MONDAY, 'UTC'));
  });

  it('covers a range of whole days, both ends included, for the story points modal', () => {
    expect(dayRangeInZone('2026-11-16', '2026-11-18', 'America/New_York')).toEqual({
      from: new Date('2026-11-16T05:00:00Z'),
      to: new Date('2026-11-19T05:00:00Z'),
    });
    expect(dayRangeInZone('2026-11-18', '2026-11-18', 'UTC')).toEqual({
      from: new Date('2026-11-18T00:00:00Z'),
      to: new Date('2026-11-19T00:00:00Z'),
    });
    // The Sunday London's clocks go back is 25 hours long.
    const autumnSunday = dayRangeInZone('2026-10-25', '2026-10-25', 'Europe/London');
    expect(autumnSunday.to.getTime() - autumnSunday.from.getTime()).toBe(25 * HOUR);
  });

  it('gives an empty range when the last day comes before the first', () => {
    const range = dayRangeInZone('2026-11-18', '2026-11-16', 'UTC');
    expect(range.to.getTime()).toBeLessThan(range.from.getTime());
  });

  it('refuses an unknown time zone', () => {
    expect(() => weekRangeInZone(MONDAY, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });

  it('tells the calendar day in a zone, for "this week" wherever the server runs', () => {
    const instant = new Date('2026-11-22T23:30:00Z'); // Sunday night in London
    expect(isoDateInZone(instant, 'Europe/London')).toBe(SUNDAY);
    expect(isoDateInZone(instant, 'Australia/Sydney')).toBe('2026-11-23'); // already Monday
    expect(isoDateInZone(instant, 'America/New_York')).toBe(SUNDAY);
    expect(weekStartOf(isoDateInZone(instant, 'Australia/Sydney'))).toBe('2026-11-23');
  });
});
