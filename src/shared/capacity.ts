/**
 * Forward capacity: a person's available, allocated and free hours per week from Forecast's
 * working minutes, holiday calendars, time off and allocations, and tentative demand from the
 * weighted pipeline set against it (docs/decisions/320-capacity-rules.md).
 */
import { format, parseISO } from 'date-fns';
import type { DerivedDay } from './availability';
import { addCalendarDays, type IsoDate, parseIsoDate, shiftWeek, weekStartOf } from './calendar';

/** Capacity and pipeline copies older than this are read again by the next refresh run. */
export const CAPACITY_DATA_MAX_AGE_MS = 60 * 60_000;

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Minutes per weekday, as Forecast keeps them on a person and on an allocation. */
export type WeekMinutes = Record<Weekday, number>;

export interface CapacityPerson {
  id: number;
  name: string;
  team: string;
  workingMinutes: WeekMinutes;
  startDate: IsoDate | null;
  endDate: IsoDate | null;
}

/** A Forecast allocation: to a project (allocated work) or to non-project time (leave). */
export interface Allocation {
  personId: number;
  startDate: IsoDate;
  endDate: IsoDate;
  minutes: WeekMinutes;
  /** True for non-project time (time off): it takes hours away instead of filling them. */
  timeOff: boolean;
}

/** Why a working day has no (or less) time: shown in the availability grid with its source. */
export type DaySource = { kind: 'holiday'; name: string } | { kind: 'leave' };

/** A day's source as the availability grid shows it: 'holiday: Christmas Day' or 'leave'. */
export function daySourceText(source: DaySource): string {
  return source.kind === 'holiday' ? `holiday: ${source.name}` : 'leave';
}

/**
 * A name as people and Forecast persons are matched by: case, accents and spacing aside
 * (docs/decisions/335-derived-availability.md).
 */
