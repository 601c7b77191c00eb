import type { IsoDate } from '../shared/calendar';
import { bulkInsert } from './bulk';
import { type Db, jsonValue } from './port';

/**
 * A Jira user whose availability the agency tracks (SelectedDeveloper in docs/product-spec.md,
 * "Entities and their fields").
 */
export interface SelectedDeveloper {
  accountId: string;
  displayName: string;
  addedAt: IsoDate;
  startDate: IsoDate | null;
  endDate: IsoDate | null;
}

interface SelectedDeveloperRow {
  account_id: string;
  display_name: string;
  added_at: string;
  start_date: string | null;
  end_date: string | null;
}
const toSelectedDeveloper = (r: SelectedDeveloperRow): SelectedDeveloper => ({
  accountId: r.account_id,
  displayName: r.display_name,
  addedAt: r.added_at,
  startDate: r.start_date,
  endDate: r.end_date,
});
const SELECTED_COLUMNS = 'account_id, display_name, added_at, start_date, end_date';

/**
 * Every selected developer, sorted by display name as the grid shows them (docs/product-spec.md,
 * "States and transitions").
 */
export async function listSelectedDevelopers(db: Db): Promise<SelectedDeveloper[]> {
  const rows = await db.query<SelectedDeveloperRow>(
    `SELECT ${SELECTED_COLUMNS} FROM selected_developers ORDER BY lower(display_name), display_name, account_id`,
  );
  return rows.map(toSelectedDeveloper);
}

/** One availability cell: a developer on a day, away or not. */
export interface AvailabilityCell {
  accountId: string;
  date: IsoDate;
  isAway: boolean;
}

/** The team and their stored cells, read together. */
export interface TeamAvailability {
  /** Sorted by display name, as the grid shows them. */
  developers: SelectedDeveloper[];
  /** Cells of these developers only, by account id then date. */
  cells: AvailabilityCell[];
}

/**
 * The selected developers and their stored cells, optionally limited to a date range (both ends
 * included). One statement, so one snapshot: read as two queries, a save committed between them
 * could bring cells of a developer the selection did not yet have.
 */
export async function readTeamAvailability(
  db: Db,
  range?: { from: IsoDate; to: IsoDate },
): Promise<TeamAvailability> {
  const [row] = await db.query<{ developers: unknown; cells: unknown }>(
    `SELECT
       (SELECT coalesce(json_agg(json_build_object('account_id', account_id, 'display_name', display_name,
                 'added_at', added_at, 'start_date', start_date, 'end_date', end_date)
                 ORDER BY lower(display_name), display_name, account_id), '[]')
          FROM selected_developers) AS developers,
       (SELECT coalesce(json_agg(json_build_object('accountId', a.account_id, 'date', a.date, 'isAway', a.is_away)
                 ORDER BY a.account_id, a.date), '[]')
          FROM developer_availability a JOIN selected_developers s ON s.account_id = a.account_id
         WHERE ($1::date IS NULL OR a.date >= $1::date) AND ($2::date IS NULL OR a.date <= $2::date)) AS cells`,
    [range?.from ?? null, range?.to ?? null],
  );
  return {
    developers: jsonValue<SelectedDeveloperRow[]>(row!.developers).map(toSelectedDeveloper),
    cells: jsonValue<AvailabilityCell[]>(row!.cells),
  };
}

/**
 * Selects developers for availability tracking, in account-id order (the order saves lock rows
 * in); one already selected is left as it is.
 */
export async function addSelectedDevelopers(
  db: Db,
  developers: readonly { accountId: string; displayName: string }[],
): Promise<void> {
  const added = [...developers].sort((a, b) =>
    a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0,
  );
  await bulkInsert(
    db,
    `INSERT INTO selected_developers (account_id, display_name)
     SELECT x."accountId", x."displayName" FROM jsonb_to_recordset($1::text::jsonb) AS x("accountId" text, "displayName" text)
     ON CONFLICT (account_id) DO NOTHING`,
    added,
  );
}

