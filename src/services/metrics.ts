/**
 * The spec's pure rules (product spec §2, §4, §5, §9 and design §5): percentages, colours,
 * staleness, weeks, available points and money. No I/O and no Node APIs, so both the server
 * and the browser islands import this one module.
 *
 * Calendar dates travel as 'YYYY-MM-DD' strings (an `IsoDate`) and are read as local calendar
 * dates, never as UTC instants, so a date never shifts by a day whatever the runtime's zone.
 */
import { addDays, addWeeks, format, isValid, parse, startOfWeek } from 'date-fns';
import { percentOf } from './project-rules';

// Percentages, colours, retainer, sprint and billing rules live in project-rules.ts.
export * from './project-rules';

/** A calendar date as 'YYYY-MM-DD'. */
export type IsoDate = string;

// ---------------------------------------------------------------------------
// Velocity (spec §4, §9)

/** round(story points / available points × 100), 0 when no points are available. */
export function velocityPercentage(storyPoints: number, availablePoints: number): number {
  return percentOf(storyPoints, availablePoints);
}

export type VelocityColor = 'green' | 'yellow' | 'red';

/** 80% or more green, 60% to below 80% yellow, below 60% red (spec §4). */
export function velocityColor(p: number): VelocityColor {
  if (p >= 80) return 'green';
  if (p >= 60) return 'yellow';
  return 'red';
}

// ---------------------------------------------------------------------------
// Weeks: Monday to Sunday, steps of 7 days (spec §9)

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Strict 'YYYY-MM-DD' naming a real calendar date: '2026-02-30' and '2026-2-3' are false. */
export function isIsoDate(s: string): boolean {
  if (typeof s !== 'string' || !ISO_DATE.test(s)) return false;
  return isValid(parse(s, 'yyyy-MM-dd', new Date(2000, 0, 1)));
}

