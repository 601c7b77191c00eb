/**
 * Weekly delivery figures of the Developers tab (docs/product-spec.md, "Weekly History page" and
 * "Business constants and limits"; docs/design.md, "Tickets ready for QA" and "Available points"):
 * tickets ready for QA, story points, available points and velocity per week. Weeks that are over
 * are stored in developer_weeks the first time they are asked for, so the eight-week history reads
 * them back instead of asking for their tickets again; only the current week is computed each time.
 */
import {
  listDeveloperWeeks,
  readAvailabilityInputs,
  updateDeveloperWeekPoints,
  upsertDeveloperWeek,
  listMarkedDays,
  setDeveloperWeekTrackedPoints,
  type DailyStat,
  type DeveloperWeek,
} from '../db/developers';
import type { Db } from '../db/port';
import { oldestJiraSync } from '../db/projects';
import { readyForQaTickets } from './jira/queries';
import { availablePoints, effectiveAwayDays } from '../shared/availability';
import type { PublicHolidayRegion } from '../shared/public-holidays';
import { loadDerivedDays } from './capacity';
import {
  currentWeekStart,
  dayRangeInZone,
  isFinishedWeek,
  weekRangeInZone,
} from '../shared/time-zones';
import { isBlockedStatus } from '../shared/tickets';
import { addCalendarDays, lastWeeks, weekEndOf, type IsoDate } from '../shared/calendar';
import {
  type AvailablePoints,
  splitByTracked,
  type UntrackedPoints,
  VELOCITY_HISTORY_WEEKS,
  type VelocityHistoryEntry,
  velocityPercentage,
} from '../shared/velocity';
import {
  addPoints,
  type CompletedTicket,
  type CompletedTicketResult,
} from '../shared/story-points';
import { dateTimeFormat } from '../shared/date-time-format';

/**
 * Tasks, Bugs and Stories that entered the QA status from `startDate` 00:00 to `endDate` 23:59
 * in the agency's zone, across the Jira projects linked on the dashboard.
 */
export type ReadyForQaQuery = (range: {
  startDate: IsoDate;
  endDate: IsoDate;
}) => Promise<CompletedTicketResult>;

/**
 * Ready-for-QA tickets from the synced Jira tables (docs/design.md, "Tickets ready for QA"), with
 * the range's days bounded in the agency's zone, so a week with a DST change is still whole.
 */
export function readyForQaFromStore(
  db: Db,
  options: { qaStatus: string; timeZone: string },
): ReadyForQaQuery {
  return ({ startDate, endDate }) =>
    readyForQaTickets(db, {
      ...dayRangeInZone(startDate, endDate, options.timeZone),
      qaStatus: options.qaStatus,
    });
}

/** The weekly figures' dependencies from the app's: stored Jira data, the agency's zone and QA status, and now. */
export function velocityDepsOf(deps: {
  db: Db;
  config: {
    JIRA_QA_STATUS: string;
    AGENCY_TIMEZONE: string;
    publicHolidays: PublicHolidayRegion | null;
  };
  clock: () => Date;
}): VelocityDeps {
  const { db, config, clock } = deps;
  return {
    db,
    readyForQa: readyForQaFromStore(db, {
      qaStatus: config.JIRA_QA_STATUS,
      timeZone: config.AGENCY_TIMEZONE,
    }),
    timeZone: config.AGENCY_TIMEZONE,
    publicHolidays: config.publicHolidays,
    now: clock(),
  };
}

export interface VelocityDeps {
  db: Db;
  readyForQa: ReadyForQaQuery;
  /** The agency's IANA time zone: weeks run Monday 00:00 to Sunday 23:59 there. */
  timeZone: string;
  /** Public holidays for people without a Forecast holiday calendar (PUBLIC_HOLIDAYS_COUNTRY). */
  publicHolidays: PublicHolidayRegion | null;
  now: Date;
}

/** A week as the calendar days a ready-for-QA query takes: Monday to Sunday. */
export const weekOf = (weekStart: IsoDate) => ({
  startDate: weekStart,
  endDate: weekEndOf(weekStart),
});

/**
 * Available points of each week, from the tracked people, their employment dates, their
 * days marked by hand, the days derived from Forecast and the public holidays (marked wins), and
 * the points-per-day setting: the one computation every surface that shows them uses.
 */
export async function availablePointsByWeek(
  db: Db,
  weeks: readonly IsoDate[],
  publicHolidays: PublicHolidayRegion | null,
): Promise<Map<IsoDate, number>> {
  return (await availabilityByWeek(db, weeks, publicHolidays)).points;
}

