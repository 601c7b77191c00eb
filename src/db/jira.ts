/**
 * The Jira tables (sql/0002_jira.sql): the snapshot of each linked project's issues, epics,
 * sprints and status changes, and the reads of them. Every write takes the transaction it runs
 * in: the sync calls them inside one, so a failure leaves the previous data exactly as it was.
 * Dates leave the reads as 'YYYY-MM-DD' in the asked time zone; the rules over the rows (tallies,
 * blocked, completion) stay in src/services/jira/.
 */
import { bulkInsert } from './bulk';
import type { Db } from './port';

/** A ticket as the dashboard stores it. */
export interface JiraTicket {
  id: string;
  key: string;
  summary: string;
  issueType: string;
  statusId: string | null;
  statusName: string;
  statusCategoryKey: string;
  assignee: { accountId: string; displayName: string } | null;
  storyPoints: number | null;
  created: Date | null;
  updated: Date;
  epicKey: string | null;
  sprintIds: number[];
}

/** An epic as the dashboard stores it. */
export interface JiraEpic {
  id: string;
  key: string;
  name: string;
  statusName: string;
  statusCategoryKey: string;
}

export interface StoredSprint {
  id: number;
  boardId: number;
  state: string;
  name: string;
  startDate: Date | null;
  endDate: Date | null;
  completeDate: Date | null;
  goal: string;
}

/** A status change as stored: one change of one issue's status, named by the issue's key. */
export interface StoredTransition {
  issueKey: string;
  historyId: string;
  at: Date;
  fromStatusId: string | null;
  fromStatusName: string | null;
  toStatusId: string | null;
  toStatusName: string;
}

