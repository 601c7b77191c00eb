import { type Db, jsonValue } from './port';

/** What started a run: the schedule, a process start, Sync now, or a project's own button or link. */
export type SyncTrigger = 'start' | 'schedule' | 'sync_now' | 'billing' | 'link';
/** Triggers that refresh under the lease; billing and link are one project's action, recorded only. */
export const LEASED_TRIGGERS: readonly SyncTrigger[] = ['start', 'schedule', 'sync_now'];
/** LEASED_TRIGGERS as one text[] parameter. */
export const LEASED_TRIGGERS_PARAM = `{${LEASED_TRIGGERS.join(',')}}`;
export type SyncOutcome = 'running' | 'succeeded' | 'failed' | 'interrupted';

/** Live progress while a run works, and what it left for the next run once it ends. */
export interface SyncProgress {
  service?: 'Jira' | 'Forecast' | 'Pipedrive';
  /** The dashboard project being synced, or 'time data' for the account-wide Forecast copy. */
  subject?: string;
  /** Upstream pages (calls) read for the current subject. */
  pagesRead?: number;
  unitsDone?: number;
  unitsTotal?: number;
  /** Units the page budget left for the next run. */
  deferred?: number;
  /** Upstream records left out because they could not be stored, and the first reasons. */
  skipped?: number;
  skippedReasons?: string[];
}

export interface SyncRun {
  id: number;
  trigger: SyncTrigger;
  runner: string;
  requestedBy: string | null;
  startedAt: Date;
  finishedAt: Date | null;
  outcome: SyncOutcome;
  upstreamCalls: number;
  rowsChanged: number;
  failure: string | null;
  progress: SyncProgress;
}

export interface SyncRunRow {
  id: number;
  trigger: SyncTrigger;
  runner: string;
  requested_by: string | null;
  started_at: Date;
  finished_at: Date | null;
  outcome: SyncOutcome;
  upstream_calls: number;
  rows_changed: number;
  failure: string | null;
  progress: SyncProgress | string;
}

const COLUMNS = `id, trigger, runner, requested_by, started_at, finished_at, outcome, upstream_calls,
  rows_changed, failure, progress`;

function toRun(r: SyncRunRow): SyncRun {
  return {
    id: Number(r.id),
    trigger: r.trigger,
    runner: r.runner,
    requestedBy: r.requested_by,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    outcome: r.outcome,
    upstreamCalls: r.upstream_calls,
    rowsChanged: r.rows_changed,
    failure: r.failure,
    progress: jsonValue(r.progress),
  };
}

export async function insertSyncRun(
  db: Db,
  run: { trigger: SyncTrigger; runner: string; requestedBy: string | null; startedAt: Date },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO sync_runs (trigger, runner, requested_by, started_at) VALUES ($1, $2, $3, $4) RETURNING id`,
    [run.trigger, run.runner, run.requestedBy, run.startedAt],
  );
  return Number(row!.id);
}

/** Writes live progress; only while the run is still running (a finished row is never reopened). */
export async function updateSyncRunProgress(
  db: Db,
  id: number,
  {
    upstreamCalls,
    rowsChanged,
    progress,
  }: Pick<SyncRun, 'upstreamCalls' | 'rowsChanged' | 'progress'>,
): Promise<void> {
  await db.query(
    `UPDATE sync_runs SET upstream_calls = $2, rows_changed = $3, progress = $4::text::jsonb
      WHERE id = $1 AND outcome = 'running'`,
    [id, upstreamCalls, rowsChanged, JSON.stringify(progress)],
  );
}

export async function finishSyncRun(
  db: Db,
  id: number,
  end: Pick<SyncRun, 'upstreamCalls' | 'rowsChanged' | 'progress' | 'failure'> & {
    outcome: Exclude<SyncOutcome, 'running'>;
    finishedAt: Date;
  },
): Promise<SyncRun | null> {
  const [row] = await db.query<SyncRunRow>(
    `UPDATE sync_runs SET finished_at = $2, outcome = $3, upstream_calls = $4, rows_changed = $5,
            failure = $6, progress = $7::text::jsonb
      WHERE id = $1 AND outcome = 'running'
      RETURNING ${COLUMNS}`,
    [
      id,
      end.finishedAt,
      end.outcome,
      end.upstreamCalls,
      end.rowsChanged,
      end.failure,
      JSON.stringify(end.progress),
    ],
  );
  return row ? toRun(row) : null;
}

/**
 * Closes runs whose runner stopped without finishing them (killed, crashed, a Worker past its
 * limits): leased runs other than `except` once the lease has changed hands, and a project's
 * own runs after `staleBefore`. Their stored data is untouched: every write is one transaction.
 */
export async function markInterruptedRuns(
  db: Db,
  { except, staleBefore, now }: { except: number | null; staleBefore: Date; now: Date },
): Promise<number> {
  const rows = await db.query(
    `UPDATE sync_runs SET outcome = 'interrupted', finished_at = $3,
            failure = 'The runner stopped before the run finished (process ended or timed out); nothing it had not finished was stored.'
      WHERE outcome = 'running'
        AND ((trigger = ANY($1::text[]) AND id IS DISTINCT FROM $2) OR started_at < $4)
      RETURNING id`,
    [LEASED_TRIGGERS_PARAM, except, now, staleBefore],
  );
  return rows.length;
}

export async function getSyncRun(db: Db, id: number): Promise<SyncRun | null> {
  const [row] = await db.query<SyncRunRow>(`SELECT ${COLUMNS} FROM sync_runs WHERE id = $1`, [id]);
  return row ? toRun(row) : null;
}

/** The newest runs first (the sync history screen shows 50). */
export async function listSyncRuns(db: Db, limit = 50): Promise<SyncRun[]> {
  const rows = await db.query<SyncRunRow>(
    `SELECT ${COLUMNS} FROM sync_runs ORDER BY started_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows.map(toRun);
}

