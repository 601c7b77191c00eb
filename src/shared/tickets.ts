/**
 * Tickets, sprints and epics (docs/product-spec.md, "Screens and routes" and "Entities and
 * their fields"; docs/design.md, "Rules the spec leaves open"): the Jira overview's shape and
 * the rules the Jira sync, the project detail and the ticket charts share.
 */
import { percentOf } from './percent';

/**
 * The spec's 'Issue-tracker data for a project' (docs/product-spec.md, "Entities and their
 * fields").
 */
export interface JiraOverview {
  totalTickets: number;
  completedTickets: number;
  tickets: { key: string; status: { name: string } }[];
  ticketsByStatus: Record<string, number>;
  sprints: {
    state: string;
    name: string;
    startDate: string | null;
    endDate: string | null;
    goal: string;
    totalTickets: number;
    completedTickets: number;
    descopedTickets: number;
    blockedTickets: number;
  }[];
  epics: {
    key: string;
    name: string;
    status: { name: string };
    tickets: number;
    completedTickets: number;
    completionPercentage: number;
  }[];
}

export type JiraSprint = JiraOverview['sprints'][number];
export type JiraEpic = JiraOverview['epics'][number];

/** Completion Rate of the project overview: rounded percent, 0 when there are no tickets. */
export function completionRate(completed: number, total: number): number {
  return percentOf(completed, total);
}

/** Blocked tickets: the status name contains 'blocked' or 'impediment', in any case. */
export function isBlockedStatus(name: string): boolean {
  const n = name.toLowerCase();
  return n.includes('blocked') || n.includes('impediment');
}

/**
 * Descoped sprint tickets: the status name says descoped, won't do (or wont do) or
 * cancelled/canceled, in any case. Typographic apostrophes count too (Jira admins type them).
 */
export function isDescopedStatus(name: string): boolean {
  const n = name.toLowerCase().replace(/[\u2018\u2019\u02bc]/g, "'");
  return (
    n.includes('descoped') ||
    n.includes("won't do") ||
    n.includes('wont do') ||
    n.includes('cancelled') ||
    n.includes('canceled')
  );
}

/** 'Progress (including descoped)': (completed + descoped) / total, rounded, 0 with no tickets. */
export function sprintProgress(sprint: {
  completed: number;
  descoped: number;
  total: number;
}): number {
  return percentOf(sprint.completed + sprint.descoped, sprint.total);
}

export type StatusColor =
  | 'green'
  | 'blue'
  | 'purple'
  | 'amber'
  | 'red'
  | 'grey'
  | 'cyan'
  | 'violet';

// Order matters: the first keyword found wins, as the spec lists them.
const STATUS_KEYWORDS: readonly (readonly [StatusColor, readonly string[]])[] = [
  ['green', ['done', 'closed']],
  ['blue', ['progress', 'development']],
  ['purple', ['testing', 'qa']],
  ['amber', ['review', 'uat']],
  ['red', ['blocked', 'impediment']],
  ['grey', ['todo', 'to do', 'backlog']],
  ['cyan', ['ready']],
];

/**
 * Ticket status colour by name keyword (docs/product-spec.md, "Screens and routes"); anything
 * unmatched is violet.
 */
export function statusColor(name: string): StatusColor {
  const n = name.toLowerCase();
  for (const [color, keywords] of STATUS_KEYWORDS) {
    if (keywords.some((k) => n.includes(k))) return color;
  }
  return 'violet';
}

/**
 * Epics shown at first and added by each 'Load More' (docs/product-spec.md, "Business constants and
 * limits").
 */
export const EPICS_PAGE_SIZE = 5;

/**
 * Blocked tickets: those whose status name contains 'blocked' or 'impediment', in any case
 * (docs/product-spec.md, "Screens and routes"), counted from the tickets-per-status totals.
 */
export function blockedTickets(ticketsByStatus: JiraOverview['ticketsByStatus']): number {
  return Object.entries(ticketsByStatus).reduce(
    (sum, [status, n]) => (isBlockedStatus(status) ? sum + n : sum),
    0,
  );
}

/**
 * 'This Sprint': the active sprint, or else the last sprint in the list; null when there are none.
 */
export function currentSprint(sprints: readonly JiraSprint[]): JiraSprint | null {
  return (
    sprints.find((s) => s.state.toLowerCase() === 'active') ?? sprints[sprints.length - 1] ?? null
  );
}
