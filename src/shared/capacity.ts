/**
 * Forward capacity: a person's available, allocated and free hours per week from Forecast's
 * working minutes, holiday calendars, time off and allocations, and tentative demand from the
 * weighted pipeline set against it (docs/decisions/320-capacity-rules.md).
 */
import type { DerivedDay } from './availability';
import { addCalendarDays, type IsoDate, parseIsoDate, shiftWeek, weekStartOf } from './calendar';
import { hoursFromMinutes } from './money';
import { percentOf } from './percent';
import {
  JIRA_ONLY_WEEK,
  type PersonCalendar,
  personDay,
  type WorkingWeek,
  weekdayIndex,
} from './roster';

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
  /**
   * The dashboard's people by Jira account, with the Forecast person the roster links them to
   * (docs/decisions/390-one-roster-of-people.md); null for someone only in Jira.
   */
  people: readonly { accountId: string; forecastPersonId: number | null }[];
  persons: readonly (CapacityPerson & { holidayCalendarId: number | null })[];
  holidays: readonly { holidayCalendarId: number; date: IsoDate; name: string }[];
  allocations: readonly Allocation[];
  /**
   * Leave logged in Forecast (time registered on a time-off type) by Forecast person and date:
   * past leave is often only logged, never planned (docs/decisions/397).
   */
  loggedLeave?: ReadonlyMap<number, ReadonlyMap<IsoDate, number>>;
  /** The configured public holidays, for people without a Forecast holiday calendar. */
  publicHolidays: ReadonlyMap<IsoDate, string>;
  from: IsoDate;
  to: IsoDate;
}

/** Minutes of time off (allocations to non-project time) of one person, by date. */
export function leaveMinutes(
  personId: number,
  allocations: readonly Allocation[],
  from: IsoDate,
  to: IsoDate,
): Map<IsoDate, number> {
  const out = new Map<IsoDate, number>();
  for (const a of allocations) {
    if (!a.timeOff || a.personId !== personId) continue;
    const first = a.startDate > from ? a.startDate : from;
    const last = a.endDate < to ? a.endDate : to;
    for (let date = first; date <= last; date = addCalendarDays(date, 1)) {
      const minutes = a.minutes[weekdayOf(date)];
      if (minutes > 0) out.set(date, (out.get(date) ?? 0) + minutes);
    }
  }
  return out;
}

/**
 * A person's minutes out of office by date: Forecast's time off planned (allocations to time
 * off) or registered (time on a time-off type), whichever is more on the day, so a day both
 * planned and logged as leave is not taken out twice.
 */
export function outOfOfficeMinutes(
  planned: ReadonlyMap<IsoDate, number>,
  registered: ReadonlyMap<IsoDate, number>,
): Map<IsoDate, number> {
  const out = new Map(planned);
  for (const [date, minutes] of registered) out.set(date, Math.max(out.get(date) ?? 0, minutes));
  return out;
}

/** A Forecast person's working week, Monday first. */
export const workingWeekOf = (p: { workingMinutes: WeekMinutes }): WorkingWeek =>
  WEEKDAYS.map((d) => p.workingMinutes[d]) as unknown as WorkingWeek;

/**
 * The weekdays from `from` to `to` on which each person is away by Forecast: a holiday of their
 * calendar (else a public holiday) on a day they work, time off planned or logged that leaves
 * none of the day, or a weekday their working week leaves out. Someone only in Jira works Monday to Friday
 * and gets the public holidays (docs/decisions/335-derived-availability.md). Employment is not
 * judged here: available points count only days within it.
 */
export function derivedDays(input: DerivedDaysInput): DerivedDay[] {
  const personsById = new Map(input.persons.map((p) => [p.id, p]));
  const calendars = new Map<number, Map<IsoDate, string>>();
  for (const h of input.holidays) {
    const days = calendars.get(h.holidayCalendarId) ?? new Map<IsoDate, string>();
    days.set(h.date, h.name);
    calendars.set(h.holidayCalendarId, days);
  }
  // The weekdays once for everyone: a forecast derives half a year back and ahead for a team.
  const weekdays: IsoDate[] = [];
  for (let date = input.from; date <= input.to; date = addCalendarDays(date, 1))
    if (weekdayIndex(date) <= 4) weekdays.push(date);
  const out: DerivedDay[] = [];
  for (const who of input.people) {
    const person =
      who.forecastPersonId === null ? undefined : personsById.get(who.forecastPersonId);
    const calendar: PersonCalendar = {
      workingWeek: person ? workingWeekOf(person) : JIRA_ONLY_WEEK,
      employment: { startDate: null, endDate: null },
      holidays:
        person?.holidayCalendarId != null
          ? (calendars.get(person.holidayCalendarId) ?? new Map<IsoDate, string>())
          : input.publicHolidays,
      leaveMinutes: person
        ? outOfOfficeMinutes(
            leaveMinutes(person.id, input.allocations, input.from, input.to),
            input.loggedLeave?.get(person.id) ?? new Map(),
          )
        : new Map(),
      marked: new Map(),
    };
    for (const date of weekdays) {
      const day = personDay(calendar, date);
      if (!day.availableDay && day.source)
        out.push({ accountId: who.accountId, date, source: day.source });
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
    availableHours: hoursFromMinutes(availableMinutes),
    allocatedHours: hoursFromMinutes(allocatedMinutes),
    freeHours: hoursFromMinutes(availableMinutes - allocatedMinutes),
    utilisation: availableMinutes > 0 ? percentOf(allocatedMinutes, availableMinutes) : null,
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

/**
 * The part of GET /api/capacity that the view's choices change: the expected load per week (the
 * weighted demand, a forecast for totals and the trend, never a verdict) beside the free hours.
 */
export interface CapacityDemand {
  weeks: { weekStart: IsoDate; freeHours: number; tentativeHours: number }[];
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
