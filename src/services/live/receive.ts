/**
 * Receiving a webhook delivery (docs/decisions/400-live-webhooks-inbox-and-queue.md): check it
 * is the upstream's, store it once (unique on the upstream's delivery id), add its job in the
 * same transaction, and answer. Nothing is applied here: the answer goes back as soon as the
 * delivery is stored. A delivery that is not the upstream's, or not JSON, is refused and not
 * stored; one the dashboard cannot use (an unknown event) is stored dead-lettered and counted.
 */
import type { Db } from '../../db/port';
import { type NewDelivery, storeDeliveries, type WebhookSource } from '../../db/live';
import { JOB, type JobQueue } from './jobs';
import { bodyDigest, sameSecret, verifyBasicAuth, verifyJiraSignature } from './signatures';
import { eventOf } from './events';

/** What each upstream must be configured with; unset means its receiver answers 404. */
export interface WebhookSecrets {
  jiraSecret?: string;
  forecastToken?: string;
  pipedrive?: { user: string; password: string };
}

export interface ReceiveDeps {
  db: Db;
  jobs?: JobQueue;
  clock: () => Date;
  secrets: WebhookSecrets;
}

export interface IncomingDelivery {
  rawBody: string;
  header: (name: string) => string | undefined;
  /** Forecast's token from the address. */
  token?: string;
}

export interface ReceiveResult {
  status: 200 | 202 | 400 | 401 | 404;
  body: { message: string; duplicate?: boolean; deadLettered?: boolean };
}

const refuse = (status: 400 | 401 | 404, message: string): ReceiveResult => ({
  status,
  body: { message },
});

const NOT_SET_UP: Record<WebhookSource, string> = {
  jira: 'Jira webhooks are not set up on this dashboard (JIRA_WEBHOOK_SECRET is unset).',
  forecast: 'Forecast webhooks are not set up on this dashboard (FORECAST_WEBHOOK_TOKEN is unset).',
  pipedrive:
    'Pipedrive webhooks are not set up on this dashboard (PIPEDRIVE_WEBHOOK_USER and PIPEDRIVE_WEBHOOK_PASSWORD are unset).',
};

/** Checks who sent it; a refusal when it is not the upstream (nothing is stored then). */
function authenticate(
  source: WebhookSource,
  secrets: WebhookSecrets,
  delivery: IncomingDelivery,
): ReceiveResult | null {
  switch (source) {
    case 'jira':
      if (!secrets.jiraSecret) return refuse(404, NOT_SET_UP.jira);
      return verifyJiraSignature(
        secrets.jiraSecret,
        delivery.rawBody,
        delivery.header('x-hub-signature'),
      )
        ? null
        : refuse(401, 'The X-Hub-Signature header is missing or does not match the body.');
    case 'forecast':
      if (!secrets.forecastToken) return refuse(404, NOT_SET_UP.forecast);
      // The same 404 as an unknown path: a wrong token learns nothing.
      return sameSecret(delivery.token ?? '', secrets.forecastToken)
        ? null
        : refuse(404, 'Not found.');
    case 'pipedrive':
      if (!secrets.pipedrive) return refuse(404, NOT_SET_UP.pipedrive);
      return verifyBasicAuth(
        delivery.header('authorization'),
        secrets.pipedrive.user,
        secrets.pipedrive.password,
      )
        ? null
        : refuse(401, 'The basic auth user or password is wrong.');
  }
}

/** The upstream's own id of the delivery: the same on every retry of it. */
function deliveryIdOf(source: WebhookSource, body: Record<string, unknown>, d: IncomingDelivery) {
  if (source === 'jira') {
    const id = d.header('x-atlassian-webhook-identifier')?.trim();
    if (id) return id.slice(0, 200);
  }
  if (source === 'pipedrive') {
    const meta = body.meta as Record<string, unknown> | undefined;
    const id = meta?.id;
    if (typeof id === 'string' || typeof id === 'number') return String(id).slice(0, 200);
  }
  return bodyDigest(d.rawBody);
}

/** Batches of deliveries stored at once per process, and how many deliveries a batch takes at most. */
const BATCHES_AT_ONCE = 2;
const BATCH_LIMIT = 100;

interface Waiting {
  delivery: NewDelivery;
  stored: (id: number | null) => void;
  failed: (error: unknown) => void;
}

/**
 * Stores deliveries with their jobs, those that arrive together in one transaction: one
 * multi-row insert and the jobs' sends pipelined on its connection, one commit for all. Each
 * caller still waits for its own delivery's commit. On a machine whose cores are busy, each round
 * trip to PostgreSQL waits its turn for a core: a transaction per delivery (begin, insert, send,
 * commit) held the receiver to 44-77 deliveries/s (bench/results/README.md, the live rows).
 */
