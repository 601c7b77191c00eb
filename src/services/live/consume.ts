/**
 * The delivery job's consumer, the same on every engine (docs/decisions/400-live-webhooks-inbox-and-queue.md):
 * reads the stored delivery, fetches what a thin payload only names (Forecast), then applies it
 * in one transaction with the delivery's own row locked, so of two workers (a retried job, a
 * doubled delivery's queue message) exactly one applies it and the row says so. A delivery the
 * dashboard can never use is dead-lettered with its reason; a failure (upstream down, a database
 * error) is retried by the engine with backoff, and dead-lettered after MAX_ATTEMPTS.
 */
import { z } from 'zod';
import {
  claimDelivery,
  countAttempt,
  finishDelivery,
  readDelivery,
  type StoredDelivery,
} from '../../db/live';
import type { Db } from '../../db/port';
import { jiraLinksOf, projectsLinkedToJira, projectsOfForecastProjects } from '../../db/projects';
import { syncForecastBilling } from '../forecast/sync';
import { UpstreamError } from '../http';
import type { Integrations } from '../integrations';
import { parseJiraTimestamp, readIssue, type JiraFieldIds } from '../jira/model';
import { jiraIssueBeanSchema, jiraSprintSchema, jiraWebhookChangelogSchema } from '../jira/schemas';
import { pipedriveDealSchema } from '../pipedrive/schemas';
import {
  applyDeal,
  applyIssueDeleted,
  applyIssues,
  applySprint,
  applyTimeRegistrationDeleted,
  applyTimeRegistrations,
  type JiraTarget,
  noteBillingApplied,
} from './apply';
import { forecastEvent, pipedriveEvent } from './events';

/** Tries before a delivery that keeps failing is dead-lettered (the engine retries with backoff). */
export const MAX_ATTEMPTS = 5;

export interface ConsumeDeps {
  db: Db;
  clock: () => Date;
  clients: () => Integrations;
  timeZone: string;
}

/** A delivery the dashboard can never apply; it is dead-lettered with this reason. */
class Unusable extends Error {}

type Outcome = 'applied' | 'dead' | 'skipped';

/** What applying a delivery takes: the transaction's writes, and what to say it did. */
type Plan = (tx: Db) => Promise<string>;

const eventTime = (value: unknown, fallback: Date): Date => {
  const at = parseJiraTimestamp(value);
  return at ?? fallback;
};

/** The field ids an issue event is read with: those of the project's last sync, else Jira's. */
async function fieldIdsFor(
  stored: { storyPoints: string[]; sprint: string | null } | null,
  deps: ConsumeDeps,
): Promise<JiraFieldIds> {
  if (stored) return stored;
  const jira = deps.clients().jira;
  const [storyPoints, sprint] = await Promise.all([
    jira.storyPointsFieldIds(),
    jira.sprintFieldId(),
  ]);
  return { storyPoints, sprint };
}

async function planJira(deps: ConsumeDeps, d: StoredDelivery): Promise<Plan> {
  const body = d.body as Record<string, unknown>;
  const at = eventTime(body.timestamp, d.receivedAt);
  if (d.event.startsWith('sprint_')) {
    const parsed = jiraSprintSchema.safeParse(body.sprint);
    if (!parsed.success) throw new Unusable('The sprint event has no readable "sprint".');
    const s = parsed.data;
    const sprint = {
      id: s.id,
      boardId: s.originBoardId ?? -1,
      state: s.state,
      name: s.name,
      startDate: parseJiraTimestamp(s.startDate),
      endDate: parseJiraTimestamp(s.endDate),
      completeDate: parseJiraTimestamp(s.completeDate),
      goal: s.goal ?? '',
    };
    return async (tx) => {
      const n = await applySprint(tx, sprint, {
        at,
        summaries: async (ids) => targetsOf(await jiraLinksOf(tx, ids)),
      });
      return n ? `Sprint ${s.id} applied to ${n} project(s).` : `Sprint ${s.id}: nothing newer.`;
    };
  }

  const parsed = jiraIssueBeanSchema.safeParse(body.issue);
  if (!parsed.success) throw new Unusable('The issue event has no readable "issue".');
  const bean = parsed.data;
  const project = bean.fields.project as { key?: unknown } | undefined;
  const key = typeof project?.key === 'string' ? project.key : bean.key.split('-')[0]!;
  const linked = await projectsLinkedToJira(deps.db, [key]);
  if (d.event === 'jira:issue_deleted') {
    const summaries = targetsOf(linked);
    return async (tx) => {
      const n = await applyIssueDeleted(tx, { issueId: bean.id, at, summaries });
      return n ? `${bean.key} deleted from ${n} project(s).` : `${bean.key} was not stored.`;
    };
  }
  // A project never synced yet gets the issue with its first sync.
  const targets = linked.filter((p) => p.lastSync !== null);
  if (targets.length === 0) return async () => `No synced dashboard project shows ${key}.`;

  const changelog = jiraWebhookChangelogSchema.safeParse(body.changelog);
  const reads: { target: (typeof targets)[number]; read: ReturnType<typeof readIssue> }[] = [];
  for (const target of targets) {
    let read: ReturnType<typeof readIssue>;
    try {
      read = readIssue(bean, await fieldIdsFor(target.fieldIds, deps));
    } catch (error) {
      if (error instanceof UpstreamError && error.kind === 'malformed_response')
        throw new Unusable(error.message);
      throw error;
    }
    reads.push({ target, read });
  }
  const transitions = changelog.success
    ? changelog.data.items
        .filter((i) => i.fieldId === 'status' || i.field === 'status')
        .filter((i) => i.toName)
        .map((i) => ({
          issueKey: bean.key,
          historyId: changelog.data.id,
          at,
          fromStatusId: i.from ?? null,
          fromStatusName: i.fromString ?? null,
          toStatusId: i.to ?? null,
          toStatusName: i.toName!,
        }))
    : [];
  return async (tx) => {
    let changed = 0;
    for (const { target, read } of reads) {
      const t = { id: target.id, key: target.key, lastSync: target.lastSync! };
      changed +=
        read.kind === 'ticket'
          ? await applyIssues(tx, t, { tickets: [read.ticket], transitions, at })
          : await applyIssues(tx, t, { tickets: [], epics: [read.epic], at });
    }
    return changed ? `${bean.key} applied.` : `${bean.key}: nothing newer than stored.`;
  };
}

