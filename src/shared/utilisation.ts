/**
 * Utilisation by the 18F method (docs/decisions/395-utilisation-18f.md): billable hours over
 * available hours, where available hours are the working hours left after holidays and leave,
 * within the employment dates. Out-of-office time is out of the denominator, so a person away
 * half a month is judged on the half they were in. Pure and browser-safe.
 */
import { addCalendarDays, type IsoDate, weekStartOf } from './calendar';
import { type Allocation, WEEKDAYS } from './capacity';
import { hoursFromMinutes } from './money';
import { percentOf } from './percent';
import { type PersonCalendar, personDay, weekdayIndex } from './roster';

/** A target a person is held to from a date on; percent null goes back to their role's default. */
export interface DatedTarget {
  from: IsoDate;
  percent: number | null;
}

/** Targets are whole percentages from 0 to 100. */
export const TARGET_MIN = 0;
export const TARGET_MAX = 100;

/**
 * The target in force on `date`: the person's latest own target dated on or before it, else (or
 * when that one says "the role's default") their role's default; null when neither exists.
 */
export function targetOn(
  date: IsoDate,
  own: readonly DatedTarget[],
  roleDefault: number | null,
): number | null {
  let latest: DatedTarget | null = null;
  for (const t of own) if (t.from <= date && (latest === null || t.from > latest.from)) latest = t;
  return latest?.percent ?? roleDefault;
}

/** Whole percent of billable in available; null with no available hours (nothing to be a share of). */
export function utilisationPercent(
  billableMinutes: number,
  availableMinutes: number,
): number | null {
  return availableMinutes > 0 ? percentOf(billableMinutes, availableMinutes) : null;
}

export interface UtilisationWeek {
  weekStart: IsoDate;
  availableHours: number;
  billableHours: number;
  utilisationPercent: number | null;
}

export interface UtilisationPeriod {
  availableHours: number;
  billableHours: number;
  utilisationPercent: number | null;
  /** Billable hours reach the target's share of the available hours; null without a target. */
  targetMet: boolean | null;
  /**
   * Billable hours so far plus the project allocations planned for the rest of the period (on
   * days with time left), over the period's available hours; null with no available hours.
   */
  projectedPercent: number | null;
}

export interface PersonUtilisation {
  targetPercent: number | null;
  weeks: UtilisationWeek[];
  period: UtilisationPeriod;
  /** Hours still needed to meet the target (0 when met), unrounded minutes; null without a target. */
  shortByMinutes: number | null;
}

export interface UtilisationInput {
  /** Working week, employment, holidays, leave and days marked by hand (the roster's calendar). */
  calendar: PersonCalendar;
  /** Billable minutes registered in Forecast, by date. */
  billableMinutes: ReadonlyMap<IsoDate, number>;
  /** Minutes allocated to projects in Forecast, by date (time off excluded). */
  allocatedMinutes: ReadonlyMap<IsoDate, number>;
  /** The period's weeks, by Monday, in order. */
  weeks: readonly IsoDate[];
  /** The person's target for the period: the one in force on its first day. */
  targetPercent: number | null;
  /** The agency's today: registrations count up to it, allocations after it. */
  today: IsoDate;
}

/**
 * One person over a period of whole weeks: each week's available and billable hours and their
 * share, and the period summed in minutes (rounded once at the end), judged against the target
 * and projected to the period's end.
 */
export function personUtilisation(input: UtilisationInput): PersonUtilisation {
  let available = 0;
  let billable = 0;
  let projected = 0;
  const weeks = input.weeks.map((weekStart) => {
    let weekAvailable = 0;
    let weekBillable = 0;
    for (let i = 0; i < 7; i++) {
      const date = addCalendarDays(weekStart, i);
      const day = personDay(input.calendar, date);
      const billed = input.billableMinutes.get(date) ?? 0;
      weekAvailable += day.availableMinutes;
      weekBillable += billed;
      // A project allocation counts only on a day with time left (docs/decisions/320).
      projected +=
        date <= input.today
          ? billed
          : day.availableMinutes > 0
            ? (input.allocatedMinutes.get(date) ?? 0)
            : 0;
    }
    available += weekAvailable;
    billable += weekBillable;
    return {
      weekStart,
      availableHours: hoursFromMinutes(weekAvailable),
      billableHours: hoursFromMinutes(weekBillable),
      utilisationPercent: utilisationPercent(weekBillable, weekAvailable),
    };
  });
  const target = input.targetPercent;
  const targetMinutes = target === null ? null : (available * target) / 100;
  return {
    targetPercent: target,
    weeks,
    period: {
      availableHours: hoursFromMinutes(available),
      billableHours: hoursFromMinutes(billable),
      utilisationPercent: utilisationPercent(billable, available),
      targetMet: targetMinutes === null ? null : billable >= targetMinutes,
      projectedPercent: utilisationPercent(projected, available),
    },
    shortByMinutes: targetMinutes === null ? null : Math.max(0, targetMinutes - billable),
  };
}

