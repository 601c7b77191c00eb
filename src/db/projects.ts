import type { CurrencyCode } from '../shared/currency';
import type { DevStatus } from '../shared/dev-status';
import { roundMoney } from '../shared/money';
import type { Project, TeamName } from '../shared/projects';
import { type Db, jsonValue } from './port';

/** The projects table's row, as a plain SELECT returns it (other modules pick the columns they read). */
export interface ProjectRow {
  id: number;
  name: string;
  dev_status: string;
  total_tickets: number;
  completed_tickets: number;
  total_epics: number;
  completed_epics: number;
  epic_tickets: number;
  completed_epic_tickets: number;
  billing_sent_percentage: number;
  billing_paid_percentage: number;
  current_sprint_name: string | null;
  sprint_completion_percentage: number;
  team_name: TeamName | null;
  current_sprint_number: number;
  total_sprints: number;
  client_hourly_rate: number | null;
  forecast_project_id: number | null;
  forecast_company_project_id: number | null;
  forecast_project_value: number;
  forecast_total_created: number;
  forecast_total_invoiced: number;
  forecast_total_sent: number;
  forecast_total_paid: number;
  forecast_overdue_amount: number;
  /** The currency of the forecast_total_* amounts; null before the project's first invoice. */
  forecast_currency: string | null;
  forecast_retainer_periods_completed: number;
  forecast_retainer_periods_total: number;
  forecast_budget_type: string | null;
  forecast_status: string | null;
  forecast_stage: string | null;
  last_forecast_sync: Date | null;
  jira_project_key: string | null;
  jira_total_tickets: number;
  jira_completed_tickets: number;
  jira_current_sprint_name: string | null;
  jira_sprint_completion_percentage: number;
  last_jira_sync: Date | null;
  visible: number;
}

type SprintJson = {
  id: number;
  name: string;
  total_tickets: number;
  completed_tickets: number;
  goal_hours: number | string;
  actual_hours: number | string;
};

/** A project read out of JSON: inside JSON, timestamps arrive as ISO strings. */
type ProjectJson = Omit<ProjectRow, 'last_forecast_sync' | 'last_jira_sync'> & {
  last_forecast_sync: string | null;
  last_jira_sync: string | null;
};

// Amounts are numeric in the database and numbers inside JSON; normalise to two decimals.
const money = (v: number | string | null) => roundMoney(Number(v ?? 0));
const iso = (d: string | null) => (d ? new Date(d).toISOString() : null);

// Its sprints and first overdue date come beside the row, not spread into a copy of it: a
// portfolio of a thousand projects would copy a thousand rows of thirty fields.
function toProject(r: ProjectJson, sprints: SprintJson[], overdueSince: string | null): Project {
  return {
    id: r.id,
    name: r.name,
    devStatus: r.dev_status,
    totalTickets: r.total_tickets,
    completedTickets: r.completed_tickets,
    totalEpics: r.total_epics,
    completedEpics: r.completed_epics,
    epicTickets: r.epic_tickets,
    completedEpicTickets: r.completed_epic_tickets,
    billingSentPercentage: r.billing_sent_percentage,
    billingPaidPercentage: r.billing_paid_percentage,
    currentSprintName: r.current_sprint_name,
    sprintCompletionPercentage: r.sprint_completion_percentage,
    teamName: r.team_name,
    currentSprintNumber: r.current_sprint_number,
    totalSprints: r.total_sprints,
    clientHourlyRate: r.client_hourly_rate === null ? null : money(r.client_hourly_rate),
    forecastProjectId: r.forecast_project_id,
    forecastCompanyProjectId: r.forecast_company_project_id ?? null,
    forecastProjectValue: money(r.forecast_project_value),
    forecastTotalCreated: money(r.forecast_total_created),
    forecastTotalInvoiced: money(r.forecast_total_invoiced),
    forecastTotalSent: money(r.forecast_total_sent),
    forecastTotalPaid: money(r.forecast_total_paid),
    forecastOverdueAmount: money(r.forecast_overdue_amount),
    forecastCurrency: r.forecast_currency,
    forecastRetainerPeriodsCompleted: r.forecast_retainer_periods_completed,
    forecastRetainerPeriodsTotal: r.forecast_retainer_periods_total,
    forecastBudgetType: r.forecast_budget_type,
    forecastStatus: r.forecast_status,
    forecastStage: r.forecast_stage,
    lastForecastSync: iso(r.last_forecast_sync),
    jiraProjectKey: r.jira_project_key,
    jiraTotalTickets: r.jira_total_tickets,
    jiraCompletedTickets: r.jira_completed_tickets,
    jiraCurrentSprintName: r.jira_current_sprint_name,
    jiraSprintCompletionPercentage: r.jira_sprint_completion_percentage,
    lastJiraSync: iso(r.last_jira_sync),
    visible: r.visible === 0 ? 0 : 1,
    overdueSince,
    sprints: sprints.map((s) => ({
      id: s.id,
      name: s.name,
      totalTickets: s.total_tickets,
      completedTickets: s.completed_tickets,
      goalHours: money(s.goal_hours),
      actualHours: money(s.actual_hours),
    })),
  };
}

