/**
 * What the forecasts with ranges read (docs/decisions/420-forecasts-with-ranges.md), from the
 * synced tables only: a project's tickets done since a day, dated as Points Done dates them
 * (their latest change into the done status they are in, in the agency's time zone), and the
 * billable time logged on its Forecast project per person and day.
 */
import type { IsoDate } from '../shared/calendar';
import type { Db } from './port';

export interface DoneTicket {
  key: string;
  epicKey: string | null;
  assignee: string | null;
  statusName: string;
  points: number | null;
  /** The day it moved to done. */
  day: IsoDate;
}

const DONE_TICKETS_SQL = `
  SELECT i.issue_key AS key, i.epic_key AS "epicKey", i.assignee_account_id AS assignee,
         i.status_name AS "statusName", i.story_points::float8 AS points,
         to_char(d.at AT TIME ZONE $3, 'YYYY-MM-DD') AS day
  FROM jira_issues i
  CROSS JOIN LATERAL (
    SELECT max(t.at) AS at FROM jira_status_transitions t
    WHERE t.project_id = i.project_id AND t.issue_key = i.issue_key
      AND (t.to_status_id = i.status_id OR (t.to_status_id IS NULL AND lower(t.to_status_name) = lower(i.status_name)))
  ) d
  WHERE i.project_id = $1 AND i.status_category_key = 'done' AND d.at IS NOT NULL
    AND d.at >= ($2::date)::timestamp AT TIME ZONE $3`;

/** The project's tickets that moved to done on or after `from`. */
export async function readDoneTickets(
  db: Db,
  projectId: number,
  from: IsoDate,
  timeZone: string,
): Promise<DoneTicket[]> {
  const rows = await db.query<DoneTicket>(DONE_TICKETS_SQL, [projectId, from, timeZone]);
  return rows.map((r) => ({ ...r, points: r.points === null ? null : Number(r.points) }));
}

export interface BilledDay {
  /** Forecast's person id. */
  personId: number;
  date: IsoDate;
  minutes: number;
}

/** Billable minutes logged on the project's Forecast project from `from` to `to`, per person and day. */
export async function readBilledDays(
  db: Db,
  projectId: number,
  range: { from: IsoDate; to: IsoDate },
): Promise<BilledDay[]> {
  const rows = await db.query<{ person_id: number; date: string; minutes: number }>(
    // The Forecast project's id first, so the (project, date) index bounds the rows read.
    `SELECT tr.person_id, to_char(tr.date, 'YYYY-MM-DD') AS date, SUM(tr.billable_minutes)::int AS minutes
       FROM forecast_time_registrations tr
      WHERE tr.forecast_project_id = (SELECT forecast_project_id FROM projects WHERE id = $1)
        AND tr.date BETWEEN $2::date AND $3::date AND tr.billable_minutes > 0
      GROUP BY tr.person_id, tr.date`,
    [projectId, range.from, range.to],
  );
  return rows.map((r) => ({ personId: Number(r.person_id), date: r.date, minutes: r.minutes }));
}

/** Tickets counted with the sum of their points and how many carry none. */
export interface TicketCount {
  count: number;
  points: number;
  unestimated: number;
}

/** Whether the project is on the dashboard and its Jira key: what a forecast needs of it. */
export async function readForecastProject(
  db: Db,
  projectId: number,
): Promise<{ visible: boolean; jiraProjectKey: string | null } | null> {
  const [row] = await db.query<{ visible: number; jira_project_key: string | null }>(
    'SELECT visible, jira_project_key FROM projects WHERE id = $1',
    [projectId],
  );
  return row ? { visible: row.visible === 1, jiraProjectKey: row.jira_project_key } : null;
}

/** Open epics (some ticket not done) with the tickets left, by key number: PAY-9 before PAY-10. */
export async function readOpenEpics(
  db: Db,
  projectId: number,
): Promise<({ key: string } & TicketCount)[]> {
  const rows = await db.query<{ key: string } & TicketCount>(
    `SELECT e.epic_key AS key, count(*)::int AS count,
            coalesce(sum(i.story_points), 0)::float8 AS points,
            (count(*) - count(i.story_points))::int AS unestimated
       FROM jira_epics e
       JOIN jira_issues i ON i.project_id = e.project_id AND i.epic_key = e.epic_key
      WHERE e.project_id = $1 AND i.status_category_key <> 'done'
      GROUP BY e.epic_key
      ORDER BY split_part(e.epic_key, '-', 1), length(e.epic_key), e.epic_key`,
    [projectId],
  );
  return rows.map((r) => ({ ...r, points: Number(r.points) }));
}

/** The project's first active sprint with its tickets by status; null when none is active. */
export async function readActiveSprint(
  db: Db,
  projectId: number,
  timeZone: string,
): Promise<{
  name: string;
  endDate: IsoDate | null;
  groups: ({ statusName: string; statusCategoryKey: string } & TicketCount)[];
} | null> {
  const rows = await db.query<{
    name: string;
    end_date: string | null;
    status_name: string | null;
    status_category_key: string | null;
    n: number;
    points: number;
    unestimated: number;
  }>(
    `WITH sprint AS (
       SELECT sprint_id, name, end_date FROM jira_sprints
        WHERE project_id = $1 AND lower(state) = 'active' ORDER BY position LIMIT 1)
     SELECT s.name, to_char(s.end_date AT TIME ZONE $2, 'YYYY-MM-DD') AS end_date,
            i.status_name, i.status_category_key, count(i.issue_key)::int AS n,
            coalesce(sum(i.story_points), 0)::float8 AS points,
            (count(i.issue_key) - count(i.story_points))::int AS unestimated
       FROM sprint s
       LEFT JOIN jira_issues i ON i.project_id = $1 AND s.sprint_id = ANY(i.sprint_ids)
      GROUP BY s.name, s.end_date, i.status_name, i.status_category_key`,
    [projectId, timeZone],
  );
  const first = rows[0];
  if (!first) return null;
  return {
    name: first.name,
    endDate: first.end_date,
    groups: rows.flatMap((r) =>
      r.status_name === null
        ? []
        : [
            {
              statusName: r.status_name,
              statusCategoryKey: r.status_category_key ?? '',
              count: r.n,
              points: Number(r.points),
              unestimated: r.unestimated,
            },
          ],
    ),
  };
}