/** Available points of each week, with the team and setting they were computed from. */
async function availabilityByWeek(
  db: Db,
  weeks: readonly IsoDate[],
  publicHolidays: PublicHolidayRegion | null,
): Promise<{
  points: Map<IsoDate, number>;
  team: DeveloperWeek['team'];
  pointsPerDay: number;
}> {
  const points = new Map<IsoDate, number>();
  if (weeks.length === 0) return { points, team: [], pointsPerDay: 0 };
  const sorted = [...weeks].sort();
  const range = { from: sorted[0]!, to: weekEndOf(sorted[sorted.length - 1]!) };
  const { developers, pointsPerDay, marked } = await readAvailabilityInputs(db, range);
  const derived = await loadDerivedDays(
    db,
    developers.map((d) => d.accountId),
    range,
    publicHolidays,
  );
  const awayDays = effectiveAwayDays(marked, derived);
  for (const weekStart of weeks) {
    points.set(weekStart, availablePoints({ developers, awayDays, weekStart, pointsPerDay }));
  }
  return { points, team: developers, pointsPerDay };
}

/** Tickets and story points per day of the week (Monday to Sunday), by the day Jira last updated them. */
function dailyStatsOf(
  weekStart: IsoDate,
  tickets: readonly CompletedTicket[],
  timeZone: string,
): DailyStat[] {
  const stats: DailyStat[] = [0, 1, 2, 3, 4, 5, 6].map((i) => ({
    date: addCalendarDays(weekStart, i),
    tickets: 0,
    storyPoints: 0,
  }));
  // en-CA writes YYYY-MM-DD.
  const dayOf = dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  for (const t of tickets) {
    const when = new Date(t.updated);
    if (Number.isNaN(when.getTime())) continue;
    const day = stats.find((s) => s.date === dayOf.format(when));
    if (!day) continue;
    day.tickets += 1;
    day.storyPoints = addPoints(day.storyPoints, t.storyPoints ?? 0);
  }
  return stats;
}

/** The tracked people of a team, by Jira account id: whose points velocity counts. */
const trackedOf = (team: readonly { accountId: string }[]) => new Set(team.map((d) => d.accountId));

/** Everything the Weekly History page shows for one week. */
export interface WeekSummary {
  weekStart: IsoDate;
  completed: CompletedTicketResult;
  /** Every ticket's points: the Total Story Points card. */
  storyPoints: number;
  /** The tracked people's points, velocity's numerator (docs/decisions/391). */
  trackedStoryPoints: number;
  /** Everyone else's points; with trackedStoryPoints they add up to storyPoints. */
  untracked: UntrackedPoints[];
  /** The tracked people's Jira account ids. */
  trackedAccountIds: string[];
  availablePoints: number;
  velocityPercentage: number;
}

/**
 * The figures of one week, computed from its tickets and the current availability: velocity is
 * the tracked people's story points over their available points
 * (docs/decisions/391-velocity-over-tracked-people.md).
 */
export async function weekSummary(deps: VelocityDeps, weekStart: IsoDate): Promise<WeekSummary> {
  const [completed, { points, team }] = await Promise.all([
    deps.readyForQa(weekOf(weekStart)),
    availabilityByWeek(deps.db, [weekStart], deps.publicHolidays),
  ]);
  const split = splitByTracked(completed.tickets, trackedOf(team));
  const available = points.get(weekStart) ?? 0;
  return {
    weekStart,
    completed,
    storyPoints: split.totalStoryPoints,
    trackedStoryPoints: split.trackedStoryPoints,
    untracked: split.untracked,
    trackedAccountIds: team.map((d) => d.accountId),
    availablePoints: available,
    velocityPercentage: velocityPercentage(split.trackedStoryPoints, available),
  };
}

/** A week's answer to GET /api/developer-available-points, which the page also renders with. */
export function availablePointsOf(week: WeekSummary): AvailablePoints {
  return {
    totalAvailablePoints: week.availablePoints,
    trackedStoryPoints: week.trackedStoryPoints,
    untracked: week.untracked,
    velocityPercentage: week.velocityPercentage,
  };
}

/**
 * The eight weeks ending with the current one, oldest first. Finished weeks come from
 * developer_weeks; one not stored yet is computed and stored, so later calls ask for the
 * tickets of the current week only.
 */