// One statement whatever the number of projects, answering one JSON value: the projects with
// their sprints (grouped once, not per project). A single JSON value is several times faster
// than a hundred wide rows on PGlite, and no slower on PostgreSQL.
const SELECT_PROJECTS = (where: string) => `
  SELECT COALESCE(json_agg(json_build_object('p', p, 'sprints', s.sprints, 'overdueSince', o.overdue_since) ORDER BY lower(p.name), p.id), '[]'::json) AS projects
  FROM projects p
  LEFT JOIN (
    SELECT sp.project_id, json_agg(json_build_object(
      'id', sp.id, 'name', sp.name, 'total_tickets', sp.total_tickets, 'completed_tickets', sp.completed_tickets,
      'goal_hours', sp.goal_hours, 'actual_hours', sp.actual_hours) ORDER BY sp.id) AS sprints
    FROM sprints sp GROUP BY sp.project_id
  ) s ON s.project_id = p.id
  LEFT JOIN (
    SELECT forecast_project_id, min(due_date) AS overdue_since
    FROM forecast_invoices
    WHERE status <> 'DRAFT' AND due_date IS NOT NULL AND paid < amount
    GROUP BY forecast_project_id
  ) o ON o.forecast_project_id = p.forecast_project_id
  ${where}`;

async function selectProjects(db: Db, where: string, params: unknown[] = []): Promise<Project[]> {
  const [row] = await db.query<{
    projects: {
      p: ProjectJson;
      sprints: SprintJson[] | null;
      overdueSince: string | null;
    }[];
  }>(SELECT_PROJECTS(where), params);
  return (row?.projects ?? []).map(({ p, sprints, overdueSince }) =>
    toProject(p, sprints ?? [], overdueSince ?? null),
  );
}

/**
 * The Forecast ids of the projects the admin money tabs cover (docs/decisions/194): on the
 * dashboard, visible, linked to Forecast and Active. Weekly Hours and Gross Margins both select
 * through this one statement, so their totals agree.
 */
export const ACTIVE_FORECAST_IDS_SQL = `
  SELECT forecast_project_id FROM projects
  WHERE forecast_project_id IS NOT NULL AND visible = 1 AND dev_status = 'Active'`;

/** Every project on the dashboard, hidden ones included (the manage dialog lists them all). */
export function listAllProjects(db: Db): Promise<Project[]> {
  return selectProjects(db, '');
}

/** The projects the portfolio shows: those whose visible equals 1. */
export function listVisibleProjects(db: Db): Promise<Project[]> {
  return selectProjects(db, 'WHERE p.visible = 1');
}

export async function getProject(db: Db, id: number): Promise<Project | null> {
  return (await selectProjects(db, 'WHERE p.id = $1', [id]))[0] ?? null;
}

/** Allocates a project to a team; null when there is no such project. */
export async function setProjectTeam(
  db: Db,
  id: number,
  teamName: TeamName,
): Promise<Project | null> {
  const rows = await db.query<{ id: number }>(
    'UPDATE projects SET team_name = $2 WHERE id = $1 RETURNING id',
    [id, teamName],
  );
  return rows[0] ? getProject(db, id) : null;
}

