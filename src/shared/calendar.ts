/**
 * Calendar dates and weeks (docs/product-spec.md, "Business constants and limits"): weeks run
 * Monday to Sunday and move in steps of 7 days. Calendar dates travel as 'YYYY-MM-DD' strings
 * (an `IsoDate`) and are read as local calendar dates, never as UTC instants, so a date never
 * shifts by a day whatever the runtime's zone. Time zones live in time-zones.ts.
 */
import { addDays, addWeeks, isValid, startOfWeek } from 'date-fns';

/** A calendar date as 'YYYY-MM-DD'. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// Read and written by hand rather than with date-fns' parse and format: pages and calls read and
// write dates in loops (weeks, working days), and those two tokenise their pattern on each call,
// about 5% of the server's busy CPU in a profile of the load run's mix of pages and calls.

/**
 * The local midnight of an ISO_DATE match, or null when it names no real day ('2026-02-30') or
 * year 0, as date-fns' parse did. A day a zone skipped (Samoa's 30 December 2011) is still a day.
 */
function localDate(s: string): Date | null {
  const m = typeof s === 'string' ? ISO_DATE.exec(s) : null;
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]) - 1;
  const day = Number(m[3]);
  // Checked in UTC, which skips no day; then made in the local zone as date-fns makes it.
  const utc = new Date(Date.UTC(2000, month, day));
  utc.setUTCFullYear(year);
  if (year < 1 || utc.getUTCMonth() !== month || utc.getUTCDate() !== day) return null;
  const d = new Date(2000, 0, 1);
  // setFullYear, not the constructor: new Date(99, …) would mean 1999.
  d.setFullYear(year, month, day);
  d.setHours(0, 0, 0, 0);
  return d;
}

/** Strict 'YYYY-MM-DD' naming a real calendar date: '2026-02-30' and '2026-2-3' are false. */
export function isIsoDate(s: string): boolean {
  return localDate(s) !== null;
}

/** Reads an IsoDate as a local calendar date; throws a RangeError naming the bad value. */
export function parseIsoDate(s: IsoDate): Date {
  const d = localDate(s);
  if (!d) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(s)}`);
  return d;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A Date's calendar day in the runtime's local zone, as 'YYYY-MM-DD'. */
export function toIsoDate(d: Date): IsoDate {
  if (!isValid(d)) throw new RangeError('Invalid time value');
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1, 2)}-${pad(d.getDate(), 2)}`;
}

/** A calendar date moved by whole days (negative goes back). */
export function addCalendarDays(date: IsoDate, days: number): IsoDate {
  return toIsoDate(addDays(parseIsoDate(date), days));
}

/**
 * The Monday of the week holding `date`. A string is a calendar date ('YYYY-MM-DD'); a Date is
 * read in the runtime's local zone, so for "this week" in the agency's zone pass
 * `isoDateInZone(now, timeZone)` instead of a Date.
 */
export function weekStartOf(date: Date | IsoDate): IsoDate {
  const d = typeof date === 'string' ? parseIsoDate(date) : date;
  if (!isValid(d)) throw new RangeError('weekStartOf needs a valid date');
  return toIsoDate(startOfWeek(d, { weekStartsOn: 1 }));
}

/** The Sunday ending the week: 6 days after its Monday. */
export function weekEndOf(weekStart: IsoDate): IsoDate {
  return toIsoDate(addDays(parseIsoDate(weekStart), 6));
}

/** Moves a week start by whole weeks (negative goes back): the Previous and Next buttons. */
export function shiftWeek(weekStart: IsoDate, weeks: number): IsoDate {
  return toIsoDate(addWeeks(parseIsoDate(weekStart), weeks));
}

/** Monday to Friday of the week: the five columns of the availability grid. */
export function weekDays(weekStart: IsoDate): IsoDate[] {
  const monday = parseIsoDate(weekStart);
  return [0, 1, 2, 3, 4].map((i) => toIsoDate(addDays(monday, i)));
}

/** The `count` weeks ending with `currentWeekStart`, oldest first (the 8-week velocity history). */
export function lastWeeks(currentWeekStart: IsoDate, count: number): IsoDate[] {
  const current = parseIsoDate(currentWeekStart);
  const n = Math.max(0, Math.floor(count));
  return Array.from({ length: n }, (_, i) => toIsoDate(addWeeks(current, i - (n - 1))));
}

/**
 * An upstream date and time as an instant the database can store (years 1 to 9999), or null:
 * 'yesterday', '' and '-010000-01-01T00:00:00Z' (which Date.parse reads, and timestamptz refuses)
 * are null, so the record that carries one is skipped or left without it (docs/decisions/375).
 */
export function parseUpstreamInstant(text: unknown): Date | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  const ms = Date.parse(text.trim());
  if (Number.isNaN(ms)) return null;
  const at = new Date(ms);
  const year = at.getUTCFullYear();
  return year >= 1 && year <= 9999 ? at : null;
}
