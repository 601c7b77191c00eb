/**
 * Story points of the Developers tab (docs/product-spec.md, "Screens and routes" and "Business
 * constants and limits"): the tickets that reached QA, their total and the points per
 * assignee. The server's weekly figures and the chart modals use the same rules.
 */

/**
 * One ticket of the spec's 'Completed-ticket result' (docs/product-spec.md, "Entities and their
 * fields").
 */
export interface CompletedTicket {
  key: string;
  status: { name: string };
  projectName: string;
  summary: string;
  /**
   * Left out when nobody is assigned. The account id (Jira's own field) says whether the
   * assignee is tracked (docs/decisions/391-velocity-over-tracked-people.md).
   */
  assignee?: { displayName: string; accountId?: string };
  /** When Jira last updated the ticket (ISO timestamp). */
  updated: string;
  /** null when the ticket has no estimate. */
  storyPoints: number | null;
}

export interface CompletedTicketResult {
  totalCompleted: number;
  tickets: CompletedTicket[];
}

/** Sums in hundredths, so 0.1 + 0.2 stays 0.3 on screen. */
export const addPoints = (a: number, b: number) => Math.round(a * 100 + b * 100) / 100;

/** The sum of the tickets' story points; an unestimated ticket counts 0. */
export function totalStoryPoints(tickets: readonly Pick<CompletedTicket, 'storyPoints'>[]): number {
  return tickets.reduce((sum, t) => addPoints(sum, t.storyPoints ?? 0), 0);
}

export const UNASSIGNED = 'Unassigned';

export interface AssigneePoints {
  assignee: string;
  /** The Jira account of the assignee's tickets; null for Unassigned (or when the tickets lack it). */
  accountId: string | null;
  points: number;
  tickets: number;
}

/**
 * Story points per assignee, tickets without one grouped as 'Unassigned', most points first (ties
 * by name).
 */
export function storyPointsByAssignee(
  tickets: readonly Pick<CompletedTicket, 'assignee' | 'storyPoints'>[],
): AssigneePoints[] {
  const byName = new Map<string, AssigneePoints>();
  for (const t of tickets) {
    const name = t.assignee?.displayName?.trim() || UNASSIGNED;
    const entry = byName.get(name) ?? {
      assignee: name,
      accountId: name === UNASSIGNED ? null : (t.assignee?.accountId ?? null),
      points: 0,
      tickets: 0,
    };
    entry.points = addPoints(entry.points, t.storyPoints ?? 0);
    entry.tickets += 1;
    byName.set(name, entry);
  }
  return [...byName.values()].sort(
    (a, b) => b.points - a.points || a.assignee.localeCompare(b.assignee),
  );
}

export interface AssigneeStats {
  totalAssignees: number;
  /** Mean points per assignee, one decimal. */
  avgPoints: number;
  /**
   * First name of the tracked assignee with the most points, or null when no tracked person
   * delivered: velocity's people (docs/decisions/391-velocity-over-tracked-people.md).
   */
  topPerformer: string | null;
  topPoints: number;
}

/**
 * The four stats of the Story Points by Assignee modal; 'Unassigned' is not a person, so it is left
 * out. Top Performer and Top Points are chosen among the tracked people (by Jira account id), the
 * people velocity counts; Total Assignees and Avg Points count everyone charted.
 */
export function assigneeStats(
  rows: readonly AssigneePoints[],
  tracked: ReadonlySet<string>,
): AssigneeStats {
  const people = rows.filter((r) => r.assignee !== UNASSIGNED);
  if (people.length === 0)
    return { totalAssignees: 0, avgPoints: 0, topPerformer: null, topPoints: 0 };
  const total = people.reduce((sum, r) => addPoints(sum, r.points), 0);
  const candidates = people.filter((r) => r.accountId !== null && tracked.has(r.accountId));
  const top = candidates.reduce<AssigneePoints | null>(
    (best, r) => (best === null || r.points > best.points ? r : best),
    null,
  );
  return {
    totalAssignees: people.length,
    avgPoints: Math.round((total / people.length) * 10) / 10,
    topPerformer: top ? (top.assignee.split(/\s+/)[0] ?? top.assignee) : null,
    topPoints: top?.points ?? 0,
  };
}

