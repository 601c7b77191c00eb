/**
 * Pure readers that turn Jira's wire shapes into the dashboard's words: timestamps, the story
 * points and sprint fields, tickets and epics. No I/O, so each rule of jira-api.md is tested
 * on its own.
 */
import type { z } from 'zod';
import { describeZodError } from '../errors';
import type { JiraEpic, JiraTicket, StoredTransition } from '../../db/jira';
import { UpstreamError } from '../http';
import { parseUpstreamInstant } from '../../shared/calendar';
import { isBlockedStatus, isDescopedStatus } from '../../shared/tickets';
import {
  jiraAssigneeSchema,
  jiraIssueTypeSchema,
  jiraParentSchema,
  jiraSprintFieldSchema,
  jiraStatusSchema,
  type JiraField,
  type JiraIssueBean,
} from './schemas';

/** The Jira Software story points field (usually named "Story point estimate"). */
export const JSW_STORY_POINTS = 'com.pyxis.greenhopper.jira:jsw-story-points';
/** The older company-managed "Story Points" number field. */
export const FLOAT_FIELD = 'com.atlassian.jira.plugin.system.customfieldtypes:float';
/** The agile Sprint field. */
export const GH_SPRINT = 'com.pyxis.greenhopper.jira:gh-sprint';

/**
 * A Jira timestamp as a UTC instant, or null when absent or unreadable. Platform timestamps
 * look like "2025-06-04T09:12:45.321+0000" (offset without a colon, which Date.parse rejects on
 * some runtimes); agile dates are ISO with 'Z' or '+10:00'; bulk changelogs may send epoch ms.
 */
