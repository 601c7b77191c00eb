/**
 * The webhook inbox, the tombstones of deleted upstream records and the change feed of open pages
 * (sql/0120_webhook_inbox.sql, docs/decisions/400-live-webhooks-inbox-and-queue.md).
 */
import type { ChangeTopic } from '../shared/live';
import { jsonValue, type Db } from './port';

export type WebhookSource = 'jira' | 'forecast' | 'pipedrive';

export interface StoredDelivery {
  id: number;
  source: WebhookSource;
  deliveryId: string;
  event: string;
  receivedAt: Date;
  body: unknown;
  status: 'received' | 'applied' | 'dead';
  attempts: number;
}

export interface NewDelivery {
  source: WebhookSource;
  deliveryId: string;
  event: string;
  receivedAt: Date;
  rawBody: string;
  /** Stored dead-lettered at once, with this reason (an event the dashboard does not use). */
  deadReason?: string;
}

/**
 * Stores deliveries once each, in one statement: a repeat of a stored upstream delivery id only
 * counts as a duplicate. Returns, in order, each new row's id, or null for a duplicate. The
 * deliveries' ids must differ from each other (PostgreSQL refuses to update a row twice in one
 * statement).
 */
export async function storeDeliveries(tx: Db, ds: NewDelivery[]): Promise<(number | null)[]> {
  const rows = await tx.query<{
    id: number;
    source: string;
    delivery_id: string;
    inserted: boolean;
  }>(
    `INSERT INTO webhook_deliveries
            (source, delivery_id, event, received_at, body, status, outcome, applied_at)
     SELECT d.source, d.delivery_id, d.event, d.received_at, d.body::jsonb,
            CASE WHEN d.dead IS NULL THEN 'received' ELSE 'dead' END, d.dead,
            CASE WHEN d.dead IS NULL THEN NULL ELSE d.received_at END
       FROM json_to_recordset($1::text::json)
            AS d(source text, delivery_id text, event text, received_at timestamptz, body text, dead text)
     ON CONFLICT (source, delivery_id) DO UPDATE SET duplicates = webhook_deliveries.duplicates + 1
     RETURNING id, source, delivery_id, (xmax = 0) AS inserted`,
    [
      JSON.stringify(
        ds.map((d) => ({
          source: d.source,
          delivery_id: d.deliveryId,
          event: d.event,
          received_at: d.receivedAt.toISOString(),
          body: d.rawBody,
          dead: d.deadReason?.slice(0, 500) ?? null,
        })),
      ),
    ],
  );
  const stored = new Map(rows.map((r) => [`${r.source} ${r.delivery_id}`, r]));
  return ds.map((d) => {
    const row = stored.get(`${d.source} ${d.deliveryId}`);
    return row?.inserted ? Number(row.id) : null;
  });
}

interface DeliveryRow {
  id: number;
  source: WebhookSource;
  delivery_id: string;
  event: string;
  received_at: Date;
  body: unknown;
  status: StoredDelivery['status'];
  attempts: number;
}

const toDelivery = (r: DeliveryRow): StoredDelivery => ({
  id: r.id,
  source: r.source,
  deliveryId: r.delivery_id,
  event: r.event,
  receivedAt: r.received_at,
  body: jsonValue(r.body),
  status: r.status,
  attempts: r.attempts,
});

/**
 * Takes a waiting delivery for applying, locked until the caller's transaction ends: of two
 * workers at once exactly one gets it, and once applied nobody does. Null otherwise. It waits for
 * a lock rather than skipping it: a repeat of the delivery being counted holds the row too, and
 * skipping then would leave the delivery unapplied.
 */
export async function claimDelivery(tx: Db, id: number): Promise<boolean> {
  const rows = await tx.query(
    `SELECT id FROM webhook_deliveries WHERE id = $1 AND status = 'received' FOR UPDATE`,
    [id],
  );
  return rows.length === 1;
}

/** Records what became of a delivery: applied (with what it did) or dead-lettered (why). */
export async function finishDelivery(
  tx: Db,
  id: number,
  { status, outcome, at }: { status: 'applied' | 'dead'; outcome: string; at: Date },
): Promise<void> {
  await tx.query(
    `UPDATE webhook_deliveries
        SET status = $2, outcome = $3, applied_at = $4,
            applies = applies + CASE WHEN $2 = 'applied' THEN 1 ELSE 0 END
      WHERE id = $1`,
    [id, status, outcome.slice(0, 500), at],
  );
}