/**
 * The last leased run that ended, at most one row, with the leased triggers as the parameter
 * `triggersParam` (`LEASED_TRIGGERS_PARAM`). A fragment, for src/db/freshness.ts too.
 */
export const lastFinishedRefreshSql = (triggersParam: string) => `
  SELECT ${COLUMNS} FROM sync_runs
   WHERE outcome <> 'running' AND trigger = ANY(${triggersParam}::text[])
   ORDER BY finished_at DESC, id DESC LIMIT 1`;

/** A row of `lastFinishedRefreshSql`, or of an outer join that found none (every column null). */
export function toLastFinishedRefresh(row: SyncRunRow | undefined): SyncRun | null {
  return row && row.id !== null ? toRun(row) : null;
}

/** The last leased run that ended (freshness warnings look at it), or null before the first. */
export async function lastFinishedRefresh(db: Db): Promise<SyncRun | null> {
  const [row] = await db.query<SyncRunRow>(lastFinishedRefreshSql('$1'), [LEASED_TRIGGERS_PARAM]);
  return toLastFinishedRefresh(row);
}

/** Keeps the history bounded: the newest `keep` runs stay (a run every 5 minutes is ~100,000 a year). */
export async function pruneSyncRuns(db: Db, keep: number): Promise<void> {
  await db.query(
    `DELETE FROM sync_runs WHERE outcome <> 'running' AND id < (
       SELECT min(id) FROM (SELECT id FROM sync_runs ORDER BY id DESC LIMIT $1) AS newest)`,
    [keep],
  );
}

/** When the last leased run succeeded, or null before the first success. */
export async function lastSuccessfulRefreshAt(db: Db): Promise<Date | null> {
  const [row] = await db.query<{ at: Date | null }>(
    `SELECT max(finished_at) AS at FROM sync_runs WHERE outcome = 'succeeded' AND trigger = ANY($1::text[])`,
    [LEASED_TRIGGERS_PARAM],
  );
  return row?.at ? new Date(row.at) : null;
}

/**
 * When the leased runs began failing without a success since (the first failure after the last
 * success), or null when the last leased run that ended did not fail.
 */
export async function refreshFailingSince(db: Db): Promise<Date | null> {
  const [row] = await db.query<{ since: Date | null }>(
    `WITH last AS (${lastFinishedRefreshSql('$1')})
     SELECT CASE WHEN (SELECT outcome FROM last) = 'failed' THEN (
       SELECT min(started_at) FROM sync_runs
        WHERE outcome = 'failed' AND trigger = ANY($1::text[])
          AND started_at > coalesce((SELECT max(finished_at) FROM sync_runs
                 WHERE outcome = 'succeeded' AND trigger = ANY($1::text[])), '-infinity')
     ) END AS since`,
    [LEASED_TRIGGERS_PARAM],
  );
  return row?.since ? new Date(row.since) : null;
}
