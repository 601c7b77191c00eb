/**
 * What a page's freshness line reads, in one round trip: every page shows it, so its four small
 * reads (projects' sync times, the time sync's state, the refresh lease, the last finished run)
 * go together. Each table's SQL stays with its owner (docs/decisions/112-one-owner-per-table.md);
 * this only joins their fragments, each of which yields at most one row.
 */
import { type ForecastSyncState, SYNC_STATE_SQL, type SyncStateRow, toSyncState } from './forecast';
import type { Db } from './port';
import {
  PROJECT_SYNC_TIMES_SQL,
  type ProjectSyncTimes,
  type ProjectSyncTimesRow,
  toProjectSyncTimes,
} from './projects';
import {
  type LeaseRow,
  type LeaseState,
  leaseSql,
  REFRESH_LEASE,
  toLeaseState,
} from './sync-lease';
import {
  LEASED_TRIGGERS_PARAM,
  lastFinishedRefreshSql,
  type SyncRun,
  type SyncRunRow,
  toLastFinishedRefresh,
} from './sync-runs';

export interface FreshnessInputs {
  projects: ProjectSyncTimes;
  timeSync: ForecastSyncState;
  lease: LeaseState;
  lastFinishedRun: SyncRun | null;
}

// The projects' aggregate always has its one row; the others are joined to it, so a missing
// row (no lease yet, no run yet) reads as nulls.
const FRESHNESS_SQL = `
  SELECT projects.*, time_sync.*, lease.*, last_run.*
    FROM (${PROJECT_SYNC_TIMES_SQL}) projects
    LEFT JOIN (${SYNC_STATE_SQL}) time_sync ON true
    LEFT JOIN (${leaseSql('$1')}) lease ON true
    LEFT JOIN (${lastFinishedRefreshSql('$2')}) last_run ON true`;

export async function readFreshnessInputs(db: Db, now: Date): Promise<FreshnessInputs> {
  const [row] = await db.query<ProjectSyncTimesRow & SyncStateRow & LeaseRow & SyncRunRow>(
    FRESHNESS_SQL,
    [REFRESH_LEASE, LEASED_TRIGGERS_PARAM],
  );
  return {
    projects: toProjectSyncTimes(row),
    timeSync: toSyncState(row),
    lease: toLeaseState(row, now),
    lastFinishedRun: toLastFinishedRefresh(row),
  };
}
