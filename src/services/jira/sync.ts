/**
 * Linking and syncing a dashboard project with its Jira project. Everything is read from Jira
 * first (issues paged 100 at a time, status changes in bulk, never a call per issue); only then
 * is it written, in one transaction, so an upstream failure halfway changes nothing stored.
 */
import type { Db } from '../../db/port';
import { ProjectNotFoundError } from '../errors';
import type { JiraClient } from './client';
import {
  analyzeJiraTables,
  mergeJiraData,
  readJiraCounts,
  replaceJiraData,
  type JiraEpic,
  type JiraSnapshot,
  type JiraTicket,
  type StoredTransition,
} from '../../db/jira';
import {
  jiraLinkOf,
  saveJiraFieldIds,
  saveJiraSummary,
  type JiraProjectSummary,
} from '../../db/projects';
import { sprintProgress } from '../../shared/tickets';
import {
  issueSearchFields,
  jqlDateTime,
  jqlString,
  parseJiraTimestamp,
  pickSprintFieldId,
  pickStoryPointsFieldIds,
  readIssue,
  tallyTickets,
} from './model';
import type { JiraBoard } from './schemas';

/** A sync was asked for a project that is not linked to Jira, or was relinked meanwhile. */
export class JiraNotLinkedError extends Error {
  override name = 'JiraNotLinkedError';
}

/**
 * JQL dates are read in the Jira user's time zone, which we do not know: an incremental sync
 * asks for a day more than needed, which covers every zone (UTC-12 to UTC+14).
 */
export const INCREMENTAL_OVERLAP_MS = 26 * 60 * 60 * 1000;

export interface JiraSyncResult extends JiraProjectSummary {
  mode: 'full' | 'incremental';
  /** Tickets and epics read from Jira by this sync. */
  ticketsRead: number;
  epicsRead: number;
  transitionsRead: number;
}

/** The board that holds the project's sprints: its own scrum board, else any scrum board showing it. */
export function pickScrumBoard(boards: readonly JiraBoard[], key: string): JiraBoard | null {
  const scrum = boards.filter((b) => b.type === 'scrum');
  return scrum.find((b) => b.location?.projectKey === key) ?? scrum[0] ?? null;
}

/** Reads the project from Jira: all of it, or only issues updated since `updatedSince`. */
export async function pullJiraSnapshot(
  jira: JiraClient,
  key: string,
  { updatedSince }: { updatedSince?: Date } = {},
): Promise<JiraSnapshot> {
  const [fields, boards] = await Promise.all([jira.fields(), jira.boardsForProject(key)]);
  const board = pickScrumBoard(boards, key);
  const [config, sprints] = board
    ? await Promise.all([jira.boardConfiguration(board.id), jira.sprintsForBoard(board.id)])
    : [null, []];
  const ids = {
    storyPoints: pickStoryPointsFieldIds(
      fields,
      config?.estimation?.type === 'field' ? config.estimation.field?.fieldId : null,
    ),
    sprint: pickSprintFieldId(fields),
  };

  const tickets: JiraTicket[] = [];
  const epics: JiraEpic[] = [];
  const since = updatedSince ? ` AND updated >= ${jqlDateTime(updatedSince)}` : '';
  const jql = `project = ${jqlString(key)}${since} ORDER BY key ASC`;
  // An issue that cannot be stored is skipped and counted by the client, not the whole link.
  const search = { jql, fields: issueSearchFields(ids) };
  for await (const page of jira.searchIssuePages(search, (bean) => readIssue(bean, ids))) {
    for (const read of page) {
      if (read.kind === 'epic') epics.push(read.epic);
      else tickets.push(read.ticket);
    }
  }

  const keyById = new Map(tickets.map((t) => [t.id, t.key]));
  const changes = tickets.length ? await jira.statusChanges(tickets.map((t) => t.id)) : [];
  const transitions: StoredTransition[] = [];
  for (const c of changes) {
    const issueKey = keyById.get(c.issueId);
    if (issueKey) transitions.push({ ...c, issueKey });
  }

  return {
    tickets,
    epics,
    sprints: sprints.map((s) => ({
      id: s.id,
      boardId: s.originBoardId ?? board!.id,
      state: s.state,
      name: s.name,
      startDate: parseJiraTimestamp(s.startDate),
      endDate: parseJiraTimestamp(s.endDate),
      completeDate: parseJiraTimestamp(s.completeDate),
      goal: s.goal ?? '',
    })),
    transitions,
    fieldIds: { storyPoints: [...ids.storyPoints], sprint: ids.sprint },
  };
}

