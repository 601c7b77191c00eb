import type { Db } from './port';

export const TEAMS = ['Team 1', 'Team 2', 'Team 3', 'Team 4'] as const;
export type TeamName = (typeof TEAMS)[number];

export interface SprintSummary {
  id: number;
  name: string;
  totalTickets: number;
  completedTickets: number;
  goalHours: number;
  actualHours: number;
}

/**
 * A project as the API and the pages show it: the spec's Project entity (section 3) in
 * camelCase, plus the stored billing figures the card's hover details and Agreed Weeks need.
 * Money is a number with two decimals; timestamps are ISO strings.
 */
export interface Project {
  id: number;
  name: string;
  devStatus: string;
  totalTickets: number;
  completedTickets: number;
  totalEpics: number;
  completedEpics: number;
  billingSentPercentage: number;
  billingPaidPercentage: number;
  currentSprintName: string | null;
  sprintCompletionPercentage: number;
  teamName: TeamName | null;
  currentSprintNumber: number;
  totalSprints: number;
  clientHourlyRate: number | null;
  forecastProjectId: number | null;
  forecastProjectValue: number;
  forecastTotalCreated: number;
  forecastTotalInvoiced: number;
  forecastTotalSent: number;
  forecastTotalPaid: number;
  forecastOverdueAmount: number;
  forecastRetainerPeriodsCompleted: number;
  forecastRetainerPeriodsTotal: number;
  forecastBudgetType: string | null;
  forecastStatus: string | null;
  forecastStage: string | null;
  lastForecastSync: string | null;
  jiraProjectKey: string | null;
  jiraTotalTickets: number;
  jiraCompletedTickets: number;
  jiraCurrentSprintName: string | null;
  jiraSprintCompletionPercentage: number;
  lastJiraSync: string | null;
  visible: 0 | 1;
  sprints: SprintSummary[];
}

/** The projects table's row, as a plain SELECT returns it (other modules pick the columns they read). */
export interface ProjectRow {
  id: number;
  name: string;
  dev_status: string;
  total_tickets: number;
  completed_tickets: number;
  total_epics: number;
  completed_epics: number;
  billing_sent_percentage: number;
  billing_paid_percentage: number;
  current_sprint_name: string | null;
  sprint_completion_percentage: number;
  team_name: TeamName | null;
  current_sprint_number: number;
  total_sprints: number;
  client_hourly_rate: number | null;
  forecast_project_id: number | null;
  forecast_project_value: number;
  forecast_total_created: number;
  forecast_total_invoiced: number;
  forecast_total_sent: number;
  forecast_total_paid: number;
  forecast_overdue_amount: number;
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

type SprintJson = { id: number; name: string; total_tickets: number; completed_tickets: number; goal_hours: number | string; actual_hours: number | string };

/** A project read out of JSON, with its sprints: inside JSON, timestamps arrive as ISO strings. */
type ProjectJson = Omit<ProjectRow, 'last_forecast_sync' | 'last_jira_sync'> & {
  last_forecast_sync: string | null;
  last_jira_sync: string | null;
  sprints: SprintJson[];
};

// Amounts are numeric in the database and numbers inside JSON; normalise to two decimals.
const money = (v: number | string | null) => Math.round(Number(v ?? 0) * 100) / 100;
const iso = (d: string | null) => (d ? new Date(d).toISOString() : null);

function toProject(r: ProjectJson): Project {
  return {
    id: r.id,
    name: r.name,
    devStatus: r.dev_status,
    totalTickets: r.total_tickets,
    completedTickets: r.completed_tickets,
    totalEpics: r.total_epics,
    completedEpics: r.completed_epics,
    billingSentPercentage: r.billing_sent_percentage,
    billingPaidPercentage: r.billing_paid_percentage,
    currentSprintName: r.current_sprint_name,
    sprintCompletionPercentage: r.sprint_completion_percentage,
    teamName: r.team_name,
    currentSprintNumber: r.current_sprint_number,
    totalSprints: r.total_sprints,
    clientHourlyRate: r.client_hourly_rate === null ? null : money(r.client_hourly_rate),
    forecastProjectId: r.forecast_project_id,
    forecastProjectValue: money(r.forecast_project_value),
    forecastTotalCreated: money(r.forecast_total_created),
    forecastTotalInvoiced: money(r.forecast_total_invoiced),
    forecastTotalSent: money(r.forecast_total_sent),
    forecastTotalPaid: money(r.forecast_total_paid),
    forecastOverdueAmount: money(r.forecast_overdue_amount),
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
    sprints: (r.sprints ?? []).map((s) => ({
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
  SELECT COALESCE(json_agg(json_build_object('p', p, 'sprints', s.sprints) ORDER BY lower(p.name), p.id), '[]'::json) AS projects
  FROM projects p
  LEFT JOIN (
    SELECT sp.project_id, json_agg(json_build_object(
      'id', sp.id, 'name', sp.name, 'total_tickets', sp.total_tickets, 'completed_tickets', sp.completed_tickets,
      'goal_hours', sp.goal_hours, 'actual_hours', sp.actual_hours) ORDER BY sp.id) AS sprints
    FROM sprints sp GROUP BY sp.project_id
  ) s ON s.project_id = p.id
  ${where}`;

async function selectProjects(db: Db, where: string, params: unknown[] = []): Promise<Project[]> {
  const [row] = await db.query<{ projects: { p: Omit<ProjectJson, 'sprints'>; sprints: SprintJson[] | null }[] }>(SELECT_PROJECTS(where), params);
  return (row?.projects ?? []).map(({ p, sprints }) => toProject({ ...p, sprints: sprints ?? [] }));
}

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
export async function setProjectTeam(db: Db, id: number, teamName: TeamName): Promise<Project | null> {
  const rows = await db.query<{ id: number }>('UPDATE projects SET team_name = $2 WHERE id = $1 RETURNING id', [id, teamName]);
  return rows[0] ? getProject(db, id) : null;
}

/** Shows (1) or hides (0) a project on the portfolio; null when there is no such project. */
export async function setProjectVisibility(db: Db, id: number, visible: 0 | 1): Promise<Project | null> {
  const rows = await db.query<{ id: number }>('UPDATE projects SET visible = $2 WHERE id = $1 RETURNING id', [id, visible]);
  return rows[0] ? getProject(db, id) : null;
}

/**
 * Removes a project from the dashboard; its sprints and stored upstream snapshots go with it
 * (foreign keys cascade). Returns the removed project's name, or null when there was none.
 */
export async function deleteProject(db: Db, id: number): Promise<{ id: number; name: string } | null> {
  const rows = await db.query<{ id: number; name: string }>('DELETE FROM projects WHERE id = $1 RETURNING id, name', [id]);
  return rows[0] ?? null;
}