/** Deliveries still waiting after `before` (a lost job, or the Worker's queue message dropped). */
export async function waitingDeliveries(db: Db, before: Date, limit = 500): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM webhook_deliveries WHERE status = 'received' AND received_at < $1
      ORDER BY received_at LIMIT $2`,
    [before, limit],
  );
  return rows.map((r) => r.id);
}

export interface InboxStats {
  received: number;
  applied: number;
  duplicates: number;
  deadLettered: number;
  waiting: number;
  /** Received to applied over the last hour's applied deliveries, in ms (null: none). */
  lagP50Ms: number | null;
  lagP95Ms: number | null;
  /** The oldest delivery still waiting, when it came. */
  oldestWaiting: Date | null;
  /** Per source, for the Sync page's table. */
  bySource: {
    source: WebhookSource;
    received: number;
    applied: number;
    duplicates: number;
    deadLettered: number;
    waiting: number;
    lastReceivedAt: Date | null;
  }[];
  /** The latest dead-lettered deliveries with their reason. */
  recentDead: { source: WebhookSource; event: string; receivedAt: Date; outcome: string }[];
}

export async function readInboxStats(db: Db, now: Date): Promise<InboxStats> {
  const [counts] = await db.query<{
    received: number;
    applied: number;
    duplicates: number;
    dead: number;
    waiting: number;
    oldest_waiting: Date | null;
  }>(
    `SELECT count(*)::int AS received,
            count(*) FILTER (WHERE status = 'applied')::int AS applied,
            coalesce(sum(duplicates), 0)::int AS duplicates,
            count(*) FILTER (WHERE status = 'dead')::int AS dead,
            count(*) FILTER (WHERE status = 'received')::int AS waiting,
            min(received_at) FILTER (WHERE status = 'received') AS oldest_waiting
       FROM webhook_deliveries`,
  );
  const [lag] = await db.query<{ p50: number | null; p95: number | null }>(
    `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50,
            percentile_cont(0.95) WITHIN GROUP (ORDER BY ms) AS p95
       FROM (SELECT extract(epoch FROM applied_at - received_at) * 1000 AS ms
               FROM webhook_deliveries
              WHERE status = 'applied' AND applied_at > $1) recent`,
    [new Date(now.getTime() - 3_600_000)],
  );
  const bySource = await db.query<{
    source: WebhookSource;
    received: number;
    applied: number;
    duplicates: number;
    dead: number;
    waiting: number;
    last_received_at: Date | null;
  }>(
    `SELECT source, count(*)::int AS received,
            count(*) FILTER (WHERE status = 'applied')::int AS applied,
            coalesce(sum(duplicates), 0)::int AS duplicates,
            count(*) FILTER (WHERE status = 'dead')::int AS dead,
            count(*) FILTER (WHERE status = 'received')::int AS waiting,
            max(received_at) AS last_received_at
       FROM webhook_deliveries GROUP BY source ORDER BY source`,
  );
  const dead = await db.query<{
    source: WebhookSource;
    event: string;
    received_at: Date;
    outcome: string | null;
  }>(
    `SELECT source, event, received_at, outcome FROM webhook_deliveries
      WHERE status = 'dead' ORDER BY received_at DESC LIMIT 5`,
  );
  const round = (v: number | null | undefined) => (v == null ? null : Math.round(Number(v)));
  return {
    received: counts?.received ?? 0,
    applied: counts?.applied ?? 0,
    duplicates: counts?.duplicates ?? 0,
    deadLettered: counts?.dead ?? 0,
    waiting: counts?.waiting ?? 0,
    lagP50Ms: round(lag?.p50),
    lagP95Ms: round(lag?.p95),
    oldestWaiting: counts?.oldest_waiting ?? null,
    bySource: bySource.map((r) => ({
      source: r.source,
      received: r.received,
      applied: r.applied,
      duplicates: r.duplicates,
      deadLettered: r.dead,
      waiting: r.waiting,
      lastReceivedAt: r.last_received_at,
    })),
    recentDead: dead.map((r) => ({
      source: r.source,
      event: r.event,
      receivedAt: r.received_at,
      outcome: r.outcome ?? '',
    })),
  };
}

/** Handled deliveries and live changes from before `before` go; one still waiting stays (the inbox's counts are of what it keeps). */
export async function pruneDeliveries(db: Db, before: Date): Promise<void> {
  await db.query(`DELETE FROM webhook_deliveries WHERE received_at < $1 AND status <> 'received'`, [
    before,
  ]);
  await db.query('DELETE FROM live_changes WHERE at < $1', [before]);
}

// ---------------------------------------------------------------------------
// Tombstones

export type TombstoneKind = 'issue' | 'time_registration' | 'deal';

/** Records a deletion; a later deletion time wins. */
export async function recordTombstone(
  tx: Db,
  kind: TombstoneKind,
  upstreamId: string,
  deletedAt: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO live_tombstones (kind, upstream_id, deleted_at) VALUES ($1, $2, $3)
     ON CONFLICT (kind, upstream_id) DO UPDATE SET deleted_at = GREATEST(live_tombstones.deleted_at, EXCLUDED.deleted_at)`,
    [kind, upstreamId, deletedAt],
  );
}

