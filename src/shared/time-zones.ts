/**
 * Calendar days and weeks in the agency's IANA time zone: "today" and "this week" for the
 * agency whatever the server's zone, and the UTC instants a day or a week spans (a week with a
 * DST change is 167 or 169 hours long). The zone arithmetic is @date-fns/tz's (date-fns v4's own).
 */
import { TZDate, tz } from '@date-fns/tz';
import { format, startOfDay } from 'date-fns';
import {
  addCalendarDays,
  type IsoDate,
  parseIsoDate,
  toIsoDate,
  weekEndOf,
  weekStartOf,
} from './calendar';

/** TZDate gives an Invalid Date for an unknown zone; callers are promised a RangeError. */
function inZone(timeZone: string, ...wallClock: [number, number, number, number?]): TZDate {
  const [year, month, day, hour = 0] = wallClock;
  const at = new TZDate(year, month, day, hour, timeZone);
  if (Number.isNaN(at.getTime())) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return at;
}

/**
 * The calendar date in `timeZone` at `instant`: "today" for the agency, whatever the server's zone.
 * Throws RangeError for an unknown zone.
 */
export function isoDateInZone(instant: Date, timeZone: string): IsoDate {
  return format(instant, 'yyyy-MM-dd', { in: tz(timeZone) });
}

/**
 * The first instant of a calendar day in `timeZone`. Usually local 00:00; where a DST change
 * skips midnight (e.g. Asia/Tehran in 2021) the day starts at the transition.
 */
function startOfDayInZone(day: IsoDate, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  // From noon, which every day has, back to the day's first instant.
  return new Date(startOfDay(inZone(timeZone, y, m - 1, d, 12)).getTime());
}

/**
 * Whole calendar days as UTC instants in an IANA zone: `firstDay` 00:00 up to the 00:00 after
 * `lastDay` (exclusive), so both days are included. A `lastDay` before `firstDay` gives an empty
 * range (`to` before `from`). Throws RangeError for a malformed date or an unknown zone.
 */
export function dayRangeInZone(
  firstDay: IsoDate,
  lastDay: IsoDate,
  timeZone: string,
): { from: Date; to: Date } {
  const dayAfter = addCalendarDays(lastDay, 1);
  return {
    from: startOfDayInZone(toIsoDate(parseIsoDate(firstDay)), timeZone),
    to: startOfDayInZone(dayAfter, timeZone),
  };
}

/**
 * The week as UTC instants: Monday 00:00 to the next Monday 00:00 (exclusive) in an IANA zone.
 * A week with a DST change is 167 or 169 hours long. Throws RangeError for an unknown zone.
 */
export function weekRangeInZone(weekStart: IsoDate, timeZone: string): { from: Date; to: Date } {
  const monday = weekStartOf(weekStart);
  return dayRangeInZone(monday, weekEndOf(monday), timeZone);
}

/** The Monday of the agency's current week. */
export function currentWeekStart(now: Date, timeZone: string): IsoDate {
  return weekStartOf(isoDateInZone(now, timeZone));
}

/** A week is over once its Sunday is before today in the agency's zone. */
export function isFinishedWeek(weekStart: IsoDate, now: Date, timeZone: string): boolean {
  return weekEndOf(weekStart) < isoDateInZone(now, timeZone);
}

/**
 * The instant a wall-clock time of `day` happens in `timeZone` (e.g. Monday 08:00 for the
 * digest). A time skipped by a DST change gives the instant an hour later.
 */
export function instantAtLocalTime(day: IsoDate, hour: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(inZone(timeZone, y, m - 1, d, hour).getTime());
}
