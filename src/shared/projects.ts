/**
 * A project as the API and the pages show it, and the portfolio's own rules: the card's
 * sprint line and ticket gauge, and which Forecast projects the manage dialog lists.
 */
import { hasBudgetBurn } from './budget-burn';
import { completionRate } from './tickets';

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
 * A project as the API and the pages show it: the Project entity of docs/product-spec.md,
 * "Entities and their fields", in camelCase, plus the stored billing figures the card's hover
 * details and Agreed Weeks need. Money is a number with two decimals; timestamps are ISO strings.
 */
export interface Project {
  id: number;
  name: string;
  devStatus: string;
  totalTickets: number;
  completedTickets: number;
  totalEpics: number;
  completedEpics: number;
  /** Tickets under the project's epics, and of them those done: Epic Progress's share (Jira sync). */
  epicTickets: number;
  completedEpicTickets: number;
  billingSentPercentage: number;
  billingPaidPercentage: number;
  currentSprintName: string | null;
  sprintCompletionPercentage: number;
  teamName: TeamName | null;
  currentSprintNumber: number;
  totalSprints: number;
  clientHourlyRate: number | null;
  forecastProjectId: number | null;
  /** Forecast's P-number of the project, which its web addresses use (null until synced). */
  forecastCompanyProjectId: number | null;
  forecastProjectValue: number;
  forecastTotalCreated: number;
  forecastTotalInvoiced: number;
  forecastTotalSent: number;
  forecastTotalPaid: number;
  forecastOverdueAmount: number;
  /**
   * The currency of the billing amounts above (Forecast's invoice currency); null before the
   * project's first invoice, when they read in the company currency.
   */
  forecastCurrency: string | null;
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
  /** Due date of the oldest unpaid, non-draft invoice share (for the Billing Blocked hint), or null. */
  overdueSince?: string | null;
  sprints: SprintSummary[];
}

/**
 * Project fields only admins' screens show (docs/decisions/164, "Fields by role"): the client's
 * hourly rate and the project's value. The card's Billing block (created, sent, paid, overdue,
 * retainer periods, forecast id) is everyone's; its gauge's percent is computed on the server.
 */
export const ADMIN_ONLY_PROJECT_FIELDS = ['clientHourlyRate', 'forecastProjectValue'] as const;
export type ProjectForEveryone = Omit<Project, (typeof ADMIN_ONLY_PROJECT_FIELDS)[number]>;

/** A project without the admin-only fields. */
export function projectForEveryone(p: Project): ProjectForEveryone {
  const { clientHourlyRate: _rate, forecastProjectValue: _value, ...rest } = p;
  return rest;
}

/**
 * A Forecast project in the manage dialog's list (docs/product-spec.md, "Entities and their
 * fields"): id, name, stage.
 */
export interface ForecastProjectItem {
  id: number;
  name: string;
  stage: string;
}

export function sprintLine(
  p: Pick<Project, 'jiraCurrentSprintName' | 'jiraProjectKey' | 'currentSprintName'>,
): string | null {
  if (p.jiraCurrentSprintName) return p.jiraCurrentSprintName;
  if (p.jiraProjectKey) return `${p.jiraProjectKey} Project`;
  return p.currentSprintName || null;
}

/** Ticket completion for the card's gauge: Jira's counts once linked, else the stored ones. */
export function ticketCompletion(
  p: Pick<
    Project,
    | 'jiraProjectKey'
    | 'jiraCompletedTickets'
    | 'jiraTotalTickets'
    | 'completedTickets'
    | 'totalTickets'
  >,
): {
  completed: number;
  total: number;
  percent: number;
} {
  const [completed, total] = p.jiraProjectKey
    ? [p.jiraCompletedTickets, p.jiraTotalTickets]
    : [p.completedTickets, p.totalTickets];
  return { completed, total, percent: completionRate(completed, total) };
}

/**
 * Forecast stages the list leaves out: 'Finished' (DONE in Forecast's API) and 'Halted'
 * (docs/product-spec.md, "Validation rules").
 */
const UNLISTED_STAGES = new Set(['DONE', 'FINISHED', 'HALTED']);

/**
 * The Forecast projects the manage dialog lists: those whose stage is not Finished or Halted
 * (docs/product-spec.md, "Validation rules"). A finished project already on the dashboard is
 * removed from the dialog's 'Dashboard Projects' section instead.
 */
export function listedForecastProjects<P extends ForecastProjectItem>(projects: readonly P[]): P[] {
  return projects.filter((p) => !UNLISTED_STAGES.has(p.stage.toUpperCase()));
}

/** The tabs of a project's detail, in the modal and on its page (docs/product-spec.md, "Project detail modal"). */
export const PROJECT_TABS = {
  jira: 'Jira Integration',
  retainer: 'Retainer Periods',
  // Admins, on fixed-price and T&M projects (docs/decisions/171).
  burn: 'Budget Burn',
} as const;
export type ProjectTab = keyof typeof PROJECT_TABS;

/** The tabs a role sees on a project, in order. */
export function projectTabsFor(
  p: Pick<Project, 'forecastProjectId' | 'forecastBudgetType'>,
  isAdmin: boolean,
): ProjectTab[] {
  const burn = isAdmin && p.forecastProjectId !== null && hasBudgetBurn(p.forecastBudgetType);
  return burn ? ['jira', 'retainer', 'burn'] : ['jira', 'retainer'];
}

/** A tab named in an address (`?tab=`), or the default one for anything else. */
export function projectTabOf(value: string | undefined, tabs: readonly ProjectTab[]): ProjectTab {
  return tabs.find((t) => t === value) ?? 'jira';
}

/** A project's own page (docs/decisions/345), at a tab; the default tab needs no parameter. */
export function projectPath(id: number, tab: ProjectTab = 'jira'): string {
  return tab === 'jira' ? `/projects/${id}` : `/projects/${id}?tab=${tab}`;
}

/** A project id as addresses write it: a positive whole number without leading zeros. */
export const PROJECT_ID_PATTERN = /^[1-9]\d{0,8}$/;

/** The project a `/projects/<id>` path names, or null for any other path. */
export function projectIdOfPath(pathname: string): number | null {
  const id = /^\/projects\/([^/]+)$/.exec(pathname)?.[1];
  return id && PROJECT_ID_PATTERN.test(id) ? Number(id) : null;
}