/** Sets a project's dev status (admins only, at the route); null when there is no such project. */
export async function setProjectDevStatus(
  db: Db,
  id: number,
  devStatus: DevStatus,
): Promise<Project | null> {
  const rows = await db.query<{ id: number }>(
    'UPDATE projects SET dev_status = $2 WHERE id = $1 RETURNING id',
    [id, devStatus],
  );
  return rows[0] ? getProject(db, id) : null;
}

/** Shows (1) or hides (0) a project on the portfolio; null when there is no such project. */
export async function setProjectVisibility(
  db: Db,
  id: number,
  visible: 0 | 1,
): Promise<Project | null> {
  const rows = await db.query<{ id: number }>(
    'UPDATE projects SET visible = $2 WHERE id = $1 RETURNING id',
    [id, visible],
  );
  return rows[0] ? getProject(db, id) : null;
}

/** How long a removed project can be restored (docs/decisions/165). */
export const RESTORE_DAYS = 30;

/** A project removed from the dashboard that can still be restored. */
export interface RemovedProject {
  id: number;
  name: string;
  removedAt: Date;
  removedBy: string;
}

/**
 * Removes a project from the dashboard, keeping its row for RESTORE_DAYS in removed_projects so
 * an admin can restore it; its synced Jira and Forecast copies go with it and come back from
 * the next sync after a restore. Removals older than that are forgotten here. Run in a
 * transaction.
 */
export async function deleteProject(
  tx: Db,
  id: number,
  removedBy: string,
): Promise<{ id: number; name: string } | null> {
  await tx.query(
    `DELETE FROM removed_projects WHERE removed_at < now() - make_interval(days => $1)`,
    [RESTORE_DAYS],
  );
  const kept = await tx.query<{ id: number; name: string }>(
    `INSERT INTO removed_projects (id, name, row, removed_by)
     SELECT p.id, p.name, to_jsonb(p), $2 FROM projects p WHERE p.id = $1
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, row = EXCLUDED.row,
       removed_at = now(), removed_by = EXCLUDED.removed_by
     RETURNING id, name`,
    [id, removedBy],
  );
  if (!kept[0]) return null;
  await tx.query('DELETE FROM projects WHERE id = $1', [id]);
  return kept[0];
}

/** Projects removed within the last RESTORE_DAYS, most recent first. */
export async function listRemovedProjects(db: Db): Promise<RemovedProject[]> {
  const rows = await db.query<{ id: number; name: string; removed_at: Date; removed_by: string }>(
    `SELECT id, name, removed_at, removed_by FROM removed_projects
      WHERE removed_at >= now() - make_interval(days => $1)
      ORDER BY removed_at DESC, id`,
    [RESTORE_DAYS],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    removedAt: r.removed_at,
    removedBy: r.removed_by,
  }));
}

export type RestoreResult =
  | { ok: true; id: number; name: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'forecast-taken'; name?: string };

/**
 * Puts a removed project back as it was (team, links, visibility, dev status), with its sync
 * times cleared so the next refresh fetches its Jira and Forecast data again. Refuses one removed
 * longer than RESTORE_DAYS ago, or whose Forecast project is on the dashboard again. Run in a
 * transaction.
 */