/** What one 'Save Availability' changes: only these developers and cells are touched. */
export interface AvailabilityChange {
  add: readonly { accountId: string; displayName: string }[];
  remove: readonly string[];
  cells: readonly AvailabilityCell[];
}

/**
 * Applies one save in the transaction `tx`. Removals go first, then additions, then the cells,
 * each written with an upsert so a save never overwrites cells it did not send. A removed
 * developer's away days stay stored (docs/decisions/165): adding them again brings them back,
 * and the finished weeks that counted them keep counting them. Rows are locked in account-id
 * order so two saves cannot deadlock, and the selected rows are share-locked before cells are
 * written. Cells of a developer who is not (or no longer) selected are not written.
 */
export async function applyAvailabilityChange(tx: Db, change: AvailabilityChange): Promise<void> {
  const removed = [...new Set(change.remove)].sort();
  if (removed.length > 0) {
    const list = JSON.stringify(removed);
    await tx.query(
      'DELETE FROM selected_developers WHERE account_id IN (SELECT value FROM jsonb_array_elements_text($1::text::jsonb))',
      [list],
    );
  }
  await addSelectedDevelopers(tx, change.add);
  if (change.cells.length === 0) return;
  const cells = [...change.cells].sort((a, b) =>
    a.accountId === b.accountId ? (a.date < b.date ? -1 : 1) : a.accountId < b.accountId ? -1 : 1,
  );
  const ids = [...new Set(cells.map((c) => c.accountId))];
  // Share locks: a concurrent removal of one of these developers waits for this save, or this
  // save sees the developer gone and writes none of their cells.
  await tx.query(
    `SELECT account_id FROM selected_developers
      WHERE account_id IN (SELECT value FROM jsonb_array_elements_text($1::text::jsonb))
      ORDER BY account_id FOR SHARE`,
    [JSON.stringify(ids)],
  );
  await bulkInsert(
    tx,
    `INSERT INTO developer_availability (account_id, display_name, date, is_away)
     SELECT s.account_id, s.display_name, x.date, x."isAway"
       FROM jsonb_to_recordset($1::text::jsonb) AS x("accountId" text, date date, "isAway" boolean)
       JOIN selected_developers s ON s.account_id = x."accountId"
     ON CONFLICT (account_id, date) DO UPDATE SET is_away = EXCLUDED.is_away, display_name = EXCLUDED.display_name`,
    cells,
  );
}

export type EmploymentEdge = 'start' | 'end';

export type SetEmploymentDateResult =
  | { ok: true; developer: SelectedDeveloper }
  | { ok: false; reason: 'unknown-developer' | 'end-before-start'; developer?: SelectedDeveloper };

/**
 * Sets or clears (null) a developer's start or end of employment. The check that the end is
 * not before the start is in the UPDATE itself, so two people setting the two dates at once
 * cannot together store an impossible pair.
 */
export async function setEmploymentDate(
  db: Db,
  accountId: string,
  edge: EmploymentEdge,
  date: IsoDate | null,
): Promise<SetEmploymentDateResult> {
  const sql =
    edge === 'start'
      ? `UPDATE selected_developers SET start_date = $2::date
          WHERE account_id = $1 AND ($2::date IS NULL OR end_date IS NULL OR end_date >= $2::date)
          RETURNING ${SELECTED_COLUMNS}`
      : `UPDATE selected_developers SET end_date = $2::date
          WHERE account_id = $1 AND ($2::date IS NULL OR start_date IS NULL OR start_date <= $2::date)
          RETURNING ${SELECTED_COLUMNS}`;
  const rows = await db.query<SelectedDeveloperRow>(sql, [accountId, date]);
  if (rows[0]) return { ok: true, developer: toSelectedDeveloper(rows[0]) };
  const existing = await db.query<SelectedDeveloperRow>(
    `SELECT ${SELECTED_COLUMNS} FROM selected_developers WHERE account_id = $1`,
    [accountId],
  );
  if (!existing[0]) return { ok: false, reason: 'unknown-developer' };
  return { ok: false, reason: 'end-before-start', developer: toSelectedDeveloper(existing[0]) };
}