/** The ids of `ids` deleted at or after the time each was last changed (so not to be stored). */
export async function deletedSince(
  tx: Db,
  kind: TombstoneKind,
  changes: readonly { id: string; at: Date }[],
): Promise<Set<string>> {
  if (changes.length === 0) return new Set();
  const rows = await tx.query<{ upstream_id: string }>(
    `SELECT t.upstream_id FROM live_tombstones t
       JOIN jsonb_to_recordset($2::text::jsonb) AS c(id text, at timestamptz) ON c.id = t.upstream_id
      WHERE t.kind = $1 AND t.deleted_at >= c.at`,
    [kind, JSON.stringify(changes.map((c) => ({ id: c.id, at: c.at.toISOString() })))],
  );
  return new Set(rows.map((r) => r.upstream_id));
}

// ---------------------------------------------------------------------------
// The change feed

export type { ChangeTopic };

export interface LiveChange {
  id: number;
  at: Date;
  topic: ChangeTopic;
  money: boolean;
  projectIds: number[];
}

/** Notes a change open pages should show (in the transaction that made it). */
export async function recordChange(
  tx: Db,
  change: { at: Date; topic: ChangeTopic; money: boolean; projectIds: readonly number[] },
): Promise<void> {
  await tx.query(
    `INSERT INTO live_changes (at, topic, money, project_ids)
     VALUES ($1, $2, $3, ARRAY(SELECT jsonb_array_elements_text($4::text::jsonb)::int))`,
    [change.at, change.topic, change.money, JSON.stringify(change.projectIds)],
  );
}

/** Changes after `afterId`, oldest first (at most `limit`). */
export async function changesAfter(db: Db, afterId: number, limit = 200): Promise<LiveChange[]> {
  const rows = await db.query<{
    id: number;
    at: Date;
    topic: ChangeTopic;
    money: boolean;
    project_ids: unknown;
  }>(
    'SELECT id, at, topic, money, to_jsonb(project_ids) AS project_ids FROM live_changes WHERE id > $1 ORDER BY id LIMIT $2',
    [afterId, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    topic: r.topic,
    money: r.money,
    projectIds: jsonValue<number[]>(r.project_ids).map(Number),
  }));
}

/** The newest change's id (0 when none): where a new event stream starts. */
export async function lastChangeId(db: Db): Promise<number> {
  const [row] = await db.query<{ id: number | null }>('SELECT max(id) AS id FROM live_changes');
  return row?.id ?? 0;
}

/** One delivery as stored (null when it is gone). */
export async function readDelivery(db: Db, id: number): Promise<StoredDelivery | null> {
  const [row] = await db.query<DeliveryRow>(
    'SELECT id, source, delivery_id, event, received_at, body, status, attempts FROM webhook_deliveries WHERE id = $1',
    [id],
  );
  return row ? toDelivery(row) : null;
}

/** Counts one more try at a waiting delivery, with why the last one failed; returns the tries so far. */
export async function countAttempt(db: Db, id: number, failure?: string): Promise<number> {
  const [row] = await db.query<{ attempts: number }>(
    `UPDATE webhook_deliveries SET attempts = attempts + 1, outcome = coalesce($2, outcome)
      WHERE id = $1 AND status = 'received' RETURNING attempts`,
    [id, failure?.slice(0, 500) ?? null],
  );
  return row?.attempts ?? 0;
}