export async function restoreProject(tx: Db, id: number): Promise<RestoreResult> {
  const [removed] = await tx.query<{ name: string; row: unknown; expired: boolean }>(
    `SELECT name, row, removed_at < now() - make_interval(days => $2) AS expired
       FROM removed_projects WHERE id = $1 FOR UPDATE`,
    [id, RESTORE_DAYS],
  );
  if (!removed) return { ok: false, reason: 'unknown' };
  if (removed.expired) return { ok: false, reason: 'expired', name: removed.name };
  const row = jsonValue<Record<string, unknown>>(removed.row);
  if (row.forecast_project_id !== null && row.forecast_project_id !== undefined) {
    const taken = await tx.query('SELECT 1 FROM projects WHERE forecast_project_id = $1', [
      row.forecast_project_id,
    ]);
    if (taken.length > 0) return { ok: false, reason: 'forecast-taken', name: removed.name };
  }
  // The columns the row had when it was removed that the table still has.
  const present = await tx.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'projects'`,
  );
  const columns = present
    .map((c) => c.column_name)
    .filter((c) => c in row)
    .map((c) => `"${c.replace(/"/g, '""')}"`)
    .join(', ');
  await tx.query(
    `INSERT INTO projects (${columns})
     SELECT ${columns} FROM jsonb_populate_record(NULL::projects, $1::text::jsonb)`,
    [JSON.stringify({ ...row, last_jira_sync: null, last_forecast_sync: null })],
  );
  await tx.query('DELETE FROM removed_projects WHERE id = $1', [id]);
  return { ok: true, id, name: removed.name };
}

/**
 * The oldest Jira sync among the linked projects, or null when one was never synced (or none
 * is linked): a week is stored only once every project's data was synced after it ended.
 */
export async function oldestJiraSync(db: Db): Promise<Date | null> {
  const rows = await db.query<{ oldest: Date | null; unsynced: number; linked: number }>(
    `SELECT min(last_jira_sync) AS oldest, count(*) FILTER (WHERE last_jira_sync IS NULL)::int AS unsynced, count(*)::int AS linked
       FROM projects WHERE jira_project_key IS NOT NULL`,
  );
  const row = rows[0];
  if (!row || row.linked === 0 || row.unsynced > 0 || !row.oldest) return null;
  return new Date(row.oldest);
}

/** A project the refresh may bring up to date, with what its next sync is likely to cost. */
export interface ProjectToRefresh {
  id: number;
  name: string;
  jiraProjectKey: string | null;
  forecastProjectId: number | null;
  lastJiraSync: Date | null;
  lastForecastSync: Date | null;
  jiraTotalTickets: number;
}

/**
 * Linked projects whose Jira data or Forecast billing was synced before the given times (null:
 * every linked project), oldest first, so a run cut short by its page budget resumes where it
 * stopped on the next one.
 */
export async function projectsToRefresh(
  db: Db,
  { jiraBefore, billingBefore }: { jiraBefore: Date | null; billingBefore: Date | null },
): Promise<{ jira: ProjectToRefresh[]; billing: ProjectToRefresh[] }> {
  const rows = await db.query<{
    id: number;
    name: string;
    jira_project_key: string | null;
    forecast_project_id: number | null;
    last_jira_sync: Date | null;
    last_forecast_sync: Date | null;
    jira_total_tickets: number;
  }>(
    `SELECT id, name, jira_project_key, forecast_project_id, last_jira_sync, last_forecast_sync,
            jira_total_tickets
       FROM projects
      WHERE (jira_project_key IS NOT NULL AND ($1::timestamptz IS NULL OR last_jira_sync IS NULL OR last_jira_sync < $1))
         OR (forecast_project_id IS NOT NULL AND ($2::timestamptz IS NULL OR last_forecast_sync IS NULL OR last_forecast_sync < $2))`,
    [jiraBefore, billingBefore],
  );
  const all = rows.map((r) => ({
    id: r.id,
    name: r.name,
    jiraProjectKey: r.jira_project_key,
    forecastProjectId: r.forecast_project_id,
    lastJiraSync: r.last_jira_sync,
    lastForecastSync: r.last_forecast_sync,
    jiraTotalTickets: r.jira_total_tickets,
  }));
  const oldestFirst =
    (at: (p: ProjectToRefresh) => Date | null) => (a: ProjectToRefresh, b: ProjectToRefresh) =>
      (at(a)?.getTime() ?? -Infinity) - (at(b)?.getTime() ?? -Infinity) || a.id - b.id;
  return {
    jira: all
      .filter(
        (p) =>
          p.jiraProjectKey !== null &&
          (jiraBefore === null || p.lastJiraSync === null || p.lastJiraSync < jiraBefore),
      )
      .sort(oldestFirst((p) => p.lastJiraSync)),
    billing: all
      .filter(
        (p) =>
          p.forecastProjectId !== null &&
          (billingBefore === null ||
            p.lastForecastSync === null ||
            p.lastForecastSync < billingBefore),
      )
      .sort(oldestFirst((p) => p.lastForecastSync)),
  };
}