/** The stored values of these cells (absent ones are left out), to record what a save changed. */
export async function listCells(
  db: Db,
  cells: readonly { accountId: string; date: IsoDate }[],
): Promise<AvailabilityCell[]> {
  if (cells.length === 0) return [];
  const rows = await db.query<{ account_id: string; date: string; is_away: boolean }>(
    `SELECT a.account_id, a.date, a.is_away FROM developer_availability a
       JOIN jsonb_to_recordset($1::text::jsonb) AS x("accountId" text, date date)
         ON a.account_id = x."accountId" AND a.date = x.date`,
    [JSON.stringify(cells.map((c) => ({ accountId: c.accountId, date: c.date })))],
  );
  return rows.map((r) => ({ accountId: r.account_id, date: r.date, isAway: r.is_away }));
}

/** Days marked by hand (Away or Available) of these developers, selected now or not, from `from` to `to`. */
export async function listMarkedDays(
  db: Db,
  accountIds: readonly string[],
  range: { from: IsoDate; to: IsoDate },
): Promise<AvailabilityCell[]> {
  if (accountIds.length === 0) return [];
  const rows = await db.query<{ account_id: string; date: string; is_away: boolean }>(
    `SELECT account_id, date, is_away FROM developer_availability
      WHERE date >= $2::date AND date <= $3::date
        AND account_id IN (SELECT value FROM jsonb_array_elements_text($1::text::jsonb))`,
    [JSON.stringify([...new Set(accountIds)]), range.from, range.to],
  );
  return rows.map((r) => ({ accountId: r.account_id, date: r.date, isAway: r.is_away }));
}

/** Every day marked by hand (Away or Available) from `from` to `to`, whoever it belongs to. */
export async function listAllMarkedDays(
  db: Db,
  range: { from: IsoDate; to: IsoDate },
): Promise<AvailabilityCell[]> {
  const rows = await db.query<{ account_id: string; date: string; is_away: boolean }>(
    `SELECT account_id, to_char(date, 'YYYY-MM-DD') AS date, is_away FROM developer_availability
      WHERE date >= $1::date AND date <= $2::date`,
    [range.from, range.to],
  );
  return rows.map((r) => ({ accountId: r.account_id, date: r.date, isAway: r.is_away }));
}

/** Everything available points are computed from, for the days from `from` to `to`. */
export interface AvailabilityInputs {
  developers: {
    accountId: string;
    /** Absent in weeks stored before names were kept with the team. */
    displayName?: string;
    startDate: IsoDate | null;
    endDate: IsoDate | null;
  }[];
  pointsPerDay: number;
  /** Days of selected developers in the range marked by hand, Away or Available. */
  marked: AvailabilityCell[];
}

/**
 * The selection, the points setting and the marked days in one round trip: the Weekly History
 * page reads this on every render. Employment is the roster's: the dashboard's own date, else
 * Forecast's (docs/decisions/390-one-roster-of-people.md).
 */
export async function readAvailabilityInputs(
  db: Db,
  range: { from: IsoDate; to: IsoDate },
): Promise<AvailabilityInputs> {
  const [row] = await db.query<{ developers: unknown; points: unknown; marked: unknown }>(
    `SELECT
       (SELECT coalesce(json_agg(json_build_object('accountId', s.account_id, 'displayName', s.display_name,
                 'startDate', coalesce(s.start_date, c.start_date), 'endDate', coalesce(s.end_date, c.end_date))
                 ORDER BY s.account_id), '[]')
          FROM selected_developers s
          LEFT JOIN people p ON p.jira_account_id = s.account_id
          LEFT JOIN capacity_persons c ON c.id = p.forecast_person_id) AS developers,
       (SELECT value FROM settings WHERE key = $3) AS points,
       (SELECT coalesce(json_agg(json_build_object('accountId', a.account_id, 'date', a.date, 'isAway', a.is_away)), '[]')
          FROM developer_availability a JOIN selected_developers s ON s.account_id = a.account_id
         WHERE a.date >= $1::date AND a.date <= $2::date) AS marked`,
    [range.from, range.to, POINTS_PER_DAY_KEY],
  );
  return {
    developers: jsonValue<AvailabilityInputs['developers']>(row!.developers),
    pointsPerDay: readPointsPerDay(jsonValue<unknown>(row!.points)),
    marked: jsonValue<AvailabilityCell[]>(row!.marked),
  };
}

