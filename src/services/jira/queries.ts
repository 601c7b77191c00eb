/**
 * Reads of the stored Jira data for pages and APIs, no call to Jira: the rows come from
 * src/db/jira.ts, the rules that turn them into the overview and the QA list live here.
 * Dates leave as 'YYYY-MM-DD' in the agency's time zone; instants as ISO strings.
 */
import { readActiveSprintStatuses, readEnteredQa, readJiraOverviewRows } from '../../db/jira';
import type { Db } from '../../db/port';
import { jiraLinkOf } from '../../db/projects';
import type { CompletedTicketResult } from '../../shared/story-points';
import { completionRate, isBlockedStatus, type JiraOverview } from '../../shared/tickets';
import { tallyTickets } from './model';

/**
 * The overview of one project's stored Jira data, or null when the project does not exist or
 * is not linked. Sprints come in Jira's order (closed, active, future); epics and tickets by key.
 */
export async function getJiraOverview(
  db: Db,
  projectId: number,
  { timeZone = 'UTC' }: { timeZone?: string } = {},
): Promise<JiraOverview | null> {
  const link = await jiraLinkOf(db, projectId);
  if (!link?.key) return null;
  return readJiraOverview(db, projectId, timeZone);
}

/** The overview of a project the caller knows is linked to Jira (what it stored so far). */
export async function readJiraOverview(
  db: Db,
  projectId: number,
  timeZone: string,
): Promise<JiraOverview> {
  const { tickets, sprints, epics } = await readJiraOverviewRows(db, projectId, timeZone);

  const ticketsByStatus: Record<string, number> = {};
  let completedTickets = 0;
  for (const t of tickets) {
    ticketsByStatus[t.statusName] = (ticketsByStatus[t.statusName] ?? 0) + 1;
    if (t.statusCategoryKey === 'done') completedTickets++;
  }

  return {
    totalTickets: tickets.length,
    completedTickets,
    tickets: tickets.map((t) => ({ key: t.key, status: { name: t.statusName } })),
    ticketsByStatus,
    sprints: sprints.map((s) => {
      const tally = tallyTickets(s.groups);
      return {
        state: s.state,
        name: s.name,
        startDate: s.startDate,
        endDate: s.endDate,
        goal: s.goal,
        totalTickets: tally.total,
        completedTickets: tally.completed,
        descopedTickets: tally.descoped,
        blockedTickets: tally.blocked,
      };
    }),
    epics: epics.map((e) => ({
      key: e.key,
      name: e.name,
      status: { name: e.statusName },
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
 * The 'Completed-ticket result' (docs/product-spec.md, "Entities and their fields") for a week's
 * 'Tickets Ready for QA Testing' and for the story points chart's date range: the same tickets, so
 * the week's Total Story Points and the chart's total for that week always agree (decision 013).
 */
export async function readyForQaTickets(db: Db, range: QaRange): Promise<CompletedTicketResult> {
  const rows = await readEnteredQa(db, {
    from: range.from,
    to: range.to,
    qaStatus: range.qaStatus ?? DEFAULT_QA_STATUS,
  });
  return {
    totalCompleted: rows.length,
    tickets: rows.map((r) => ({
      key: r.key,
      status: { name: r.statusName },
      projectName: r.projectName,
      summary: r.summary,
      ...(r.assigneeDisplayName !== null
        ? {
            assignee: {
              displayName: r.assigneeDisplayName,
              ...(r.assigneeAccountId !== null ? { accountId: r.assigneeAccountId } : {}),
            },
          }
        : {}),
      updated: r.updated.toISOString(),
      storyPoints: r.storyPoints,
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
  const byProject = new Map<number, { projectId: number; sprintName: string; blocked: number }>();
  for (const r of await readActiveSprintStatuses(db)) {
    const entry = byProject.get(r.projectId) ?? {
      projectId: r.projectId,
      sprintName: r.sprintName,
      blocked: 0,
    };
    if (r.statusName && isBlockedStatus(r.statusName)) entry.blocked += r.count;
    byProject.set(r.projectId, entry);
  }
  return [...byProject.values()];
}