/** When the visible projects' Jira data and billing were synced: the oldest and newest of each. */
export interface ProjectSyncTimes {
  oldestJiraSync: Date | null;
  jiraLinked: number;
  oldestBillingSync: Date | null;
  forecastLinked: number;
}

/**
 * The freshness of what the portfolio shows: one aggregate row, always there. A fragment, so
 * src/db/freshness.ts reads it with the other sources in one query.
 */
export const PROJECT_SYNC_TIMES_SQL = `
  SELECT min(last_jira_sync) FILTER (WHERE jira_project_key IS NOT NULL) AS oldest_jira,
         count(*) FILTER (WHERE jira_project_key IS NOT NULL)::int AS jira_linked,
         min(last_forecast_sync) FILTER (WHERE forecast_project_id IS NOT NULL) AS oldest_billing,
         count(*) FILTER (WHERE forecast_project_id IS NOT NULL)::int AS forecast_linked
    FROM projects WHERE visible = 1`;

export interface ProjectSyncTimesRow {
  oldest_jira: Date | null;
  jira_linked: number | null;
  oldest_billing: Date | null;
  forecast_linked: number | null;
}

export function toProjectSyncTimes(row: ProjectSyncTimesRow | undefined): ProjectSyncTimes {
  return {
    oldestJiraSync: row?.oldest_jira ?? null,
    jiraLinked: row?.jira_linked ?? 0,
    oldestBillingSync: row?.oldest_billing ?? null,
    forecastLinked: row?.forecast_linked ?? 0,
  };
}

/** How many projects the dashboard has, hidden ones included. */
export async function countProjects(db: Db): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM projects');
  return row!.n;
}

// ---------------------------------------------------------------------------
// The Forecast sync's columns (forecast_*, client_hourly_rate)

/** The projects table's row, as much of it as the Forecast integration reads and writes. */
export type ForecastProjectRow = Pick<
  ProjectRow,
  | 'id'
  | 'name'
  | 'dev_status'
  | 'visible'
  | 'client_hourly_rate'
  | 'forecast_project_id'
  | 'forecast_project_value'
  | 'forecast_total_created'
  | 'forecast_total_invoiced'
  | 'forecast_total_sent'
  | 'forecast_total_paid'
  | 'forecast_overdue_amount'
  | 'forecast_currency'
  | 'forecast_retainer_periods_completed'
  | 'forecast_retainer_periods_total'
  | 'forecast_budget_type'
  | 'forecast_status'
  | 'forecast_stage'
  | 'billing_sent_percentage'
  | 'billing_paid_percentage'
  | 'last_forecast_sync'
>;

const PROJECT_COLUMNS = `id, name, dev_status, visible, client_hourly_rate, forecast_project_id, forecast_project_value,
  forecast_total_created, forecast_total_invoiced, forecast_total_sent, forecast_total_paid, forecast_overdue_amount,
  forecast_currency, forecast_retainer_periods_completed, forecast_retainer_periods_total, forecast_budget_type, forecast_status,
  forecast_stage, billing_sent_percentage, billing_paid_percentage, last_forecast_sync`;

export async function findProject(db: Db, projectId: number): Promise<ForecastProjectRow | null> {
  const [row] = await db.query<ForecastProjectRow>(
    `SELECT ${PROJECT_COLUMNS} FROM projects WHERE id = $1`,
    [projectId],
  );
  return row ?? null;
}

export async function findProjectByForecastId(
  db: Db,
  forecastProjectId: number,
): Promise<ForecastProjectRow | null> {
  const [row] = await db.query<ForecastProjectRow>(
    `SELECT ${PROJECT_COLUMNS} FROM projects WHERE forecast_project_id = $1`,
    [forecastProjectId],
  );
  return row ?? null;
}

