/**
 * Story points moved to done, per project and day, from the synced Jira tables
 * (docs/decisions/172): issues now in a done-category status, dated by their latest change into
 * that status, the day taken in the agency's time zone. The caller leaves out the descoped
 * statuses by the one rule for them (isDescopedStatus).
 */
import type { IsoDate } from '../shared/calendar';
import type { Db } from './port';

export interface DonePoints {
  projectId: number;
  /** The day the issue moved to done, in the agency's time zone. */
  day: IsoDate;
  statusName: string;
  points: number;
}

const DONE_POINTS_SQL = `
  SELECT i.project_id AS "projectId", to_char(d.at AT TIME ZONE $3, 'YYYY-MM-DD') AS day,
         i.status_name AS "statusName", SUM(i.story_points)::float8 AS points
  FROM jira_issues i
  CROSS JOIN LATERAL (
    SELECT max(t.at) AS at FROM jira_status_transitions t
    WHERE t.project_id = i.project_id AND t.issue_key = i.issue_key
      AND (t.to_status_id = i.status_id OR (t.to_status_id IS NULL AND lower(t.to_status_name) = lower(i.status_name)))
  ) d
  WHERE i.status_category_key = 'done' AND i.story_points > 0 AND d.at IS NOT NULL
    AND ($1::timestamptz IS NULL OR d.at >= $1::timestamptz) AND ($2::timestamptz IS NULL OR d.at < $2::timestamptz)
  GROUP BY 1, 2, 3`;

/** Points done in [from, to) (either bound may be null), on every project linked to Jira. */
export async function readDonePoints(
  db: Db,
  range: { from: Date | null; to: Date | null; timeZone: string },
): Promise<DonePoints[]> {
  const rows = await db.query<DonePoints>(DONE_POINTS_SQL, [
    range.from?.toISOString() ?? null,
    range.to?.toISOString() ?? null,
    range.timeZone,
  ]);
  return rows.map((r) => ({ ...r, points: Number(r.points) }));
}
