/**
 * Calendar days and weeks in the agency's IANA time zone: "today" and "this week" for the
 * agency whatever the server's zone, and the UTC instants a day or a week spans (a week with a
 * DST change is 167 or 169 hours long). Built on Intl only.
 */
import {
  addCalendarDays,
  type IsoDate,
  parseIsoDate,
  toIsoDate,
  weekEndOf,
  weekStartOf,
} from './calendar';
import { dateTimeFormat } from './date-time-format';

type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

/** A week range needs about a dozen of these: dateTimeFormat builds the formatter once per zone. */
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
}

/**
 * The wall clock in `timeZone` at `instant`, through Intl (throws RangeError for an unknown zone).
 */
function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = wallClockFormat(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** Offset of `timeZone` from UTC at `instant`, in milliseconds (positive east of Greenwich). */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The calendar date in `timeZone` at `instant`: "today" for the agency, whatever the server's zone.
 */
export function isoDateInZone(instant: Date, timeZone: string): IsoDate {
  const w = wallClock(instant, timeZone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/**
 * Days already placed, by zone and day: finding a day's start takes about a dozen Intl calls,
 * and a page asks for the same few weeks' days again and again. Cleared when full, so it stays
 * small however long the process runs.
 */
const dayStarts = new Map<string, number>();
const DAY_STARTS_KEPT = 2_000;

/**
 * The first instant of a calendar day in `timeZone`. Usually local 00:00; where a DST change
 * skips midnight (e.g. America/Santiago) the day starts at the transition, and where midnight
 * happens twice the earlier one is taken.
 */
function startOfDayInZone(day: IsoDate, timeZone: string): Date {
  const key = `${timeZone} ${day}`;
  const known = dayStarts.get(key);
  if (known !== undefined) return new Date(known);
  const start = findStartOfDay(day, timeZone);
  if (dayStarts.size >= DAY_STARTS_KEPT) dayStarts.clear();
  dayStarts.set(key, start.getTime());
  return start;
}

function findStartOfDay(day: IsoDate, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  // The real offset at local midnight is the one in force either side of any nearby transition.
  const offsets = new Set([
    zoneOffsetMs(new Date(utcMidnight - 86_400_000), timeZone),
    zoneOffsetMs(new Date(utcMidnight + 86_400_000), timeZone),
  ]);
  const candidates = [...offsets]
    .map((o) => new Date(utcMidnight - o))
    .sort((a, b) => a.getTime() - b.getTime());
  const onDay = candidates.filter((c) => isoDateInZone(c, timeZone) === day);
  const exact = onDay.find((c) => {
    const w = wallClock(c, timeZone);
    return w.hour === 0 && w.minute === 0 && w.second === 0;
  });
  const start = exact ?? onDay[0];
  if (!start) throw new RangeError(`Cannot find the start of ${day} in ${timeZone}`);
  return start;
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
  const asUtc = Date.UTC(y, m - 1, d, hour);
  // The offset at the guess, then at the corrected guess: settles in two steps either side of a change.
  let at = new Date(asUtc - zoneOffsetMs(new Date(asUtc), timeZone));
  at = new Date(asUtc - zoneOffsetMs(at, timeZone));
  return at;
}