/** Forecast's descriptive fields of a project, as stored on the dashboard project. */
export interface ForecastProjectFields {
  forecastProjectId: number;
  /** Forecast's P-number of the project, which its web addresses use; null when not sent. */
  companyProjectId: number | null;
  value: number;
  budgetType: string | null;
  status: string | null;
  stage: string;
  /** null keeps the rate the dashboard already has. */
  hourlyRate: number | null;
}

/** Creates the dashboard project for a Forecast project; returns its id. */
export async function insertProject(
  db: Db,
  name: string,
  fields: ForecastProjectFields,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO projects (name, forecast_project_id, forecast_project_value, forecast_budget_type, forecast_status,
       forecast_stage, client_hourly_rate, forecast_company_project_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      name,
      fields.forecastProjectId,
      fields.value,
      fields.budgetType,
      fields.status,
      fields.stage,
      fields.hourlyRate,
      fields.companyProjectId,
    ],
  );
  return row!.id;
}

/** The billing summary stored on a project: the invoice totals plus its retainer periods' progress. */
export interface StoredBilling {
  /** The currency of every amount below; null when the project has no invoice. */
  currency: CurrencyCode | null;
  /** All invoices, drafts included. */
  totalCreated: number;
  /** Invoices that are not drafts (the margins' Invoices Created). */
  totalInvoiced: number;
  /** Invoices with status SENT. */
  totalSent: number;
  /** Payments. */
  totalPaid: number;
  /** The unpaid remainder of non-draft invoices past their due date. */
  overdue: number;
  sentPercentage: number;
  paidPercentage: number;
  retainerPeriodsCompleted: number;
  retainerPeriodsTotal: number;
}

/** Writes a project's Forecast fields and billing summary, stamped with the sync time. */
export async function updateProjectBilling(
  db: Db,
  projectId: number,
  fields: ForecastProjectFields,
  billing: StoredBilling,
  syncedAt: Date,
): Promise<void> {
  await db.query(
    `UPDATE projects SET
       forecast_project_value = $2, forecast_budget_type = $3, forecast_status = $4, forecast_stage = $5,
       client_hourly_rate = COALESCE($6, client_hourly_rate),
       forecast_total_created = $7, forecast_total_invoiced = $8, forecast_total_sent = $9, forecast_total_paid = $10,
       forecast_overdue_amount = $11, billing_sent_percentage = $12, billing_paid_percentage = $13,
       forecast_retainer_periods_completed = $14, forecast_retainer_periods_total = $15, last_forecast_sync = $16,
       forecast_company_project_id = COALESCE($17, forecast_company_project_id),
       forecast_currency = $18
     WHERE id = $1`,
    [
      projectId,
      fields.value,
      fields.budgetType,
      fields.status,
      fields.stage,
      fields.hourlyRate,
      billing.totalCreated,
      billing.totalInvoiced,
      billing.totalSent,
      billing.totalPaid,
      billing.overdue,
      billing.sentPercentage,
      billing.paidPercentage,
      billing.retainerPeriodsCompleted,
      billing.retainerPeriodsTotal,
      syncedAt,
      fields.companyProjectId,
      billing.currency,
    ],
  );
}

// ---------------------------------------------------------------------------
// The Jira sync's columns (jira_*, epics, last_jira_sync)

/** The project's Jira columns, as a sync computes them from the stored Jira rows. */
export interface JiraProjectSummary {
  jiraProjectKey: string;
  jiraTotalTickets: number;
  jiraCompletedTickets: number;
  jiraCurrentSprintName: string | null;
  jiraSprintCompletionPercentage: number;
  totalEpics: number;
  completedEpics: number;
  epicTickets: number;
  completedEpicTickets: number;
  lastJiraSync: Date;
}

export async function saveJiraSummary(
  db: Db,
  projectId: number,
  summary: JiraProjectSummary,
): Promise<void> {
  await db.query(
    `UPDATE projects SET jira_project_key = $2, jira_total_tickets = $3, jira_completed_tickets = $4, jira_current_sprint_name = $5,
       jira_sprint_completion_percentage = $6, total_epics = $7, completed_epics = $8, last_jira_sync = $9,
       epic_tickets = $10, completed_epic_tickets = $11
     WHERE id = $1`,
    [
      projectId,
      summary.jiraProjectKey,
      summary.jiraTotalTickets,
      summary.jiraCompletedTickets,
      summary.jiraCurrentSprintName,
      summary.jiraSprintCompletionPercentage,
      summary.totalEpics,
      summary.completedEpics,
      summary.lastJiraSync.toISOString(),
      summary.epicTickets,
      summary.completedEpicTickets,
    ],
  );
}

