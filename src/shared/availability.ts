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