export async function velocityHistory(
  deps: VelocityDeps,
  count = VELOCITY_HISTORY_WEEKS,
): Promise<VelocityHistoryEntry[]> {
  const weeks = lastWeeks(currentWeekStart(deps.now, deps.timeZone), count);
  const stored = new Map(
    (await listDeveloperWeeks(deps.db, weeks)).filter((w) => !w.isCurrent).map((w) => [w.week, w]),
  );
  await keepTrackedPoints(deps, stored);
  const missing = weeks.filter(
    (w) => !stored.has(w) || !isFinishedWeek(w, deps.now, deps.timeZone),
  );
  if (missing.length > 0) {
    const [{ points, team, pointsPerDay }, ticketsByWeek, syncedUpTo] = await Promise.all([
      availabilityByWeek(deps.db, missing, deps.publicHolidays),
      Promise.all(missing.map((w) => deps.readyForQa(weekOf(w)))),
      oldestJiraSync(deps.db),
    ]);
    for (const [i, week] of missing.entries()) {
      const tickets = ticketsByWeek[i]!.tickets;
      const split = splitByTracked(tickets, trackedOf(team));
      const available = points.get(week) ?? 0;
      const figures: DeveloperWeek = {
        week,
        storyPointsCompleted: split.totalStoryPoints,
        trackedStoryPoints: split.trackedStoryPoints,
        pointsAvailable: available,
        teamVelocityPercentage: velocityPercentage(split.trackedStoryPoints, available),
        blockedTickets: tickets.filter((t) => isBlockedStatus(t.status.name)).length,
        totalTickets: ticketsByWeek[i]!.totalCompleted,
        dailyStats: dailyStatsOf(week, tickets, deps.timeZone),
        isCurrent: false,
        team,
        pointsPerDay,
      };
      // A week is stored once it is over and every linked project was synced after its end, so
      // no ticket can still enter QA within it and none that did is missing from our copy.
      const complete = syncedUpTo !== null && syncedUpTo >= weekRangeInZone(week, deps.timeZone).to;
      if (isFinishedWeek(week, deps.now, deps.timeZone) && complete)
        await upsertDeveloperWeek(deps.db, figures);
      stored.set(week, figures);
    }
  }
  return weeks.map((week) => ({
    weekStart: week,
    velocityPercentage: stored.get(week)?.teamVelocityPercentage ?? 0,
  }));
}

/**
 * Stored weeks from before velocity counted the tracked people only get their tracked points
 * once, from the stored tickets and the team each week was stored with, so a later change of
 * the selection still never reaches them (docs/decisions/391, 165).
 */
async function keepTrackedPoints(
  deps: VelocityDeps,
  stored: Map<IsoDate, DeveloperWeek>,
): Promise<void> {
  const old = [...stored.values()].filter((w) => w.trackedStoryPoints === null);
  if (old.length === 0) return;
  const updates = await Promise.all(
    old.map(async (w) => {
      const { tickets } = await deps.readyForQa(weekOf(w.week));
      const tracked = splitByTracked(tickets, trackedOf(w.team)).trackedStoryPoints;
      return {
        week: w.week,
        trackedStoryPoints: tracked,
        teamVelocityPercentage: velocityPercentage(tracked, w.pointsAvailable),
      };
    }),
  );
  await setDeveloperWeekTrackedPoints(deps.db, updates);
  for (const u of updates) {
    const w = stored.get(u.week)!;
    stored.set(u.week, { ...w, ...u });
  }
}

/**
 * After away days in stored weeks were corrected, rewrites those weeks' available points and
 * velocity from their stored story points and the team and setting each week was stored with:
 * no ticket is asked for again, and a later change of the selection, of employment dates or of
 * the setting never reaches a finished week (docs/decisions/165). Run it in the same transaction
 * as the correction.
 */
export async function refreshStoredWeekPoints(
  db: Db,
  weeks: readonly IsoDate[],
  publicHolidays: PublicHolidayRegion | null,
): Promise<void> {
  const stored = await listDeveloperWeeks(db, [...new Set(weeks)]);
  if (stored.length === 0) return;
  const range = { from: stored[0]!.week, to: weekEndOf(stored[stored.length - 1]!.week) };
  const team = stored.flatMap((w) => w.team);
  const accountIds = team.map((d) => d.accountId);
  const [marked, derived] = await Promise.all([
    listMarkedDays(db, accountIds, range),
    loadDerivedDays(db, accountIds, range, publicHolidays),
  ]);
  const awayDays = effectiveAwayDays(marked, derived);
  await updateDeveloperWeekPoints(
    db,
    stored.map((w) => {
      const available = availablePoints({
        developers: w.team,
        awayDays,
        weekStart: w.week,
        pointsPerDay: w.pointsPerDay,
      });
      return {
        week: w.week,
        pointsAvailable: available,
        teamVelocityPercentage: velocityPercentage(
          w.trackedStoryPoints ?? w.storyPointsCompleted,
          available,
        ),
      };
    }),
  );
}