export function personNameKey(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

export interface CapacityWeek {
  weekStart: IsoDate;
  availableHours: number;
  allocatedHours: number;
  /** Available less allocated; negative when over-allocated. */
  freeHours: number;
  /** Allocated as a share of available, whole percent; null with no available hours. */
  utilisation: number | null;
  overAllocated: boolean;
}

/** Monday = 0 … Sunday = 6 for a calendar date. */
function weekdayOf(date: IsoDate): Weekday {
  return WEEKDAYS[(parseIsoDate(date).getDay() + 6) % 7]!;
}

const within = (date: IsoDate, start: IsoDate | null, end: IsoDate | null) =>
  (start === null || start <= date) && (end === null || date <= end);

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

export interface DayCapacity {
  date: IsoDate;
  /** Working minutes the person has that day after holidays and leave. */
  availableMinutes: number;
  allocatedMinutes: number;
  source: DaySource | null;
}

/**
 * One person's day: working minutes for the weekday within the employment dates, none on a
 * holiday, less time off (never below 0). Allocations to projects count only on days with
 * time left, as Forecast's own heatmap leaves them out on holidays and time off.
 */
export function dayCapacity(
  person: CapacityPerson,
  date: IsoDate,
  holidays: ReadonlyMap<IsoDate, string>,
  allocations: readonly Allocation[],
): DayCapacity {
  const weekday = weekdayOf(date);
  const working = within(date, person.startDate, person.endDate)
    ? person.workingMinutes[weekday]
    : 0;
  const holiday = holidays.get(date);
  if (holiday !== undefined && working > 0)
    return {
      date,
      availableMinutes: 0,
      allocatedMinutes: 0,
      source: { kind: 'holiday', name: holiday },
    };
  let leave = 0;
  let allocated = 0;
  for (const a of allocations) {
    if (a.personId !== person.id || !within(date, a.startDate, a.endDate)) continue;
    if (a.timeOff) leave += a.minutes[weekday];
    else allocated += a.minutes[weekday];
  }
  const available = Math.max(0, working - leave);
  return {
    date,
    availableMinutes: available,
    allocatedMinutes: available > 0 ? allocated : 0,
    source: leave > 0 && working > 0 ? { kind: 'leave' } : null,
  };
}

export interface DerivedDaysInput {
  /** The dashboard's people (selected developers), matched to Forecast persons by name. */
  people: readonly { accountId: string; displayName: string }[];
  persons: readonly (CapacityPerson & { holidayCalendarId: number | null })[];
  holidays: readonly { holidayCalendarId: number; date: IsoDate; name: string }[];
  allocations: readonly Allocation[];
  /** The configured public holidays, for people without a Forecast holiday calendar. */
  publicHolidays: ReadonlyMap<IsoDate, string>;
  from: IsoDate;
  to: IsoDate;
}

/**
 * The days from `from` to `to` on which each person is away by Forecast's plan: a holiday of
 * their calendar (else a public holiday) on a working day, or time off that leaves none of the
 * day. A person matched to no Forecast person, or to two, gets only the public holidays on
 * weekdays (docs/decisions/335-derived-availability.md).
 */
export function derivedDays(input: DerivedDaysInput): DerivedDay[] {
  const byName = new Map<string, DerivedDaysInput['persons'][number] | null>();
  for (const p of input.persons) {
    const key = personNameKey(p.name);
    byName.set(key, byName.has(key) ? null : p);
  }
  const calendars = new Map<number, Map<IsoDate, string>>();
  for (const h of input.holidays) {
    const days = calendars.get(h.holidayCalendarId) ?? new Map<IsoDate, string>();
    days.set(h.date, h.name);
    calendars.set(h.holidayCalendarId, days);
  }
  const out: DerivedDay[] = [];
  for (const who of input.people) {
    const person = byName.get(personNameKey(who.displayName)) ?? null;
    const holidays =
      person?.holidayCalendarId != null
        ? (calendars.get(person.holidayCalendarId) ?? new Map<IsoDate, string>())
        : input.publicHolidays;
    for (let date = input.from; date <= input.to; date = addCalendarDays(date, 1)) {
      let source: DaySource | null = null;
      if (person) {
        const day = dayCapacity(person, date, holidays, input.allocations);
        if (day.availableMinutes === 0) source = day.source;
      } else {
        const name = holidays.get(date);
        const weekday = WEEKDAYS.indexOf(weekdayOf(date)) < 5;
        if (name !== undefined && weekday) source = { kind: 'holiday', name };
      }
      if (source) out.push({ accountId: who.accountId, date, source: daySourceText(source) });
    }
  }
  return out;
}

/** Seven days from a Monday. */
export function weekDates(weekStart: IsoDate): IsoDate[] {
  return Array.from({ length: 7 }, (_, i) => addCalendarDays(weekStart, i));
}

/** Hours for a week from its minutes: free, utilisation and over-allocation follow. */
export function weekFromMinutes(
  weekStart: IsoDate,
  availableMinutes: number,
  allocatedMinutes: number,
): CapacityWeek {
  return {
    weekStart,
    availableHours: hours(availableMinutes),
    allocatedHours: hours(allocatedMinutes),
    freeHours: hours(availableMinutes - allocatedMinutes),
    utilisation:
      availableMinutes > 0 ? Math.round((allocatedMinutes / availableMinutes) * 100) : null,
    overAllocated: allocatedMinutes > availableMinutes,
  };
}

/** One person's week. */
export function personWeek(
  person: CapacityPerson,
  weekStart: IsoDate,
  holidays: ReadonlyMap<IsoDate, string>,
  allocations: readonly Allocation[],
): CapacityWeek {
  let available = 0;
  let allocated = 0;
  for (const date of weekDates(weekStart)) {
    const day = dayCapacity(person, date, holidays, allocations);
    available += day.availableMinutes;
    allocated += day.allocatedMinutes;
  }
  return weekFromMinutes(weekStart, available, allocated);
}

/** The weeks from the one holding `from`, `count` of them. */
export function weeksFrom(from: IsoDate, count: number): IsoDate[] {
  const first = weekStartOf(from);
  return Array.from({ length: count }, (_, i) => shiftWeek(first, i));
}

/** Sums weeks of several people (a team, everyone) week by week. */
export function sumWeeks(rows: readonly (readonly CapacityWeek[])[], weeks: readonly IsoDate[]) {
  return weeks.map((weekStart, i) => {
    let available = 0;
    let allocated = 0;
    for (const row of rows) {
      available += Math.round((row[i]?.availableHours ?? 0) * 60);
      allocated += Math.round((row[i]?.allocatedHours ?? 0) * 60);
    }
    return weekFromMinutes(weekStart, available, allocated);
  });
}

// ---------------------------------------------------------------------------
// Tentative demand

/** A deal's hours: its value at a blended hourly rate (0 without a rate). */
export function demandHours(value: number, blendedHourlyRate: number): number {
  return blendedHourlyRate > 0 ? value / blendedHourlyRate : 0;
}

/** Hours spread evenly over `weeks` weeks starting with the week of the expected close date. */
export function spreadDemand(
  totalHours: number,
  expectedClose: IsoDate,
  weeks: number,
): { weekStart: IsoDate; hours: number }[] {
  const n = Math.max(1, Math.floor(weeks));
  return weeksFrom(expectedClose, n).map((weekStart) => ({ weekStart, hours: totalHours / n }));
}

export type Fit =
  | { fits: true }
  | { fits: false; shortHours: number; firstWeek: IsoDate; lastWeek: IsoDate }
  /** Every week of the deal lies outside the weeks planned: nothing to judge it against. */
  | { fits: 'later' };

/**
 * Deals in order take what free hours are left week by week; a deal that finds too few is short
 * by the hours it could not place, from its first short week to its last. Only the planned weeks
 * (those in `freeHours`) count: beyond them nobody's time is known yet.
 */
export function fitDeals<Deal extends { weeks: readonly { weekStart: IsoDate; hours: number }[] }>(
  deals: readonly Deal[],
  freeHours: ReadonlyMap<IsoDate, number>,
): { deal: Deal; fit: Fit }[] {
  const left = new Map(freeHours);
  return deals.map((deal) => {
    let short = 0;
    let planned = false;
    let firstWeek: IsoDate | null = null;
    let lastWeek: IsoDate | null = null;
    for (const { weekStart, hours: need } of deal.weeks) {
      const had = left.get(weekStart);
      if (had === undefined) continue;
      planned = true;
      const free = Math.max(0, had);
      const missing = need - free;
      left.set(weekStart, free - Math.min(free, need));
      if (missing > 0.005) {
        short += missing;
        firstWeek ??= weekStart;
        lastWeek = weekStart;
      }
    }
    const fit: Fit =
      firstWeek && lastWeek
        ? { fits: false, shortHours: short, firstWeek, lastWeek }
        : planned
          ? { fits: true }
          : { fits: 'later' };
    return { deal, fit };
  });
}

/** Hours a week's weighted demand exceeds its free hours; 0 when it fits. Over-allocation leaves none free. */
export function weekShortage(freeHours: number, tentativeHours: number): number {
  return Math.max(0, Math.round((tentativeHours - Math.max(0, freeHours)) * 100) / 100);
}

/** A deal as the Capacity page lists it: its weighted hours and whether they fit, no money. */
export interface CapacityDeal {
  id: number;
  title: string;
  probability: number;
  expectedCloseDate: IsoDate | null;
  hours: number;
  fit: string;
}

/** The part of GET /api/capacity that the view's choices change: demand per week, and the deals. */
export interface CapacityDemand {
  weeks: { weekStart: IsoDate; freeHours: number; tentativeHours: number }[];
  deals: CapacityDeal[];
}

/** The Capacity page's choices, kept in its address: tentative work counted, and from what probability. */
export interface CapacityView {
  tentative: boolean;
  minProbability: number;
}
export const DEFAULT_CAPACITY_VIEW: CapacityView = { tentative: true, minProbability: 0 };

/** The address query of a view, defaults left out: '' for the default, 'tentative=0', 'minProbability=50'. */
export function capacityViewQuery(view: CapacityView): string {
  const q = new URLSearchParams();
  if (!view.tentative) q.set('tentative', '0');
  if (view.minProbability !== DEFAULT_CAPACITY_VIEW.minProbability)
    q.set('minProbability', String(view.minProbability));
  return q.toString();
}

const weekLabel = (weekStart: IsoDate) => format(parseISO(weekStart), 'MMM d');

/**
 * 'fits', or 'short by 12 hours in weeks Mar 2–Mar 16' ('in week Mar 2' for one week), or
 * 'after the weeks shown' for a deal whose work starts beyond the plan.
 */
export function fitText(fit: Fit): string {
  if (fit.fits === 'later') return 'after the weeks shown';
  if (fit.fits) return 'fits';
  const n = Math.ceil(fit.shortHours - 0.005);
  const unit = n === 1 ? 'hour' : 'hours';
  const when =
    fit.firstWeek === fit.lastWeek
      ? `in week ${weekLabel(fit.firstWeek)}`
      : `in weeks ${weekLabel(fit.firstWeek)}–${weekLabel(fit.lastWeek)}`;
  return `short by ${n} ${unit} ${when}`;
}
