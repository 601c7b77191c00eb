import type { AuditKind } from '../shared/audit';
import { type Db, jsonValue } from './port';

/** One change to shared data: who made it, when, to what, and the values before and after. */
export interface AuditEntry {
  id: number;
  at: Date;
  actorId: string | null;
  actorEmail: string;
  kind: AuditKind;
  target: string;
  summary: string;
  before: unknown;
  after: unknown;
}

export interface NewAuditEntry {
  actor: { id: string | null; email: string };
  kind: AuditKind;
  target: string;
  summary: string;
  before?: unknown;
  after?: unknown;
}

/** Records a change. Call it with the transaction that makes the change, so both or neither stay. */
export async function insertAuditEntry(tx: Db, e: NewAuditEntry): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (actor_id, actor_email, kind, target, summary, before, after)
     VALUES ($1, $2, $3, $4, $5, $6::text::jsonb, $7::text::jsonb)`,
    [
      e.actor.id,
      e.actor.email,
      e.kind,
      e.target,
      e.summary,
      e.before === undefined ? null : JSON.stringify(e.before),
      e.after === undefined ? null : JSON.stringify(e.after),
    ],
  );
}

export interface AuditFilter {
  /** Part of the actor's email, any case. */
  person?: string | undefined;
  kind?: AuditKind | undefined;
  /** Calendar dates in the agency's zone, both included. */
  from?: string | undefined;
  to?: string | undefined;
  timeZone: string;
  limit: number;
  /** Entries skipped first (the pages before this one). */
  offset?: number;
}

interface AuditRow {
  id: string | number;
  at: Date;
  actor_id: string | null;
  actor_email: string;
  kind: AuditKind;
  target: string;
  summary: string;
  before: unknown;
  after: unknown;
}

/** The newest entries matching the filter, newest first, at most `limit`. */
export async function listAuditEntries(db: Db, f: AuditFilter): Promise<AuditEntry[]> {
  const rows = await db.query<AuditRow>(
    `SELECT id, at, actor_id, actor_email, kind, target, summary, before, after
       FROM audit_log
      WHERE ($1::text IS NULL OR strpos(lower(actor_email), lower($1)) > 0)
        AND ($2::text IS NULL OR kind = $2)
        AND ($3::date IS NULL OR at >= ($3::date)::timestamp AT TIME ZONE $5)
        AND ($4::date IS NULL OR at < ($4::date + 1)::timestamp AT TIME ZONE $5)
      ORDER BY at DESC, id DESC
      LIMIT $6 OFFSET $7`,
    [
      f.person ?? null,
      f.kind ?? null,
      f.from ?? null,
      f.to ?? null,
      f.timeZone,
      f.limit,
      f.offset ?? 0,
    ],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    at: r.at,
    actorId: r.actor_id,
    actorEmail: r.actor_email,
    kind: r.kind,
    target: r.target,
    summary: r.summary,
    before: jsonValue(r.before),
    after: jsonValue(r.after),
  }));
}

/** Everyone who has changed something, for the person filter. */
export async function listAuditActors(db: Db): Promise<string[]> {
  const rows = await db.query<{ actor_email: string }>(
    'SELECT DISTINCT actor_email FROM audit_log ORDER BY actor_email',
  );
  return rows.map((r) => r.actor_email);
}

/** Deletes entries older than `before`; the number deleted. */
export async function pruneAuditLog(db: Db, before: Date): Promise<number> {
  const rows = await db.query('DELETE FROM audit_log WHERE at < $1 RETURNING id', [before]);
  return rows.length;
}
