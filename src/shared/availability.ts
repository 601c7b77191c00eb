/**
 * Availability and available points (docs/product-spec.md, "States and transitions";
 * docs/design.md, "Rules the spec leaves open"): who shows in a week's grid and how many story
 * points the team can deliver in it.
 */
import { type IsoDate, weekDays } from './calendar';

export type EmploymentDates = { startDate: IsoDate | null; endDate: IsoDate | null };

/**
 * A developer shows in a week's grid only if the start date is not after that week's Friday
 * and the end date is not before its Monday (docs/product-spec.md, "States and transitions").
 * Missing dates do not limit.
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

/**
 * A day someone is away without anyone marking it, and why: 'holiday: Christmas Day' or 'leave'
 * (docs/decisions/335-derived-availability.md).
 */
export interface DerivedDay {
  accountId: string;
  date: IsoDate;
  source: string;
}

/** A day marked by hand in the grid: Away (true) or Available (false). */
export interface ManualDay {
  accountId: string;
  date: IsoDate;
  isAway: boolean;
}

/**
 * Whether someone is away on a day: a day marked by hand wins, then a day derived from Forecast
 * (or the public holidays), else they are available.
 */
export function isAwayOn(manual: boolean | undefined, derived: string | undefined): boolean {
  return manual ?? derived !== undefined;
}

/** The away days, as `awayKey`s, that `availablePoints` takes, from marked and derived days. */
export function effectiveAwayDays(
  manual: readonly ManualDay[],
  derived: readonly DerivedDay[],
): Set<string> {
  const marked = new Map(manual.map((d) => [awayKey(d.accountId, d.date), d.isAway]));
  const away = new Set<string>();
  for (const d of derived) {
    const key = awayKey(d.accountId, d.date);
    if (isAwayOn(marked.get(key), d.source)) away.add(key);
  }
  for (const [key, isAway] of marked) if (isAway) away.add(key);
  return away;
}

/** Whether a day lies within someone's employment dates (both ends included; missing dates do not limit). */
export function isEmployedOn(dates: EmploymentDates, date: IsoDate): boolean {
  return (!dates.startDate || date >= dates.startDate) && (!dates.endDate || date <= dates.endDate);
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
      if (!isEmployedOn(dev, day)) continue;
      if (input.awayDays.has(awayKey(dev.accountId, day))) continue;
      workingDays += 1;
    }
  }
  return workingDays * input.pointsPerDay;
}

export interface TeamMember {
  accountId: string;
  displayName: string;
  startDate: IsoDate | null;
  endDate: IsoDate | null;
}

/**
 * The 'Developer availability response' (docs/product-spec.md, "Entities and their fields"), plus
 * the selection's names and dates.
 */
export interface AvailabilityResponse {
  /** Display name → date → away. */
  developers: Record<string, Record<IsoDate, boolean>>;
  selectedDevelopersList: string[];
  developersWithEndDates: { accountId: string; startDate?: IsoDate; endDate?: IsoDate }[];
  selectedDevelopers: (TeamMember & { addedAt: IsoDate })[];
  /**
   * Days derived from Forecast and the public holidays in the week asked for (the current week
   * by default): account id → date → source ('holiday: Christmas Day', 'leave').
   */
  derived: Record<string, Record<IsoDate, string>>;
  /** The Monday of the week `derived` covers. */
  derivedWeek: IsoDate;
}

export interface JiraUser {
  accountId: string;
  displayName: string;
  emailAddress?: string;
}

/**
 * The POST /api/developer-availability body: the cells this person changed, the selection, and
 * the selection they started from, so a save adds and removes only what changed here.
 */
export interface AvailabilitySave {
  /** Display name → date → away, for the cells this person changed. */
  developers: Record<string, Record<IsoDate, boolean>>;
  selectedDevelopersList: string[];
  /**
   * Accepted from older clients and not used: a save adds the listed members it does not have
   * yet and never removes anyone implicitly.
   */
  previousSelectedDevelopersList?: string[] | undefined;
  /** The members this save removes, by account id: the only way a member leaves the team. */
  removeDevelopers?: string[] | undefined;
}