/** Recomputes the project's Jira columns from the stored rows and writes them. */
export async function refreshJiraSummary(
  tx: Db,
  projectId: number,
  { key, syncedAt }: { key: string; syncedAt: Date },
): Promise<JiraProjectSummary> {
  const { tickets, epics, epicTickets, activeSprint } = await readJiraCounts(tx, projectId);
  const summary: JiraProjectSummary = {
    jiraProjectKey: key,
    jiraTotalTickets: tickets.total,
    jiraCompletedTickets: tickets.completed,
    jiraCurrentSprintName: activeSprint?.name ?? null,
    jiraSprintCompletionPercentage: activeSprint
      ? sprintProgress(tallyTickets(activeSprint.groups))
      : 0,
    totalEpics: epics.total,
    completedEpics: epics.completed,
    epicTickets: epicTickets.total,
    completedEpicTickets: epicTickets.completed,
    lastJiraSync: syncedAt,
  };
  await saveJiraSummary(tx, projectId, summary);
  return summary;
}

function result(
  summary: JiraProjectSummary,
  snapshot: JiraSnapshot,
  mode: JiraSyncResult['mode'],
): JiraSyncResult {
  return {
    ...summary,
    mode,
    ticketsRead: snapshot.tickets.length,
    epicsRead: snapshot.epics.length,
    transitionsRead: snapshot.transitions.length,
  };
}

/**
 * Links the dashboard project to the Jira project `key` and stores all of its data, replacing
 * any previous link's data. A key Jira does not know throws UpstreamError 'not_found' and
 * changes nothing.
 */
export async function linkJiraProject(
  db: Db,
  jira: JiraClient,
  {
    projectId,
    key,
    now,
    onLinked,
  }: {
    projectId: number;
    key: string;
    now: Date;
    /** Runs in the link's transaction with the key before and after (the audit log's entry). */
    onLinked?: (tx: Db, before: string | null, after: string) => Promise<void>;
  },
): Promise<JiraSyncResult> {
  if (!(await jiraLinkOf(db, projectId))) throw new ProjectNotFoundError(projectId);
  // Jira's own spelling of the key, and proof it exists and is visible to the account.
  const project = await jira.getProject(key.trim());
  const snapshot = await pullJiraSnapshot(jira, project.key);
  const summary = await db.transaction(async (tx) => {
    const before = await jiraLinkOf(tx, projectId, { forUpdate: true });
    if (!before) throw new ProjectNotFoundError(projectId);
    await replaceJiraData(tx, projectId, snapshot);
    if (snapshot.fieldIds) await saveJiraFieldIds(tx, projectId, snapshot.fieldIds);
    const summary = await refreshJiraSummary(tx, projectId, { key: project.key, syncedAt: now });
    await onLinked?.(tx, before.key, project.key);
    return summary;
  });
  await analyzeJiraTables(db);
  return result(summary, snapshot, 'full');
}

/** The first sync of each UTC day reads everything: the only way to notice deleted issues. */
export function needsFullSync(lastSync: Date | null, now: Date): boolean {
  return (
    lastSync === null || lastSync.toISOString().slice(0, 10) !== now.toISOString().slice(0, 10)
  );
}

/**
 * Refreshes a linked project. Later syncs on the day of the last one read only issues updated
 * since then (with a day of overlap) and merge them; the first sync of a day, or `full`, reads
 * everything and replaces, which also drops issues deleted or moved out of the project in Jira.
 */
export async function syncJiraProject(
  db: Db,
  jira: JiraClient,
  { projectId, now, full = false }: { projectId: number; now: Date; full?: boolean },
): Promise<JiraSyncResult> {
  const link = await jiraLinkOf(db, projectId);
  if (!link) throw new ProjectNotFoundError(projectId);
  if (!link.key)
    throw new JiraNotLinkedError(`Project ${projectId} is not linked to a Jira project`);
  const key = link.key;
  const incremental = !full && !needsFullSync(link.lastSync, now);
  const snapshot = await pullJiraSnapshot(
    jira,
    key,
    incremental
      ? { updatedSince: new Date(link.lastSync!.getTime() - INCREMENTAL_OVERLAP_MS) }
      : {},
  );
  const summary = await db.transaction(async (tx) => {
    const current = await jiraLinkOf(tx, projectId, { forUpdate: true });
    if (!current) throw new ProjectNotFoundError(projectId);
    // Relinked to another key while we were reading: this data belongs to nobody now.
    if (current.key !== key)
      throw new JiraNotLinkedError(
        `Project ${projectId} was linked to another Jira project during the sync`,
      );
    if (incremental) await mergeJiraData(tx, projectId, snapshot);
    else await replaceJiraData(tx, projectId, snapshot);
    if (snapshot.fieldIds) await saveJiraFieldIds(tx, projectId, snapshot.fieldIds);
    return refreshJiraSummary(tx, projectId, { key, syncedAt: now });
  });
  await analyzeJiraTables(db);
  return result(summary, snapshot, incremental ? 'incremental' : 'full');
}