export interface JiraSnapshot {
  tickets: JiraTicket[];
  epics: JiraEpic[];
  /** Every sprint of the project's board, in Jira's order. */
  sprints: StoredSprint[];
  /** The status changes of `tickets` (all of them, for each ticket present). */
  transitions: StoredTransition[];
  /** The story points and sprint field ids the issues were read with. */
  fieldIds?: { storyPoints: string[]; sprint: string | null };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const UPSERT_TICKETS = `
  INSERT INTO jira_issues (project_id, issue_key, issue_id, summary, issue_type, status_id, status_name, status_category_key,
    assignee_account_id, assignee_display_name, story_points, created_at, updated_at, epic_key, sprint_ids)
  SELECT x.project_id, x.issue_key, x.issue_id, x.summary, x.issue_type, x.status_id, x.status_name, x.status_category_key,
    x.assignee_account_id, x.assignee_display_name, x.story_points, x.created_at, x.updated_at, x.epic_key,
    ARRAY(SELECT jsonb_array_elements_text(x.sprint_ids)::bigint)
  FROM jsonb_to_recordset($1::text::jsonb) AS x(project_id integer, issue_key text, issue_id text, summary text, issue_type text,
    status_id text, status_name text, status_category_key text, assignee_account_id text, assignee_display_name text,
    story_points numeric, created_at timestamptz, updated_at timestamptz, epic_key text, sprint_ids jsonb)
  ON CONFLICT (project_id, issue_key) DO UPDATE SET
    issue_id = excluded.issue_id, summary = excluded.summary, issue_type = excluded.issue_type, status_id = excluded.status_id,
    status_name = excluded.status_name, status_category_key = excluded.status_category_key,
    assignee_account_id = excluded.assignee_account_id, assignee_display_name = excluded.assignee_display_name,
    story_points = excluded.story_points, created_at = excluded.created_at, updated_at = excluded.updated_at,
    epic_key = excluded.epic_key, sprint_ids = excluded.sprint_ids
  -- A change older than the stored one is ignored: deliveries and the catch-up arrive in any order.
  WHERE jira_issues.updated_at <= excluded.updated_at`;

const UPSERT_EPICS = `
  INSERT INTO jira_epics (project_id, epic_key, issue_id, name, status_name, status_category_key)
  SELECT x.project_id, x.epic_key, x.issue_id, x.name, x.status_name, x.status_category_key
  FROM jsonb_to_recordset($1::text::jsonb) AS x(project_id integer, epic_key text, issue_id text, name text, status_name text, status_category_key text)
  ON CONFLICT (project_id, epic_key) DO UPDATE SET
    issue_id = excluded.issue_id, name = excluded.name, status_name = excluded.status_name, status_category_key = excluded.status_category_key`;

const INSERT_SPRINTS = `
  INSERT INTO jira_sprints (project_id, sprint_id, board_id, state, name, start_date, end_date, complete_date, goal, position, seen_at)
  SELECT x.project_id, x.sprint_id, x.board_id, x.state, x.name, x.start_date, x.end_date, x.complete_date, x.goal, x.position, now()
  FROM jsonb_to_recordset($1::text::jsonb) AS x(project_id integer, sprint_id bigint, board_id bigint, state text, name text,
    start_date timestamptz, end_date timestamptz, complete_date timestamptz, goal text, position integer)
  ON CONFLICT (project_id, sprint_id) DO NOTHING`;

const INSERT_TRANSITIONS = `
  INSERT INTO jira_status_transitions (project_id, issue_key, history_id, at, from_status_id, from_status_name, to_status_id, to_status_name)
  SELECT x.project_id, x.issue_key, x.history_id, x.at, x.from_status_id, x.from_status_name, x.to_status_id, x.to_status_name
  FROM jsonb_to_recordset($1::text::jsonb) AS x(project_id integer, issue_key text, history_id text, at timestamptz,
    from_status_id text, from_status_name text, to_status_id text, to_status_name text)
  ON CONFLICT (project_id, issue_key, history_id) DO NOTHING`;

async function writeTickets(tx: Db, projectId: number, tickets: readonly JiraTicket[]) {
  await bulkInsert(
    tx,
    UPSERT_TICKETS,
    tickets.map((t) => ({
      project_id: projectId,
      issue_key: t.key,
      issue_id: t.id,
      summary: t.summary,
      issue_type: t.issueType,
      status_id: t.statusId,
      status_name: t.statusName,
      status_category_key: t.statusCategoryKey,
      assignee_account_id: t.assignee?.accountId ?? null,
      assignee_display_name: t.assignee?.displayName ?? null,
      story_points: t.storyPoints,
      created_at: iso(t.created),
      updated_at: iso(t.updated),
      epic_key: t.epicKey,
      sprint_ids: t.sprintIds,
    })),
  );
}

async function writeEpics(tx: Db, projectId: number, epics: readonly JiraEpic[]) {
  await bulkInsert(
    tx,
    UPSERT_EPICS,
    epics.map((e) => ({
      project_id: projectId,
      epic_key: e.key,
      issue_id: e.id,
      name: e.name,
      status_name: e.statusName,
      status_category_key: e.statusCategoryKey,
    })),
  );
}

async function writeSprints(tx: Db, projectId: number, sprints: readonly StoredSprint[]) {
  await tx.query('DELETE FROM jira_sprints WHERE project_id = $1', [projectId]);
  await bulkInsert(
    tx,
    INSERT_SPRINTS,
    sprints.map((s, position) => ({
      project_id: projectId,
      sprint_id: s.id,
      board_id: s.boardId,
      state: s.state,
      name: s.name,
      start_date: iso(s.startDate),
      end_date: iso(s.endDate),
      complete_date: iso(s.completeDate),
      goal: s.goal,
      position,
    })),
  );
}

/** Adds status changes not yet stored (a change is one history id: a repeat changes nothing). */
export async function addTransitions(
  tx: Db,
  projectId: number,
  transitions: readonly StoredTransition[],
): Promise<void> {
  await writeTransitions(tx, projectId, transitions);
}

/**
 * Applies tickets changed upstream (an issue event, the catch-up): each row is written only when
 * it is newer than the stored one (docs/decisions/401-apply-once-per-entity.md).
 */
export async function applyTickets(
  tx: Db,
  projectId: number,
  tickets: readonly JiraTicket[],
): Promise<void> {
  await writeTickets(tx, projectId, tickets);
}

/** Writes epics as read (they carry no change time; the newest read is what Jira has). */
export async function upsertEpics(
  tx: Db,
  projectId: number,
  epics: readonly JiraEpic[],
): Promise<void> {
  await writeEpics(tx, projectId, epics);
}

/** When each of these tickets last changed, as stored (epoch ms by key). */
export async function storedTicketTimes(
  tx: Db,
  projectId: number,
  keys: readonly string[],
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await tx.query<{ issue_key: string; updated_at: Date }>(
    `SELECT issue_key, updated_at FROM jira_issues
      WHERE project_id = $1 AND issue_key IN (SELECT jsonb_array_elements_text($2::text::jsonb))`,
    [projectId, JSON.stringify(keys)],
  );
  return new Map(rows.map((r) => [r.issue_key, r.updated_at.getTime()]));
}

/** Removes a deleted issue from every project that stored it; returns those projects. */
export async function deleteIssue(tx: Db, issueId: string): Promise<number[]> {
  const rows = await tx.query<{ project_id: number }>(
    'DELETE FROM jira_issues WHERE issue_id = $1 RETURNING project_id',
    [issueId],
  );
  return [...new Set(rows.map((r) => r.project_id))];
}

/**
 * Applies one sprint as a sprint event tells it at `at`: the stored rows of that sprint are
 * updated unless a sync or a later event brought it in after `at`; a new sprint joins the
 * projects whose board it belongs to, after their other sprints. Returns the projects changed.
 */
export async function applySprint(tx: Db, sprint: StoredSprint, at: Date): Promise<number[]> {
  const updated = await tx.query<{ project_id: number }>(
    `UPDATE jira_sprints SET state = $2, name = $3, start_date = $4, end_date = $5, complete_date = $6,
            goal = $7, seen_at = $8
      WHERE sprint_id = $1 AND (seen_at IS NULL OR seen_at <= $8)
      RETURNING project_id`,
    [
      sprint.id,
      sprint.state,
      sprint.name,
      sprint.startDate,
      sprint.endDate,
      sprint.completeDate,
      sprint.goal,
      at,
    ],
  );
  const added = await tx.query<{ project_id: number }>(
    `INSERT INTO jira_sprints (project_id, sprint_id, board_id, state, name, start_date, end_date, complete_date, goal, position, seen_at)
     SELECT s.project_id, $1, $2, $3, $4, $5, $6, $7, $8, max(s.position) + 1, $9
       FROM jira_sprints s
      WHERE s.board_id = $2
        AND NOT EXISTS (SELECT 1 FROM jira_sprints o WHERE o.project_id = s.project_id AND o.sprint_id = $1)
      GROUP BY s.project_id
     ON CONFLICT (project_id, sprint_id) DO NOTHING
     RETURNING project_id`,
    [
      sprint.id,
      sprint.boardId,
      sprint.state,
      sprint.name,
      sprint.startDate,
      sprint.endDate,
      sprint.completeDate,
      sprint.goal,
      at,
    ],
  );
  return [...new Set([...updated, ...added].map((r) => r.project_id))];
}

async function writeTransitions(
  tx: Db,
  projectId: number,
  transitions: readonly StoredTransition[],
) {
  await bulkInsert(
    tx,
    INSERT_TRANSITIONS,
    transitions.map((t) => ({
      project_id: projectId,
      issue_key: t.issueKey,
      history_id: t.historyId,
      at: t.at.toISOString(),
      from_status_id: t.fromStatusId,
      from_status_name: t.fromStatusName,
      to_status_id: t.toStatusId,
      to_status_name: t.toStatusName,
    })),
  );
}

/** Replaces everything stored for the project with `snapshot` (a link, or a full sync). */
export async function replaceJiraData(
  tx: Db,
  projectId: number,
  snapshot: JiraSnapshot,
): Promise<void> {
  // Transitions go with their issues (ON DELETE CASCADE).
  await tx.query('DELETE FROM jira_issues WHERE project_id = $1', [projectId]);
  await tx.query('DELETE FROM jira_epics WHERE project_id = $1', [projectId]);
  await writeTickets(tx, projectId, snapshot.tickets);
  await writeEpics(tx, projectId, snapshot.epics);
  await writeSprints(tx, projectId, snapshot.sprints);
  await writeTransitions(tx, projectId, snapshot.transitions);
}

/**
 * Merges the issues changed since the last sync: their rows and their whole status history
 * are rewritten, the rest stays. Sprints are always read in full, so they are replaced.
 */
export async function mergeJiraData(
  tx: Db,
  projectId: number,
  snapshot: JiraSnapshot,
): Promise<void> {
  const keys = snapshot.tickets.map((t) => t.key);
  if (keys.length > 0) {
    await tx.query(
      'DELETE FROM jira_status_transitions WHERE project_id = $1 AND issue_key IN (SELECT jsonb_array_elements_text($2::text::jsonb))',
      [projectId, JSON.stringify(keys)],
    );
  }
  await writeTickets(tx, projectId, snapshot.tickets);
  await writeEpics(tx, projectId, snapshot.epics);
  await writeSprints(tx, projectId, snapshot.sprints);
  await writeTransitions(tx, projectId, snapshot.transitions);
}

/** Tickets of one status: the groups the sprint and epic tallies count. */
export interface StatusGroup {
  statusName: string;
  statusCategoryKey: string;
  count: number;
}

export interface JiraCounts {
  tickets: { total: number; completed: number };
  epics: { total: number; completed: number };
  /** The tickets under the project's epics, and of them those done (Epic Progress's share). */
  epicTickets: { total: number; completed: number };
  /** The board's first active sprint with its tickets grouped by status, or null. */
  activeSprint: { name: string; groups: StatusGroup[] } | null;
}

/** The counts the project's Jira summary columns are computed from, read from the stored rows. */
export async function readJiraCounts(tx: Db, projectId: number): Promise<JiraCounts> {
  const [tickets] = await tx.query<{ total: number; completed: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE status_category_key = 'done')::int AS completed
     FROM jira_issues WHERE project_id = $1`,
    [projectId],
  );
  const [epics] = await tx.query<{ total: number; completed: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE status_category_key = 'done')::int AS completed
     FROM jira_epics WHERE project_id = $1`,
    [projectId],
  );
  // The tickets the detail modal lists under each epic, counted the same way.
  const [epicTickets] = await tx.query<{ total: number; completed: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE i.status_category_key = 'done')::int AS completed
     FROM jira_epics e JOIN jira_issues i ON i.project_id = e.project_id AND i.epic_key = e.epic_key
     WHERE e.project_id = $1`,
    [projectId],
  );
  const [active] = await tx.query<{ sprint_id: number; name: string }>(
    `SELECT sprint_id, name FROM jira_sprints WHERE project_id = $1 AND state = 'active' ORDER BY position LIMIT 1`,
    [projectId],
  );
  let activeSprint: JiraCounts['activeSprint'] = null;
  if (active) {
    const groups = await tx.query<{ status_name: string; status_category_key: string; n: number }>(
      `SELECT status_name, status_category_key, count(*)::int AS n FROM jira_issues
       WHERE project_id = $1 AND $2::bigint = ANY(sprint_ids) GROUP BY status_name, status_category_key`,
      [projectId, active.sprint_id],
    );
    activeSprint = {
      name: active.name,
      groups: groups.map((g) => ({
        statusName: g.status_name,
        statusCategoryKey: g.status_category_key,
        count: g.n,
      })),
    };
  }
  return {
    tickets: tickets ?? { total: 0, completed: 0 },
    epics: epics ?? { total: 0, completed: 0 },
    epicTickets: epicTickets ?? { total: 0, completed: 0 },
    activeSprint,
  };
}

/**
 * Refreshes the planner's statistics of the Jira tables after a write. PGlite never runs
 * autovacuum, and without statistics Postgres joined a week's QA transitions to their issues by
 * scanning the whole project once per transition (0.4 s instead of 3 ms for 3,000 issues).
 * Statistics only speed reads up, so a failure here does not fail the sync that wrote the data.
 */
export async function analyzeJiraTables(db: Db): Promise<void> {
  await db
    .query('ANALYZE jira_issues, jira_epics, jira_sprints, jira_status_transitions')
    .catch(() => undefined);
}

/** Orders issue keys of one project by their number: PAY-9 before PAY-10. */
const BY_KEY = (column: string) => `split_part(${column}, '-', 1), length(${column}), ${column}`;

export interface OverviewSprintRow {
  sprintId: number;
  state: string;
  name: string;
  startDate: string | null;
  endDate: string | null;
  goal: string;
  /** The sprint's tickets by status; a sprint without tickets has none. */
  groups: StatusGroup[];
}

export interface OverviewEpicRow {
  key: string;
  name: string;
  statusName: string;
  tickets: number;
  completed: number;
}

export interface JiraOverviewRows {
  /** Every ticket by key. */
  tickets: { key: string; statusName: string; statusCategoryKey: string }[];
  /** Sprints in Jira's order (closed, active, future). */
  sprints: OverviewSprintRow[];
  /** Epics by key, with how many of their tickets there are and how many are done. */
  epics: OverviewEpicRow[];
}

/** One project's stored tickets, sprints and epics, read together for its Jira overview. */
export async function readJiraOverviewRows(
  db: Db,
  projectId: number,
  timeZone: string,
): Promise<JiraOverviewRows> {
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

  const sprints = new Map<number, OverviewSprintRow>();
  for (const row of sprintRows) {
    const sprint = sprints.get(row.sprint_id) ?? {
      sprintId: row.sprint_id,
      state: row.state,
      name: row.name,
      startDate: row.start_date,
      endDate: row.end_date,
      goal: row.goal,
      groups: [],
    };
    if (row.status_name !== null)
      sprint.groups.push({
        statusName: row.status_name,
        statusCategoryKey: row.status_category_key ?? '',
        count: row.n,
      });
    sprints.set(row.sprint_id, sprint);
  }

  return {
    tickets: tickets.map((t) => ({
      key: t.issue_key,
      statusName: t.status_name,
      statusCategoryKey: t.status_category_key,
    })),
    sprints: [...sprints.values()],
    epics: epicRows.map((e) => ({
      key: e.epic_key,
      name: e.name,
      statusName: e.status_name,
      tickets: e.tickets,
      completed: e.completed,
    })),
  };
}

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

export interface EnteredQaRow {
  key: string;
  summary: string;
  statusName: string;
  projectName: string;
  assigneeAccountId: string | null;
  assigneeDisplayName: string | null;
  updated: Date;
  storyPoints: number | null;
}

/** The tickets that entered `qaStatus` in [from, to), by key (ENTERED_QA). */
export async function readEnteredQa(
  db: Db,
  { from, to, qaStatus }: { from: Date; to: Date; qaStatus: string },
): Promise<EnteredQaRow[]> {
  const rows = await db.query<{
    issue_key: string;
    summary: string;
    status_name: string;
    project_name: string;
    assignee_account_id: string | null;
    assignee_display_name: string | null;
    updated_at: Date;
    story_points: number | null;
  }>(`SELECT * FROM (${ENTERED_QA}) q ORDER BY ${BY_KEY('q.issue_key')}`, [
    from.toISOString(),
    to.toISOString(),
    qaStatus,
  ]);
  return rows.map((r) => ({
    key: r.issue_key,
    summary: r.summary,
    statusName: r.status_name,
    projectName: r.project_name,
    assigneeAccountId: r.assignee_account_id,
    assigneeDisplayName: r.assignee_display_name,
    updated: r.updated_at,
    storyPoints: r.story_points,
  }));
}

export interface ActiveSprintStatusRow {
  projectId: number;
  sprintName: string;
  statusName: string | null;
  count: number;
}

/** The tickets of every project's active sprint, counted by status: one query for all projects. */
export async function readActiveSprintStatuses(db: Db): Promise<ActiveSprintStatusRow[]> {
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
  return rows.map((r) => ({
    projectId: r.project_id,
    sprintName: r.name,
    statusName: r.status_name,
    count: r.n,
  }));
}
