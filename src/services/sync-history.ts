import { listSyncRuns, type SyncRun } from '../db/sync-runs';
import type { Db } from '../db/port';
import type { SyncRunJson } from '../shared/sync-runs';

/** How many runs the history screen and GET /api/admin/sync/runs show. */
export const SYNC_HISTORY_LENGTH = 50;

/** A stored run as the sync screen and its calls show it (docs/decisions/131). */
export function toSyncRunJson(run: SyncRun): SyncRunJson {
  return {
    id: run.id,
    trigger: run.trigger,
    runner: run.runner,
    requestedBy: run.requestedBy,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    durationMs: run.finishedAt ? run.finishedAt.getTime() - run.startedAt.getTime() : null,
    outcome: run.outcome,
    upstreamCalls: run.upstreamCalls,
    rowsChanged: run.rowsChanged,
    failure: run.failure,
    progress: run.progress,
  };
}

/** The last runs, newest first, as JSON. */
export async function loadSyncHistory(db: Db): Promise<SyncRunJson[]> {
  return (await listSyncRuns(db, SYNC_HISTORY_LENGTH)).map(toSyncRunJson);
}