const targetsOf = (rows: { id: number; key: string; lastSync: Date | null }[]): JiraTarget[] =>
  rows
    .filter((r) => r.lastSync !== null)
    .map((r) => ({ id: r.id, key: r.key, lastSync: r.lastSync! }));

const forecastBodySchema = z.object({
  object: z.object({ id: z.number().int().positive() }),
  timestamp: z.string().nullish(),
});

async function planForecast(deps: ConsumeDeps, d: StoredDelivery): Promise<Plan> {
  const event = forecastEvent(d.event);
  const parsed = forecastBodySchema.safeParse(d.body);
  if (!event || !parsed.success) throw new Unusable('The Forecast event names no object id.');
  const id = parsed.data.object.id;
  const at = eventTime(parsed.data.timestamp, d.receivedAt);
  const forecast = deps.clients().forecast;

  if (event.object === 'project') {
    // Forecast has no invoice events: a project's change brings its billing in again.
    const projects = await projectsOfForecastProjects(deps.db, [id]);
    for (const projectId of projects)
      await syncForecastBilling(deps.db, forecast, {
        projectId,
        now: deps.clock(),
        timeZone: deps.timeZone,
      });
    return async (tx) => {
      if (projects.length) await noteBillingApplied(tx, projects, at);
      return `Billing of Forecast project ${id} read again for ${projects.length} project(s).`;
    };
  }
  if (event.action === 'deleted')
    return async (tx) =>
      (await applyTimeRegistrationDeleted(tx, { id, at }))
        ? `Time registration ${id} deleted.`
        : `Time registration ${id} was not stored.`;
  // The payload only names it: read it as Forecast has it now (gone means deleted since).
  let registration: Awaited<ReturnType<typeof forecast.timeRegistration>>;
  try {
    registration = await forecast.timeRegistration(id);
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === 'not_found')
      return async (tx) => {
        await applyTimeRegistrationDeleted(tx, { id, at });
        return `Time registration ${id} is gone from Forecast.`;
      };
    if (error instanceof UpstreamError && error.kind === 'malformed_response')
      throw new Unusable(error.message);
    throw error;
  }
  return async (tx) =>
    (await applyTimeRegistrations(tx, [registration], at))
      ? `Time registration ${id} applied.`
      : `Time registration ${id}: deleted since.`;
}

async function planPipedrive(_deps: ConsumeDeps, d: StoredDelivery): Promise<Plan> {
  const event = pipedriveEvent(d.event);
  const body = d.body as { data?: unknown; previous?: unknown; meta?: { timestamp?: unknown } };
  if (!event) throw new Unusable('The Pipedrive event is not a deal event.');
  const removed = event.action === 'delete';
  const parsed = pipedriveDealSchema.safeParse(removed ? (body.data ?? body.previous) : body.data);
  if (!parsed.success) throw new Unusable('The deal event has no readable deal in "data".');
  const deal = parsed.data;
  const at = d.receivedAt;
  return async (tx) =>
    (await applyDeal(tx, deal, { at, removed }))
      ? `Deal ${deal.id} applied.`
      : `Deal ${deal.id}: nothing newer than stored.`;
}

const PLANS: Record<StoredDelivery['source'], typeof planJira> = {
  jira: planJira,
  forecast: planForecast,
  pipedrive: planPipedrive,
};

/**
 * Applies one stored delivery, at most once whatever the number of calls. Throws on a failure
 * worth retrying (the engine retries it); after MAX_ATTEMPTS the delivery is dead-lettered.
 */
export async function processDelivery(deps: ConsumeDeps, deliveryId: number): Promise<Outcome> {
  const delivery = await readDelivery(deps.db, deliveryId);
  if (delivery?.status !== 'received') return 'skipped';
  const dead = async (reason: string) => {
    await deps.db.transaction(async (tx) => {
      if (await claimDelivery(tx, deliveryId))
        await finishDelivery(tx, deliveryId, { status: 'dead', outcome: reason, at: deps.clock() });
    });
    return 'dead' as const;
  };
  try {
    const plan = await PLANS[delivery.source](deps, delivery);
    return await deps.db.transaction(async (tx) => {
      if (!(await claimDelivery(tx, deliveryId))) return 'skipped' as const;
      const outcome = await plan(tx);
      await finishDelivery(tx, deliveryId, { status: 'applied', outcome, at: deps.clock() });
      return 'applied' as const;
    });
  } catch (error) {
    if (error instanceof Unusable) return dead(error.message);
    const message = error instanceof Error ? error.message : String(error);
    const attempts = await countAttempt(deps.db, deliveryId, message);
    if (attempts >= MAX_ATTEMPTS) return dead(`Gave up after ${attempts} attempts: ${message}`);
    throw error;
  }
}
