/**
 * Reads of the stored Jira data for pages and APIs: plain SQL over sql/0002_jira.sql, no call
 * to Jira. Dates leave as 'YYYY-MM-DD' in the agency's time zone; instants as ISO strings.
 */
import type { Db } from '../../db/port';
import type { CompletedTicketResult } from '../../shared/story-points';
import { completionRate, isBlockedStatus, type JiraOverview } from '../../shared/tickets';
import { tallyTickets } from './model';

/** Orders issue keys of one project by their number: PAY-9 before PAY-10. */
const BY_KEY = (column: string) => `split_part(${column}, '-', 1), length(${column}), ${column}`;

/**
 * The overview of one project's stored Jira data, or null when the project does not exist or
 * is not linked. Sprints come in Jira's order (closed, active, future); epics and tickets by key.
 */
export async function getJiraOverview(
  db: Db,
  projectId: number,
  { timeZone = 'UTC' }: { timeZone?: string } = {},
): Promise<JiraOverview | null> {
  const [project] = await db.query<{ jira_project_key: string | null }>(
    'SELECT jira_project_key FROM projects WHERE id = $1',
    [projectId],
  );
  if (!project?.jira_project_key) return null;

  const [tickets, sprintRows, epicRows] = await Promise.all([
    db.query<{ issue_key: string; status_name: string; status_category_key: string }>(
      `SELECT issue_key, status_name, status_category_key FROM jira_issues WHERE project_id = $1 ORDER BY ${BY_KEY('issue_key')}`,
      [projectId],
    ),
    db.query<{
      sprint_id: number;
      state: string;
      name: string;
      start_date: string | null;
      end_date: string | null;
      goal: string;
      status_name: string | null;
      status_category_key: string | null;
      n: number;
    }>(
      `SELECT s.sprint_id, s.state, s.name, s.goal, s.position,
         to_char(s.start_date AT TIME ZONE $2, 'YYYY-MM-DD') AS start_date,
         to_char(s.end_date AT TIME ZONE $2, 'YYYY-MM-DD') AS end_date,
         i.status_name, i.status_category_key, count(i.issue_key)::int AS n
       FROM jira_sprints s
       LEFT JOIN jira_issues i ON i.project_id = s.project_id AND s.sprint_id = ANY(i.sprint_ids)
       WHERE s.project_id = $1
       GROUP BY s.sprint_id, s.state, s.name, s.goal, s.position, s.start_date, s.end_date, i.status_name, i.status_category_key
       ORDER BY s.position`,
      [projectId, timeZone],
    ),
    db.query<{
      epic_key: string;
      name: string;
      status_name: string;
      tickets: number;
      completed: number;
    }>(
      `SELECT e.epic_key, e.name, e.status_name, count(i.issue_key)::int AS tickets,
         count(i.issue_key) FILTER (WHERE i.status_category_key = 'done')::int AS completed
       FROM jira_epics e
       LEFT JOIN jira_issues i ON i.project_id = e.project_id AND i.epic_key = e.epic_key
       WHERE e.project_id = $1
       GROUP BY e.epic_key, e.name, e.status_name
       ORDER BY ${BY_KEY('e.epic_key')}`,
      [projectId],
    ),
  ]);

  const ticketsByStatus: Record<string, number> = {};
  let completedTickets = 0;
  for (const t of tickets) {
    ticketsByStatus[t.status_name] = (ticketsByStatus[t.status_name] ?? 0) + 1;
    if (t.status_category_key === 'done') completedTickets++;
  }

  const sprints = new Map<
    number,
    {
      row: (typeof sprintRows)[number];
      groups: { statusName: string; statusCategoryKey: string; count: number }[];
    }
  >();
  for (const row of sprintRows) {
    const entry = sprints.get(row.sprint_id) ?? { row, groups: [] };
    if (row.status_name !== null)
      entry.groups.push({
        statusName: row.status_name,
        statusCategoryKey: row.status_category_key ?? '',
        count: row.n,
      });
    sprints.set(row.sprint_id, entry);
  }

  return {
    totalTickets: tickets.length,
    completedTickets,
    tickets: tickets.map((t) => ({ key: t.issue_key, status: { name: t.status_name } })),
    ticketsByStatus,
    sprints: [...sprints.values()].map(({ row, groups }) => {
      const tally = tallyTickets(groups);
      return {
        state: row.state,
        name: row.name,
        startDate: row.start_date,
        endDate: row.end_date,
        goal: row.goal,
        totalTickets: tally.total,
        completedTickets: tally.completed,
        descopedTickets: tally.descoped,
        blockedTickets: tally.blocked,
      };
    }),
    epics: epicRows.map((e) => ({
      key: e.epic_key,
      name: e.name,
      status: { name: e.status_name },
      tickets: e.tickets,
      completedTickets: e.completed,
      completionPercentage: completionRate(e.completed, e.tickets),
    })),
  };
}