// ---------------------------------------------------------------------------
// Settings

export const POINTS_PER_DAY_KEY = 'storyPointsPerDeveloperDay';
export const DEFAULT_POINTS_PER_DAY = 1;

/**
 * The 'story points per developer day' setting (docs/design.md, "Available points"), 1 when unset
 * or unreadable.
 */
export async function getStoryPointsPerDeveloperDay(db: Db): Promise<number> {
  const rows = await db.query<{ value: unknown }>('SELECT value FROM settings WHERE key = $1', [
    POINTS_PER_DAY_KEY,
  ]);
  return readPointsPerDay(rows[0]?.value);
}

function readPointsPerDay(stored: unknown): number {
  const value = Number(stored ?? DEFAULT_POINTS_PER_DAY);
  return Number.isFinite(value) && value >= 0 ? value : DEFAULT_POINTS_PER_DAY;
}

export async function setStoryPointsPerDeveloperDay(db: Db, points: number): Promise<void> {
  await db.query(
    `INSERT INTO settings (key, value, updated_at) VALUES ($1, $2::text::jsonb, now())
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [POINTS_PER_DAY_KEY, JSON.stringify(points)],
  );
}

// --------------------------------------------------------------------------- developer_weeks: the
// stored figures of each week (DeveloperWeek in docs/product-spec.md, "Entities and their fields")

/** Per-day figures of a week, kept as the table's structured dailyStats. */
export interface DailyStat {
  date: IsoDate;
  tickets: number;
  storyPoints: number;
}

export interface DeveloperWeek {
  week: IsoDate;
  storyPointsCompleted: number;
  /**
   * The tracked people's share of storyPointsCompleted, velocity's numerator; null for a week
   * stored before it was kept (docs/decisions/391-velocity-over-tracked-people.md).
   */
  trackedStoryPoints: number | null;
  pointsAvailable: number;
  teamVelocityPercentage: number;
  blockedTickets: number;
  totalTickets: number;
  dailyStats: DailyStat[];
  isCurrent: boolean;
  /** The team and setting the week was computed with: a stored week keeps them (docs/decisions/165). */
  team: AvailabilityInputs['developers'];
  pointsPerDay: number;
}

interface DeveloperWeekRow {
  week: string;
  story_points_completed: number;
  tracked_story_points: number | null;
  points_available: number;
  team_velocity_percentage: number;
  blocked_tickets: number;
  total_tickets: number;
  daily_stats: unknown;
  is_current: number;
  team: unknown;
  points_per_day: number;
}
const toDeveloperWeek = (r: DeveloperWeekRow): DeveloperWeek => ({
  week: r.week,
  storyPointsCompleted: Number(r.story_points_completed),
  trackedStoryPoints: r.tracked_story_points === null ? null : Number(r.tracked_story_points),
  pointsAvailable: Number(r.points_available),
  teamVelocityPercentage: Number(r.team_velocity_percentage),
  blockedTickets: Number(r.blocked_tickets),
  totalTickets: Number(r.total_tickets),
  dailyStats: jsonValue<DailyStat[]>(r.daily_stats),
  isCurrent: Number(r.is_current) === 1,
  team: jsonValue<DeveloperWeek['team']>(r.team),
  pointsPerDay: Number(r.points_per_day),
});
const WEEK_COLUMNS =
  'week, story_points_completed, points_available, team_velocity_percentage, blocked_tickets, total_tickets, daily_stats, is_current, team, points_per_day, tracked_story_points';

/** The stored weeks among `weeks` (Monday dates). */
export async function listDeveloperWeeks(
  db: Db,
  weeks: readonly IsoDate[],
): Promise<DeveloperWeek[]> {
  if (weeks.length === 0) return [];
  const rows = await db.query<DeveloperWeekRow>(
    `SELECT ${WEEK_COLUMNS} FROM developer_weeks
      WHERE week IN (SELECT value::date FROM jsonb_array_elements_text($1::text::jsonb)) ORDER BY week`,
    [JSON.stringify(weeks)],
  );
  return rows.map(toDeveloperWeek);
}

/** Stores a week's figures, replacing what was stored for it. */
export async function upsertDeveloperWeek(db: Db, w: DeveloperWeek): Promise<void> {
  await db.query(
    `INSERT INTO developer_weeks (${WEEK_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7::text::jsonb, $8, $9::text::jsonb, $10, $11)
     ON CONFLICT (week) DO UPDATE SET
       story_points_completed = EXCLUDED.story_points_completed,
       points_available = EXCLUDED.points_available,
       team_velocity_percentage = EXCLUDED.team_velocity_percentage,
       blocked_tickets = EXCLUDED.blocked_tickets,
       total_tickets = EXCLUDED.total_tickets,
       daily_stats = EXCLUDED.daily_stats,
       is_current = EXCLUDED.is_current,
       team = EXCLUDED.team,
       points_per_day = EXCLUDED.points_per_day,
       tracked_story_points = EXCLUDED.tracked_story_points`,
    [
      w.week,
      w.storyPointsCompleted,
      w.pointsAvailable,
      w.teamVelocityPercentage,
      w.blockedTickets,
      w.totalTickets,
      JSON.stringify(w.dailyStats),
      w.isCurrent ? 1 : 0,
      JSON.stringify(w.team),
      w.pointsPerDay,
      w.trackedStoryPoints,
    ],
  );
}

/**
 * Keeps the tracked people's story points of weeks stored before they were kept, with the
 * velocity they give (docs/decisions/391-velocity-over-tracked-people.md).
 */
export async function setDeveloperWeekTrackedPoints(
  db: Db,
  updates: readonly { week: IsoDate; trackedStoryPoints: number; teamVelocityPercentage: number }[],
): Promise<void> {
  if (updates.length === 0) return;
  await db.query(
    `UPDATE developer_weeks w
        SET tracked_story_points = x."trackedStoryPoints", team_velocity_percentage = x."teamVelocityPercentage"
       FROM jsonb_to_recordset($1::text::jsonb) AS x(week date, "trackedStoryPoints" numeric, "teamVelocityPercentage" integer)
      WHERE w.week = x.week AND w.tracked_story_points IS NULL`,
    [JSON.stringify(updates)],
  );
}

/** Rewrites the available points and velocity of stored weeks (after their away days were corrected). */
export async function updateDeveloperWeekPoints(
  db: Db,
  updates: readonly { week: IsoDate; pointsAvailable: number; teamVelocityPercentage: number }[],
): Promise<void> {
  if (updates.length === 0) return;
  await db.query(
    `UPDATE developer_weeks w
        SET points_available = x."pointsAvailable", team_velocity_percentage = x."teamVelocityPercentage"
       FROM jsonb_to_recordset($1::text::jsonb) AS x(week date, "pointsAvailable" numeric, "teamVelocityPercentage" integer)
      WHERE w.week = x.week`,
    [JSON.stringify(updates)],
  );
}

/** Marks a week of the availability grid confirmed as it is (sql/0112), by whom and when. */
export async function confirmAvailabilityWeek(
  db: Db,
  week: IsoDate,
  by: string,
  at: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO availability_confirmed_weeks (week, confirmed_by, confirmed_at) VALUES ($1, $2, $3)
     ON CONFLICT (week) DO UPDATE SET confirmed_by = EXCLUDED.confirmed_by, confirmed_at = EXCLUDED.confirmed_at`,
    [week, by, at],
  );
}

/** Whether a week of the grid was confirmed as it is. */
export async function isAvailabilityWeekConfirmed(db: Db, week: IsoDate): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM availability_confirmed_weeks WHERE week = $1', [week]);
  return rows.length > 0;
}