/** The chart has something to draw when a ticket was completed in the range, points or not. */
export function hasStoryPointsData(rows: readonly AssigneePoints[]): boolean {
  return rows.length > 0;
}

/** Said under the stats when an Unassigned bar is drawn that the stats leave out. */
export const UNASSIGNED_NOTE =
  'Unassigned is charted but not counted in Total Assignees, Avg Points or Top Performer.';

export function unassignedNote(rows: readonly AssigneePoints[]): string | null {
  return rows.some((r) => r.assignee === UNASSIGNED) ? UNASSIGNED_NOTE : null;
}

/** Said under the stats when someone charted is not tracked, so Top Performer may not lead the chart. */
export const TOP_PERFORMER_NOTE =
  'Top Performer and Top Points are among the tracked people, whose points velocity counts.';

export function topPerformerNote(
  rows: readonly AssigneePoints[],
  tracked: ReadonlySet<string>,
): string | null {
  return rows.some(
    (r) => r.assignee !== UNASSIGNED && (r.accountId === null || !tracked.has(r.accountId)),
  )
    ? TOP_PERFORMER_NOTE
    : null;
}

/** The name a ticket is listed under: its assignee, or 'Unassigned'. */
export const assigneeName = (t: Pick<CompletedTicket, 'assignee'>) =>
  t.assignee?.displayName?.trim() || UNASSIGNED;

export interface ProjectTickets<T> {
  projectName: string;
  tickets: T[];
  points: number;
}

const byKey = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The week's tickets grouped by project for the dense Weekly History list: projects by name,
 * tickets by key within each (PAY-9 before PAY-10), each group with its story points.
 */
export function ticketsByProject<
  T extends Pick<CompletedTicket, 'projectName' | 'key' | 'storyPoints'>,
>(tickets: readonly T[]): ProjectTickets<T>[] {
  const groups = new Map<string, T[]>();
  for (const t of tickets) groups.set(t.projectName, [...(groups.get(t.projectName) ?? []), t]);
  return [...groups.entries()]
    .sort(([a], [b]) => byKey.compare(a, b))
    .map(([projectName, list]) => ({
      projectName,
      tickets: list.sort((a, b) => byKey.compare(a.key, b.key)),
      points: totalStoryPoints(list),
    }));
}

/** The tickets of one assignee and one project; null means any. */
export function filterTickets<T extends Pick<CompletedTicket, 'projectName' | 'assignee'>>(
  tickets: readonly T[],
  filter: { assignee: string | null; project: string | null },
): T[] {
  return tickets.filter(
    (t) =>
      (filter.assignee === null || assigneeName(t) === filter.assignee) &&
      (filter.project === null || t.projectName === filter.project),
  );
}

/** The ticket filters a person chose on Weekly History: a name, or '' for all. */
export interface TicketFilterChoice {
  assignee: string;
  project: string;
}

export const NO_TICKET_FILTERS: TicketFilterChoice = { assignee: '', project: '' };

/** Longer than any assignee or project name: a value past it is not one, and means all. */
const MAX_FILTER_LENGTH = 200;

/**
 * The ticket filters named in a page's address (?assignee=, ?project=), as the server and the
 * browser both read them. A value that names nobody this week is kept, and shows all.
 */
export function ticketFiltersIn(
  get: (name: keyof TicketFilterChoice) => string | null | undefined,
): TicketFilterChoice {
  const read = (name: keyof TicketFilterChoice) => {
    const value = get(name) ?? '';
    return value.length > MAX_FILTER_LENGTH ? '' : value;
  };
  return { assignee: read('assignee'), project: read('project') };
}