export interface QaRange {
  /** Included. */
  from: Date;
  /** Excluded: pass the next Monday 00:00 for a week (metrics.weekRangeInZone). */
  to: Date;
  /** The status name tickets enter, matched in any case as JQL does (default 'Ready for QA Testing'). */
  qaStatus?: string;
}

export const DEFAULT_QA_STATUS = 'Ready for QA Testing';

/**
 * Tasks, Bugs and Stories that entered the QA status in [from, to), once each however often
 * they entered it, across every project linked on the dashboard. Driven from the week's
 * transitions (jira_transitions_to_status_at_idx) with each issue then fetched by its key, so
 * the cost follows the week's tickets, not the whole site: a join left to the planner hashed
 * every stored issue. OFFSET 0 keeps the lookup a per-key index probe.
 */
const ENTERED_QA = `
  SELECT DISTINCT ON (i.issue_key) i.issue_key, i.summary, i.status_name, p.name AS project_name,
    i.assignee_account_id, i.assignee_display_name, i.updated_at, i.story_points
  FROM (
    SELECT DISTINCT project_id, issue_key FROM jira_status_transitions
    WHERE lower(to_status_name) = lower($3) AND at >= $1 AND at < $2
  ) t
  CROSS JOIN LATERAL (
    SELECT * FROM jira_issues i
    WHERE i.project_id = t.project_id AND i.issue_key = t.issue_key
      AND lower(i.issue_type) IN ('task', 'bug', 'story')
    OFFSET 0
  ) i
  JOIN projects p ON p.id = t.project_id AND p.jira_project_key IS NOT NULL
  ORDER BY i.issue_key, p.id`;

/**
 * The 'Completed-ticket result' (docs/product-spec.md, "Entities and their fields") for a week's
 * 'Tickets Ready for QA Testing' and for the story points chart's date range: the same tickets, so
 * the week's Total Story Points and the chart's total for that week always agree (decision 013).
 */
export async function readyForQaTickets(db: Db, range: QaRange): Promise<CompletedTicketResult> {
  const rows = await db.query<{
    issue_key: string;
    summary: string;
    status_name: string;
    project_name: string;
    assignee_display_name: string | null;
    updated_at: Date;
    story_points: number | null;
  }>(`SELECT * FROM (${ENTERED_QA}) q ORDER BY ${BY_KEY('q.issue_key')}`, [
    range.from.toISOString(),
    range.to.toISOString(),
    range.qaStatus ?? DEFAULT_QA_STATUS,
  ]);
  return {
    totalCompleted: rows.length,
    tickets: rows.map((r) => ({
      key: r.issue_key,
      status: { name: r.status_name },
      projectName: r.project_name,
      summary: r.summary,
      ...(r.assignee_display_name !== null
        ? { assignee: { displayName: r.assignee_display_name } }
        : {}),
      updated: r.updated_at.toISOString(),
      storyPoints: r.story_points,
    })),
  };
}

/**
 * Blocked tickets in each project's active sprint (docs/product-spec.md, "Project detail modal"):
 * one query for every linked project, for the blocked-tickets alert.
 */
export async function activeSprintBlocked(
  db: Db,
): Promise<{ projectId: number; sprintName: string; blocked: number }[]> {
  const rows = await db.query<{
    project_id: number;
    name: string;
    status_name: string | null;
    n: number;
  }>(
    `SELECT s.project_id, s.name, i.status_name, count(i.issue_key)::int AS n
       FROM jira_sprints s
       JOIN jira_issues i ON i.project_id = s.project_id AND s.sprint_id = ANY(i.sprint_ids)
      WHERE s.state = 'active'
      GROUP BY s.project_id, s.sprint_id, s.name, i.status_name`,
  );
  const byProject = new Map<number, { projectId: number; sprintName: string; blocked: number }>();
  for (const r of rows) {
    const entry = byProject.get(r.project_id) ?? {
      projectId: r.project_id,
      sprintName: r.name,
      blocked: 0,
    };
    if (r.status_name && isBlockedStatus(r.status_name)) entry.blocked += r.n;
    byProject.set(r.project_id, entry);
  }
  return [...byProject.values()];
}
