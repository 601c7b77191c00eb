/**
 * One apply function per upstream entity (docs/decisions/401-apply-once-per-entity.md), shared
 * by the webhook jobs and the catch-up refresh: each writes in the caller's transaction, keeps a
 * stored record that is newer than what it is given, never brings back a deleted one, and notes
 * the change for open pages. Applying the same change twice changes nothing the second time.
 */
import {
  addTransitions,
  applySprint as storeSprint,
  applyTickets,
  deleteIssue,
  storedTicketTimes,
  upsertEpics,
  type JiraEpic,
  type JiraTicket,
  type StoredSprint,
  type StoredTransition,
} from '../../db/jira';
import { applyDeal as storeDeal } from '../../db/capacity';
import {
  deleteTimeRegistrations,
  timeRegistrationProjects,
  upsertTimeRegistrations,
} from '../../db/forecast';
import { deletedSince, recordChange, recordTombstone } from '../../db/live';
import type { Db } from '../../db/port';
import { projectsOfForecastProjects } from '../../db/projects';
import { refreshJiraSummary } from '../jira/sync';
import type { ForecastTimeRegistration } from '../forecast/schemas';
import { toStoredRegistration } from '../forecast/sync';
import { type PipedriveDeal, pipedriveTime } from '../pipedrive/schemas';

/** A project the issue belongs to, as the apply needs it. */
export interface JiraTarget {
  id: number;
  key: string;
  /** Its last sync: the summary keeps this time, since an event is not a reconciliation. */
  lastSync: Date;
}

/**
 * Applies issues of one project (an issue event's issue, or the catch-up's search results) and
 * their status changes, then its summary. Returns how many tickets were newer than the stored.
 */
export async function applyIssues(
  tx: Db,
  target: JiraTarget,
  {
    tickets,
    epics = [],
    transitions = [],
    at,
  }: {
    tickets: readonly JiraTicket[];
    epics?: readonly JiraEpic[];
    transitions?: readonly StoredTransition[];
    at: Date;
  },
): Promise<number> {
  const deleted = await deletedSince(
    tx,
    'issue',
    tickets.map((t) => ({ id: t.id, at: t.updated })),
  );
  const live = tickets.filter((t) => !deleted.has(t.id));
  const before = await ticketVersions(tx, target.id, live);
  await applyTickets(tx, target.id, live);
  await upsertEpics(tx, target.id, epics);
  const keys = new Set(live.map((t) => t.key));
  await addTransitions(
    tx,
    target.id,
    transitions.filter((t) => keys.has(t.issueKey)),
  );
  const changed = live.filter((t) => {
    const stored = before.get(t.key);
    return stored === undefined || stored < t.updated.getTime();
  }).length;
  if (changed > 0 || epics.length > 0) {
    await refreshJiraSummary(tx, target.id, { key: target.key, syncedAt: target.lastSync });
    await recordChange(tx, { at, topic: 'jira', money: false, projectIds: [target.id] });
  }
  return changed;
}

const ticketVersions = (tx: Db, projectId: number, tickets: readonly JiraTicket[]) =>
  storedTicketTimes(
    tx,
    projectId,
    tickets.map((t) => t.key),
  );

/** Removes a deleted issue from the figures; a later-arriving older update cannot bring it back. */
export async function applyIssueDeleted(
  tx: Db,
  { issueId, at, summaries }: { issueId: string; at: Date; summaries: readonly JiraTarget[] },
): Promise<number> {
  await recordTombstone(tx, 'issue', issueId, at);
  const projects = await deleteIssue(tx, issueId);
  for (const target of summaries.filter((t) => projects.includes(t.id)))
    await refreshJiraSummary(tx, target.id, { key: target.key, syncedAt: target.lastSync });
  if (projects.length > 0)
    await recordChange(tx, { at, topic: 'jira', money: false, projectIds: projects });
  return projects.length;
}

/** Applies a sprint as an event tells it at `at`; the projects showing it get their summary again. */
export async function applySprint(
  tx: Db,
  sprint: StoredSprint,
  { at, summaries }: { at: Date; summaries: (projectIds: number[]) => Promise<JiraTarget[]> },
): Promise<number> {
  const projects = await storeSprint(tx, sprint, at);
  for (const target of await summaries(projects))
    await refreshJiraSummary(tx, target.id, { key: target.key, syncedAt: target.lastSync });
  if (projects.length > 0)
    await recordChange(tx, { at, topic: 'jira', money: false, projectIds: projects });
  return projects.length;
}

/**
 * Applies time registrations as Forecast has them now (an event's fetched registration, or the
 * time sync's pages). Returns how many were stored.
 */
export async function applyTimeRegistrations(
  tx: Db,
  registrations: readonly ForecastTimeRegistration[],
  at: Date,
): Promise<number> {
  const deleted = await deletedSince(
    tx,
    'time_registration',
    registrations.map((r) => ({ id: String(r.id), at: new Date(r.updated_at) })),
  );
  const live = registrations.filter((r) => !deleted.has(String(r.id)));
  if (live.length === 0) return 0;
  const before = await timeRegistrationProjects(
    tx,
    live.map((r) => r.id),
  );
  await upsertTimeRegistrations(tx, live.map(toStoredRegistration));
  const forecastProjects = new Set(before);
  for (const r of live) {
    const p = r.project ?? r.task_project;
    if (p != null) forecastProjects.add(p);
  }
  await recordChange(tx, {
    at,
    topic: 'time',
    money: true,
    projectIds: await projectsOfForecastProjects(tx, [...forecastProjects]),
  });
  return live.length;
}

/** Removes a time registration Forecast deleted; an older update cannot bring it back. */
export async function applyTimeRegistrationDeleted(
  tx: Db,
  { id, at }: { id: number; at: Date },
): Promise<number> {
  await recordTombstone(tx, 'time_registration', String(id), at);
  const projects = await timeRegistrationProjects(tx, [id]);
  const removed = await deleteTimeRegistrations(tx, [id]);
  if (removed > 0)
    await recordChange(tx, {
      at,
      topic: 'time',
      money: true,
      projectIds: await projectsOfForecastProjects(tx, projects),
    });
  return removed;
}

/** Notes that a project's billing (its invoices, as Forecast has them now) was applied. */
export async function noteBillingApplied(tx: Db, projectIds: number[], at: Date): Promise<void> {
  await recordChange(tx, { at, topic: 'billing', money: true, projectIds });
}

/**
 * Applies one deal as Pipedrive last changed it: open deals are kept, won, lost and deleted ones
 * leave the pipeline. Returns whether the stored pipeline changed.
 */
export async function applyDeal(
  tx: Db,
  deal: PipedriveDeal,
  { at, removed = false }: { at: Date; removed?: boolean },
): Promise<boolean> {
  const updateTime = deal.update_time ? new Date(deal.update_time) : null;
  const stamp = updateTime && !Number.isNaN(updateTime.getTime()) ? updateTime : null;
  const open = !removed && deal.status === 'open' && !deal.is_deleted;
  const changed = await storeDeal(
    tx,
    {
      id: deal.id,
      title: deal.title,
      value: deal.value,
      currency: deal.currency.toUpperCase(),
      probability: deal.probability ?? null,
      stageId: deal.stage_id ?? null,
      ownerId: deal.owner_id ?? null,
      orgId: deal.org_id ?? null,
      expectedCloseDate: deal.expected_close_date ?? null,
      addTime: pipedriveTime(deal.add_time),
      updateTime: stamp,
    },
    open,
  );
  if (changed) await recordChange(tx, { at, topic: 'deal', money: true, projectIds: [] });
  return changed;
}