function createInbox(db: Db, jobs: JobQueue | undefined) {
  let waiting: Waiting[] = [];
  let running = 0;

  const write = async (batch: Waiting[]) => {
    const ids = await db.transaction(async (tx) => {
      const ids = await storeDeliveries(
        tx,
        batch.map((w) => w.delivery),
      );
      if (jobs?.transactional)
        await Promise.all(
          ids.map((id, i) =>
            id !== null && !batch[i]!.delivery.deadReason
              ? jobs.send(JOB.delivery, { deliveryId: id }, { tx })
              : null,
          ),
        );
      return ids;
    });
    for (const [i, w] of batch.entries()) w.stored(ids[i]!);
  };

  const next = () => {
    while (running < BATCHES_AT_ONCE && waiting.length > 0) {
      // A delivery id once per batch: a repeat waits for the next one, and counts as a duplicate there.
      const keys = new Set<string>();
      const batch: Waiting[] = [];
      const later: Waiting[] = [];
      for (const w of waiting) {
        const key = `${w.delivery.source} ${w.delivery.deliveryId}`;
        if (batch.length < BATCH_LIMIT && !keys.has(key)) {
          keys.add(key);
          batch.push(w);
        } else later.push(w);
      }
      waiting = later;
      running++;
      write(batch)
        .catch(async (error: unknown) => {
          if (batch.length === 1) return batch[0]!.failed(error);
          // One delivery the database refuses must not fail the others: each alone, in turn.
          for (const w of batch) await write([w]).catch(w.failed);
        })
        .finally(() => {
          running--;
          next();
        });
    }
  };

  return {
    /** The stored delivery's new id, or null when its id was stored before (a duplicate). */
    store: (delivery: NewDelivery) =>
      new Promise<number | null>((stored, failed) => {
        waiting.push({ delivery, stored, failed });
        next();
      }),
  };
}

const inboxes = new WeakMap<Db, Map<JobQueue | undefined, ReturnType<typeof createInbox>>>();

/** This process's inbox writer for the database and queue (one per app). */
function inboxOf(db: Db, jobs: JobQueue | undefined) {
  const byQueue = inboxes.get(db) ?? new Map();
  inboxes.set(db, byQueue);
  const inbox = byQueue.get(jobs) ?? createInbox(db, jobs);
  byQueue.set(jobs, inbox);
  return inbox;
}

export async function receiveDelivery(
  deps: ReceiveDeps,
  source: WebhookSource,
  delivery: IncomingDelivery,
): Promise<ReceiveResult> {
  const refused = authenticate(source, deps.secrets, delivery);
  if (refused) return refused;
  let body: unknown;
  try {
    body = JSON.parse(delivery.rawBody);
  } catch {
    return refuse(400, 'The body is not JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return refuse(400, 'The body is not a JSON object.');
  // PostgreSQL's jsonb has no NUL character: such a body would fail its batch's insert.
  if (delivery.rawBody.includes('\\u0000'))
    return refuse(400, 'The body holds the character \\u0000, which the inbox cannot store.');
  const record = body as Record<string, unknown>;
  const event = eventOf(source, record);
  if (!event.name) return refuse(400, event.problem);

  const { jobs } = deps;
  const dead = !event.known;
  const id = await inboxOf(deps.db, jobs).store({
    source,
    deliveryId: deliveryIdOf(source, record, delivery),
    event: event.name,
    receivedAt: deps.clock(),
    rawBody: delivery.rawBody,
    deadReason: dead ? `The dashboard does not use ${source} events "${event.name}".` : undefined,
  });
  if (id === null) return { status: 200, body: { message: 'Already received.', duplicate: true } };
  if (dead)
    return {
      status: 202,
      body: { message: `Stored; the event "${event.name}" is not used.`, deadLettered: true },
    };
  if (jobs && !jobs.transactional)
    // A queue outside the database: a lost send is picked up by the catch-up's sweep.
    await jobs.send(JOB.delivery, { deliveryId: id }).catch(() => null);
  jobs?.wake(JOB.delivery);
  return { status: 202, body: { message: 'Stored.' } };
}

/** The receivers' secrets from the environment (src/config.ts). */
export function webhookSecretsFrom(config: {
  JIRA_WEBHOOK_SECRET?: string;
  FORECAST_WEBHOOK_TOKEN?: string;
  PIPEDRIVE_WEBHOOK_USER?: string;
  PIPEDRIVE_WEBHOOK_PASSWORD?: string;
}): WebhookSecrets {
  return {
    jiraSecret: config.JIRA_WEBHOOK_SECRET,
    forecastToken: config.FORECAST_WEBHOOK_TOKEN,
    pipedrive:
      config.PIPEDRIVE_WEBHOOK_USER && config.PIPEDRIVE_WEBHOOK_PASSWORD
        ? { user: config.PIPEDRIVE_WEBHOOK_USER, password: config.PIPEDRIVE_WEBHOOK_PASSWORD }
        : undefined,
  };
}