/**
 * The verdict on a period: 'target met', 'short by 12 h' (hours rounded up: a part hour is still
 * short), or 'no target'.
 */
export function targetVerdict(shortByMinutes: number | null): string {
  if (shortByMinutes === null) return 'no target';
  if (shortByMinutes <= 0) return 'target met';
  return `short by ${Math.ceil(shortByMinutes / 60 - 1e-9)} h`;
}

// ---------------------------------------------------------------------------------- periods

/** A month ('2027-02') or a quarter ('2027-Q1'): what the Utilisation page reports on. */
export type PeriodKey = string;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const QUARTER = /^(\d{4})-Q([1-4])$/;

export interface Period {
  key: PeriodKey;
  kind: 'month' | 'quarter';
  /** 'February 2027', 'Q1 2027'. */
  label: string;
  /** The Monday of its first week, and how many weeks it has. */
  from: IsoDate;
  weeks: number;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A period's weeks are the weeks whose Monday lies in it, so every week belongs to one month and
 * one quarter, and months add up to their quarter (docs/decisions/395). February 2027 starts on
 * a Monday: its four weeks are its own 20 working days.
 */
function periodOfMonths(year: number, firstMonth: number, months: number) {
  const first = `${year}-${pad(firstMonth)}-01`;
  const endMonth = firstMonth + months;
  const next =
    endMonth > 12 ? `${year + 1}-${pad(endMonth - 12)}-01` : `${year}-${pad(endMonth)}-01`;
  let from = weekStartOf(first);
  if (from < first) from = addCalendarDays(from, 7);
  let weeks = 0;
  for (let w = from; w < next; w = addCalendarDays(w, 7)) weeks += 1;
  return { from, weeks };
}

/** The period a key names; null for anything else. */
export function parsePeriod(key: string): Period | null {
  const m = MONTH.exec(key);
  if (m) {
    const year = Number(m[1]);
    const month = Number(m[2]);
    if (year < 2000 || year > 2998) return null;
    return {
      key,
      kind: 'month',
      label: `${MONTH_NAMES[month - 1]} ${year}`,
      ...periodOfMonths(year, month, 1),
    };
  }
  const q = QUARTER.exec(key);
  if (q) {
    const year = Number(q[1]);
    const quarter = Number(q[2]);
    if (year < 2000 || year > 2998) return null;
    return {
      key,
      kind: 'quarter',
      label: `Q${quarter} ${year}`,
      ...periodOfMonths(year, quarter * 3 - 2, 3),
    };
  }
  return null;
}

/** The month or quarter holding a date's week (the month of its Monday). */
export function periodHolding(date: IsoDate, kind: 'month' | 'quarter'): Period {
  const monday = weekStartOf(date);
  const year = Number(monday.slice(0, 4));
  const month = Number(monday.slice(5, 7));
  return parsePeriod(
    kind === 'month' ? `${year}-${pad(month)}` : `${year}-Q${Math.ceil(month / 3)}`,
  )!;
}

/** The period before (-1) or after (+1) this one, of the same kind. */
export function shiftPeriod(period: Period, by: -1 | 1): Period {
  const year = Number(period.key.slice(0, 4));
  if (period.kind === 'month') {
    const index = year * 12 + Number(period.key.slice(5, 7)) - 1 + by;
    return parsePeriod(`${Math.floor(index / 12)}-${pad((index % 12) + 1)}`) ?? period;
  }
  const index = year * 4 + Number(period.key.slice(6)) - 1 + by;
  return parsePeriod(`${Math.floor(index / 4)}-Q${(index % 4) + 1}`) ?? period;
}

/** Minutes one person is allocated to projects (time off left out), by date, from `from` to `to`. */
export function allocatedMinutesByDate(
  personId: number,
  allocations: readonly Allocation[],
  from: IsoDate,
  to: IsoDate,
): Map<IsoDate, number> {
  const out = new Map<IsoDate, number>();
  for (const a of allocations) {
    if (a.timeOff || a.personId !== personId) continue;
    const first = a.startDate > from ? a.startDate : from;
    const last = a.endDate < to ? a.endDate : to;
    for (let date = first; date <= last; date = addCalendarDays(date, 1)) {
      const minutes = a.minutes[WEEKDAYS[weekdayIndex(date)]!];
      if (minutes > 0) out.set(date, (out.get(date) ?? 0) + minutes);
    }
  }
  return out;
}

// ------------------------------------------------------------------------------- the call

/** A person as GET /api/utilisation answers: hours and percentages only, no money. */
export interface UtilisationPerson {
  id: number;
  name: string;
  team: string | null;
  role: string | null;
  targetPercent: number | null;
  weeks: UtilisationWeek[];
  period: UtilisationPeriod;
}

export interface UtilisationResponse {
  people: UtilisationPerson[];
}