/** Reads an IsoDate as a local calendar date; throws a RangeError naming the bad value. */
function calendarDate(s: IsoDate): Date {
  if (!isIsoDate(s)) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(s)}`);
  return parse(s, 'yyyy-MM-dd', new Date(2000, 0, 1));
}

function isoDate(d: Date): IsoDate {
  return format(d, 'yyyy-MM-dd');
}

/**
 * The Monday of the week holding `date`. A string is a calendar date ('YYYY-MM-DD'); a Date is
 * read in the runtime's local zone, so for "this week" in the agency's zone pass
 * `isoDateInZone(now, timeZone)` instead of a Date.
 */
export function weekStartOf(date: Date | IsoDate): IsoDate {
  const d = typeof date === 'string' ? calendarDate(date) : date;
  if (!isValid(d)) throw new RangeError('weekStartOf needs a valid date');
  return isoDate(startOfWeek(d, { weekStartsOn: 1 }));
}

/** The Sunday ending the week: 6 days after its Monday. */
export function weekEndOf(weekStart: IsoDate): IsoDate {
  return isoDate(addDays(calendarDate(weekStart), 6));
}

/** Moves a week start by whole weeks (negative goes back): the Previous and Next buttons. */
export function shiftWeek(weekStart: IsoDate, weeks: number): IsoDate {
  return isoDate(addWeeks(calendarDate(weekStart), weeks));
}

/** Monday to Friday of the week: the five columns of the availability grid. */
export function weekDays(weekStart: IsoDate): IsoDate[] {
  const monday = calendarDate(weekStart);
  return [0, 1, 2, 3, 4].map((i) => isoDate(addDays(monday, i)));
}

/** The `count` weeks ending with `currentWeekStart`, oldest first (the 8-week velocity history). */
export function lastWeeks(currentWeekStart: IsoDate, count: number): IsoDate[] {
  const current = calendarDate(currentWeekStart);
  const n = Math.max(0, Math.floor(count));
  return Array.from({ length: n }, (_, i) => isoDate(addWeeks(current, i - (n - 1))));
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/**
 * One formatter per zone: building an Intl.DateTimeFormat costs far more than using one, and a
 * week range needs about a dozen. Only zones Intl accepts get here (it throws for the others).
 */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** The wall clock in `timeZone` at `instant`, through Intl (throws RangeError for an unknown zone). */
function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = wallClockFormat(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** Offset of `timeZone` from UTC at `instant`, in milliseconds (positive east of Greenwich). */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The calendar date in `timeZone` at `instant`: "today" for the agency, whatever the server's zone. */
export function isoDateInZone(instant: Date, timeZone: string): IsoDate {
  const w = wallClock(instant, timeZone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/**
 * The first instant of a calendar day in `timeZone`. Usually local 00:00; where a DST change
 * skips midnight (e.g. America/Santiago) the day starts at the transition, and where midnight
 * happens twice the earlier one is taken.
 */
function startOfDayInZone(day: IsoDate, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  // The real offset at local midnight is the one in force either side of any nearby transition.
  const offsets = new Set([
    zoneOffsetMs(new Date(utcMidnight - 86_400_000), timeZone),
    zoneOffsetMs(new Date(utcMidnight + 86_400_000), timeZone),
  ]);
  const candidates = [...offsets].map((o) => new Date(utcMidnight - o)).sort((a, b) => a.getTime() - b.getTime());
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
export function dayRangeInZone(firstDay: IsoDate, lastDay: IsoDate, timeZone: string): { from: Date; to: Date } {
  const dayAfter = isoDate(addDays(calendarDate(lastDay), 1));
  return {
    from: startOfDayInZone(isoDate(calendarDate(firstDay)), timeZone),
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

// ---------------------------------------------------------------------------
// Availability (spec §4, design §5)

export type EmploymentDates = { startDate: IsoDate | null; endDate: IsoDate | null };

/**
 * A developer shows in a week's grid only if the start date is not after that week's Friday
 * and the end date is not before its Monday (spec §4). Missing dates do not limit.
 */
export function isEmployedInWeek(dates: EmploymentDates, weekStart: IsoDate): boolean {
  const days = weekDays(weekStart);
  const monday = days[0]!;
  const friday = days[4]!;
  // 'YYYY-MM-DD' strings order the same way as the dates they name.
  if (dates.startDate && dates.startDate > friday) return false;
  if (dates.endDate && dates.endDate < monday) return false;
  return true;
}

/** The key of an away day in `availablePoints`' `awayDays` set. */
export function awayKey(accountId: string, date: IsoDate): string {
  return `${accountId}|${date}`;
}

export type AvailablePointsInput = {
  developers: readonly { accountId: string; startDate: IsoDate | null; endDate: IsoDate | null }[];
  /** Away days as `awayKey(accountId, date)`. */
  awayDays: ReadonlySet<string>;
  weekStart: IsoDate;
  pointsPerDay: number;
};

/**
 * Available points for a week: for every developer, the weekdays (Mon–Fri) within their
 * employment dates (both ends included) on which they are not away, times points per day.
 */
export function availablePoints(input: AvailablePointsInput): number {
  const days = weekDays(input.weekStart);
  let workingDays = 0;
  for (const dev of input.developers) {
    for (const day of days) {
      if (dev.startDate && day < dev.startDate) continue;
      if (dev.endDate && day > dev.endDate) continue;
      if (input.awayDays.has(awayKey(dev.accountId, day))) continue;
      workingDays += 1;
    }
  }
  return workingDays * input.pointsPerDay;
}

// ---------------------------------------------------------------------------
// Money (spec §9, design §4)

/** Default internal hourly rate, used when a project has no cost breakdown (spec §9). */
export const DEFAULT_HOURLY_RATE = 100;

/**
 * Rounds half away from zero to `decimals` places. The scaled value is first cut to 15
 * significant digits, which removes binary drift such as 1.005 * 100 === 100.49999999999999.
 */
function roundHalfAway(n: number, decimals: number): number {
  if (!Number.isFinite(n)) return 0;
  const scale = 10 ** decimals;
  const scaled = Number((Math.abs(n) * scale).toPrecision(15));
  // `+ 0` turns -0 into 0 so a tiny negative never prints as "-0".
  return (Math.sign(n) * Math.round(scaled)) / scale + 0;
}

/** Rounds money to cents, half away from zero (1.005 → 1.01, -1.005 → -1.01). */
export function roundMoney(n: number): number {
  return roundHalfAway(n, 2);
}

/** Internal cost: the sum of the breakdown's costs if above 0, otherwise hours × $100. */
export function internalCost(input: { hours: number; breakdownCosts: readonly number[] }): number {
  const breakdown = input.breakdownCosts.reduce((sum, c) => sum + c, 0);
  return roundMoney(breakdown > 0 ? breakdown : input.hours * DEFAULT_HOURLY_RATE);
}

/** Gross margin = invoiced minus internal cost. */
export function grossMargin(invoiced: number, cost: number): number {
  return roundMoney(invoiced - cost);
}

/** Margin % = margin / invoiced × 100 to one decimal, 0 when nothing is invoiced. */
export function marginPercent(margin: number, invoiced: number): number {
  if (!invoiced) return 0;
  return roundHalfAway((margin / invoiced) * 100, 1);
}

export type LiveMargin = {
  margin: number;
  /** null when nothing is paid: the UI shows 'N/A'. */
  percent: number | null;
};

/** Live margin: the paid amount in place of invoiced; no percentage when nothing is paid. */
export function liveMargin(input: { paid: number; cost: number }): LiveMargin {
  const margin = grossMargin(input.paid, input.cost);
  return { margin, percent: input.paid > 0 ? marginPercent(margin, input.paid) : null };
}

export type CostPeriod = { startDate: IsoDate | null; cost: number };

/**
 * A person's internal hourly cost on `date` (Forecast person_cost_periods): the period with the
 * latest start on or before the date; else the period with no start (it runs from the
 * beginning); else `fallback` (the person's own cost); else $100.
 */
export function costRateOn(periods: readonly CostPeriod[], date: IsoDate, fallback: number | null): number {
  let best: { startDate: IsoDate; cost: number } | undefined;
  for (const { startDate, cost } of periods) {
    if (startDate === null || startDate > date) continue;
    if (!best || startDate > best.startDate) best = { startDate, cost };
  }
  if (best) return best.cost;
  const open = periods.find((p) => p.startDate === null);
  if (open) return open.cost;
  return fallback ?? DEFAULT_HOURLY_RATE;
}