/** The project's link and last sync, or null when there is no such project. */
export async function jiraLinkOf(
  db: Db,
  projectId: number,
  { forUpdate = false } = {},
): Promise<{ key: string | null; lastSync: Date | null } | null> {
  const [row] = await db.query<{ jira_project_key: string | null; last_jira_sync: Date | null }>(
    `SELECT jira_project_key, last_jira_sync FROM projects WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [projectId],
  );
  return row ? { key: row.jira_project_key, lastSync: row.last_jira_sync } : null;
}

/** The story points and sprint field ids a project's Jira data was read with. */
export interface JiraFieldIdsRow {
  storyPoints: string[];
  sprint: string | null;
}

/** Records the field ids the project's last Jira sync read its issues with. */
export async function saveJiraFieldIds(
  db: Db,
  projectId: number,
  ids: JiraFieldIdsRow,
): Promise<void> {
  await db.query('UPDATE projects SET jira_field_ids = $2::text::jsonb WHERE id = $1', [
    projectId,
    JSON.stringify(ids),
  ]);
}

/** The dashboard projects linked to a Jira project key, with the field ids their sync used. */
export async function projectsLinkedToJira(
  db: Db,
  keys: readonly string[],
): Promise<{ id: number; key: string; fieldIds: JiraFieldIdsRow | null; lastSync: Date | null }[]> {
  if (keys.length === 0) return [];
  const rows = await db.query<{
    id: number;
    jira_project_key: string;
    jira_field_ids: unknown;
    last_jira_sync: Date | null;
  }>(
    `SELECT id, jira_project_key, jira_field_ids, last_jira_sync FROM projects
      WHERE jira_project_key IN (SELECT jsonb_array_elements_text($1::text::jsonb)) ORDER BY id`,
    [JSON.stringify(keys)],
  );
  return rows.map((r) => ({
    id: r.id,
    key: r.jira_project_key,
    fieldIds: r.jira_field_ids == null ? null : jsonValue<JiraFieldIdsRow>(r.jira_field_ids),
    lastSync: r.last_jira_sync,
  }));
}

/** Every Jira project key linked on the dashboard. */
export async function linkedJiraKeys(db: Db): Promise<string[]> {
  const rows = await db.query<{ key: string }>(
    'SELECT DISTINCT jira_project_key AS key FROM projects WHERE jira_project_key IS NOT NULL ORDER BY 1',
  );
  return rows.map((r) => r.key);
}

/** The dashboard projects billed from these Forecast projects. */
export async function projectsOfForecastProjects(
  db: Db,
  forecastProjectIds: readonly number[],
): Promise<number[]> {
  if (forecastProjectIds.length === 0) return [];
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM projects
      WHERE forecast_project_id IN (SELECT jsonb_array_elements_text($1::text::jsonb)::int)`,
    [JSON.stringify(forecastProjectIds)],
  );
  return rows.map((r) => r.id);
}

/** The linked Jira projects among these dashboard projects (a sprint event's projects). */
export async function jiraLinksOf(
  db: Db,
  projectIds: readonly number[],
): Promise<{ id: number; key: string; lastSync: Date | null }[]> {
  if (projectIds.length === 0) return [];
  const rows = await db.query<{
    id: number;
    jira_project_key: string;
    last_jira_sync: Date | null;
  }>(
    `SELECT id, jira_project_key, last_jira_sync FROM projects
      WHERE jira_project_key IS NOT NULL
        AND id IN (SELECT jsonb_array_elements_text($1::text::jsonb)::int) ORDER BY id`,
    [JSON.stringify(projectIds)],
  );
  return rows.map((r) => ({ id: r.id, key: r.jira_project_key, lastSync: r.last_jira_sync }));
}
