/**
 * The catch-up (docs/decisions/403-catch-up-and-scheduling-on-the-queue.md): every refresh run
 * asks Jira for each linked project's issues updated in the last minutes (relative JQL,
 * `updated >= -15m`, read in Jira's own clock, so no time zone is guessed) and applies them
 * through the same apply function as the webhook jobs. A lost or late delivery is repaired by
 * the next run; one already applied changes nothing. Deleted issues come with their delivery,
 * else with the project's next full read (the first sync of each day).
 */
import { linkedJiraKeys, projectsLinkedToJira } from '../../db/projects';
import type { Db } from '../../db/port';
import type { JiraClient } from '../jira/client';
import { type JiraFieldIds, issueSearchFields, jqlString, readIssue } from '../jira/model';
import { applyIssues } from './apply';
import type { JiraEpic, JiraTicket, StoredTransition } from '../../db/jira';

/** Minutes the catch-up looks back: three refresh intervals, and never less than 15. */
export function catchUpMinutes(intervalMs: number): number {
  return Math.max(15, Math.ceil((3 * intervalMs) / 60_000));
}

export interface CatchUpResult {
  /** Jira projects asked. */
  projects: number;
  ticketsRead: number;
  /** Tickets newer than what was stored: what deliveries had not brought. */
  repaired: number;
}

export async function catchUpJira(
  db: Db,
  jira: JiraClient,
  { now, minutes }: { now: Date; minutes: number },
): Promise<CatchUpResult> {
  const linked = (await projectsLinkedToJira(db, await linkedJiraKeys(db))).filter(
    (p) => p.lastSync !== null,
  );
  const byKey = new Map<string, typeof linked>();
  for (const p of linked) byKey.set(p.key, [...(byKey.get(p.key) ?? []), p]);
  const result: CatchUpResult = { projects: 0, ticketsRead: 0, repaired: 0 };
  for (const [key, targets] of byKey) {
    const stored = targets.find((t) => t.fieldIds)?.fieldIds;
    const ids: JiraFieldIds = stored ?? {
      storyPoints: await jira.storyPointsFieldIds(),
      sprint: await jira.sprintFieldId(),
    };
    const tickets: JiraTicket[] = [];
    const epics: JiraEpic[] = [];
    const search = {
      jql: `project = ${jqlString(key)} AND updated >= -${minutes}m ORDER BY updated ASC`,
      fields: issueSearchFields(ids),
    };
    for await (const page of jira.searchIssuePages(search, (bean) => readIssue(bean, ids)))
      for (const read of page) {
        if (read.kind === 'epic') epics.push(read.epic);
        else tickets.push(read.ticket);
      }
    result.projects++;
    result.ticketsRead += tickets.length + epics.length;
    if (tickets.length + epics.length === 0) continue;
    const keyById = new Map(tickets.map((t) => [t.id, t.key]));
    const transitions: StoredTransition[] = [];
    if (tickets.length)
      for (const c of await jira.statusChanges(tickets.map((t) => t.id))) {
        const issueKey = keyById.get(c.issueId);
        if (issueKey) transitions.push({ ...c, issueKey });
      }
    result.repaired += await db.transaction(async (tx) => {
      let changed = 0;
      for (const t of targets)
        changed += await applyIssues(
          tx,
          { id: t.id, key: t.key, lastSync: t.lastSync! },
          { tickets, epics, transitions, at: now },
        );
      return changed;
    });
  }
  return result;
}