export function parseJiraTimestamp(value: unknown): Date | null {
  if (typeof value === 'number') {
    const at = new Date(value);
    return Number.isNaN(at.getTime()) ? null : parseUpstreamInstant(at.toISOString());
  }
  if (typeof value !== 'string' || value.trim() === '') return null;
  // Beyond what the database stores (years 1 to 9999) reads as unreadable too.
  return parseUpstreamInstant(value.trim().replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
}

/**
 * The story points fields to read, best first (docs/reference/jira-api.md,
 * "How to pick the field"): the board's estimation field when it is a number field, then Jira
 * Software's story points fields, then number fields named "Story Points". Ids are discovered,
 * never assumed.
 */
export function pickStoryPointsFieldIds(
  fields: readonly JiraField[],
  boardEstimationFieldId?: string | null,
): string[] {
  const isNumber = (f: JiraField) => f.schema?.type === 'number';
  const ids: string[] = [];
  const add = (id: string) => {
    if (!ids.includes(id)) ids.push(id);
  };
  // A board may estimate by time ("Original estimate"): only a number custom field is story points.
  const board = fields.find((f) => f.id === boardEstimationFieldId);
  if (board && isNumber(board) && board.custom) add(board.id);
  for (const f of fields) if (f.schema?.custom === JSW_STORY_POINTS) add(f.id);
  for (const f of fields) {
    if (
      isNumber(f) &&
      f.schema?.custom === FLOAT_FIELD &&
      f.name.trim().toLowerCase() === 'story points'
    )
      add(f.id);
  }
  return ids;
}

/** The Sprint field's id, or null on a site without Jira Software. */
export function pickSprintFieldId(fields: readonly JiraField[]): string | null {
  return fields.find((f) => f.schema?.custom === GH_SPRINT)?.id ?? null;
}

export interface JiraFieldIds {
  storyPoints: readonly string[];
  sprint: string | null;
}

/** The issue fields a sync asks the search for: only what the tables hold. */
export function issueSearchFields(ids: JiraFieldIds): string[] {
  const base = ['summary', 'status', 'assignee', 'issuetype', 'parent', 'updated', 'created'];
  return [...base, ...ids.storyPoints, ...(ids.sprint ? [ids.sprint] : [])];
}

export type ReadIssue = { kind: 'ticket'; ticket: JiraTicket } | { kind: 'epic'; epic: JiraEpic };

/**
 * Done is the status category, never a status name (docs/reference/jira-api.md,
 * "The fixed category set").
 */
export const isDoneCategory = (statusCategoryKey: string) => statusCategoryKey === 'done';

/** An epic is an issue one level above standard issues; the type name is the fallback. */
function isEpicType(
  type: { name: string; hierarchyLevel?: number | null } | null | undefined,
): boolean {
  if (!type) return false;
  if (typeof type.hierarchyLevel === 'number') return type.hierarchyLevel === 1;
  return type.name.trim().toLowerCase() === 'epic';
}

/** An issue that cannot be stored: a sync skips it and counts it (docs/decisions/375). */
export class UnreadableIssueError extends UpstreamError {
  override name = 'UnreadableIssueError';
  constructor(
    readonly key: string,
    /** What is wrong with it: 'has an unexpected "status" field (statusCategory: …)'. */
    readonly detail: string,
  ) {
    super('Jira', 'malformed_response', `issue ${key} ${detail}`);
  }
}

function field<S extends z.ZodType>(bean: JiraIssueBean, id: string, schema: S): z.output<S> {
  const parsed = schema.safeParse(bean.fields[id]);
  if (!parsed.success) {
    throw new UnreadableIssueError(
      bean.key,
      `has an unexpected "${id}" field (${describeZodError(parsed.error)})`,
    );
  }
  return parsed.data;
}

function sprintIdsOf(value: z.output<typeof jiraSprintFieldSchema>): number[] {
  const ids = new Set<number>();
  for (const s of value ?? []) {
    if (typeof s !== 'string') ids.add(s.id);
    else {
      const match = /[[,]id=(\d+)[,\]]/.exec(s);
      // An id past 2^53 names no sprint a bigint column could match.
      if (match && Number.isSafeInteger(Number(match[1]))) ids.add(Number(match[1]));
    }
  }
  return [...ids];
}

/** Reads one search result into a ticket or an epic. */
export function readIssue(bean: JiraIssueBean, ids: JiraFieldIds): ReadIssue {
  const status = field(bean, 'status', jiraStatusSchema);
  const type = field(bean, 'issuetype', jiraIssueTypeSchema);
  const summary = typeof bean.fields.summary === 'string' ? bean.fields.summary : '';
  if (isEpicType(type)) {
    return {
      kind: 'epic',
      epic: {
        id: bean.id,
        key: bean.key,
        name: summary,
        statusName: status.name,
        statusCategoryKey: status.statusCategory.key,
      },
    };
  }
  const assignee = field(bean, 'assignee', jiraAssigneeSchema);
  const parent = field(bean, 'parent', jiraParentSchema);
  let storyPoints: number | null = null;
  for (const id of ids.storyPoints) {
    const v = bean.fields[id];
    if (typeof v === 'number' && Number.isFinite(v)) {
      storyPoints = v;
      break;
    }
  }
  const updated = parseJiraTimestamp(bean.fields.updated);
  if (!updated) throw new UnreadableIssueError(bean.key, 'has no readable "updated" time');
  return {
    kind: 'ticket',
    ticket: {
      id: bean.id,
      key: bean.key,
      summary,
      issueType: type.name,
      statusId: status.id ?? null,
      statusName: status.name,
      statusCategoryKey: status.statusCategory.key,
      assignee: assignee
        ? { accountId: assignee.accountId, displayName: assignee.displayName ?? assignee.accountId }
        : null,
      storyPoints,
      created: parseJiraTimestamp(bean.fields.created),
      updated,
      epicKey: parent && isEpicType(parent.fields?.issuetype) ? parent.key : null,
      sprintIds: ids.sprint ? sprintIdsOf(field(bean, ids.sprint, jiraSprintFieldSchema)) : [],
    },
  };
}

export interface TicketTally {
  total: number;
  completed: number;
  descoped: number;
  blocked: number;
}

/**
 * Sprint counts from tickets grouped by status. Blocked and descoped go by the status name
 * (docs/product-spec.md, "Project detail modal"; docs/design.md, "Descoped and blocked tickets");
 * completed is the Done category less the descoped tickets, which sit in Done on most sites, so
 * 'Progress (including descoped)' never counts a ticket twice.
 */
export function tallyTickets(
  groups: readonly { statusName: string; statusCategoryKey: string; count: number }[],
): TicketTally {
  const tally: TicketTally = { total: 0, completed: 0, descoped: 0, blocked: 0 };
  for (const g of groups) {
    tally.total += g.count;
    const descoped = isDescopedStatus(g.statusName);
    if (descoped) tally.descoped += g.count;
    else if (isDoneCategory(g.statusCategoryKey)) tally.completed += g.count;
    if (isBlockedStatus(g.statusName)) tally.blocked += g.count;
  }
  return tally;
}

/** One status change of one issue, from its changelog: named by the issue's id, not yet its key. */
export type JiraStatusChange = Omit<StoredTransition, 'issueKey'> & { issueId: string };

/** Quotes a value for JQL: double quotes, with backslashes and quotes escaped. */
export function jqlString(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** A JQL date-time literal "yyyy/MM/dd HH:mm" of an instant, written in UTC. */
export function jqlDateTime(instant: Date): string {
  const iso = instant.toISOString();
  return `"${iso.slice(0, 10).replace(/-/g, '/')} ${iso.slice(11, 16)}"`;
}
