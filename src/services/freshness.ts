import type { SessionUser } from '../auth/session';
import type { Config } from '../config';
import { readFreshnessInputs } from '../db/freshness';
import type { Db } from '../db/port';
import {
  BILLING_DATA_MAX_AGE_MS,
  type Freshness,
  type FreshnessSource,
  JIRA_DATA_MAX_AGE_MS,
  type SyncedSource,
  staleAfterMs,
} from '../shared/freshness';

export type { SyncedSource };

/**
 * How current the sources a page reads are (docs/decisions/131-freshness-and-sync-now.md), in
 * one query. The last run's failure reason is only for admins: it can name
 * configuration the others need not see.
 */
export async function loadFreshness(
  deps: { db: Db; config: Config; clock: () => Date },
  wanted: readonly SyncedSource[],
  user: Pick<SessionUser, 'role'>,
): Promise<Freshness> {
  const { db, config } = deps;
  const now = deps.clock();
  const intervalMs = config.SYNC_INTERVAL_SECONDS * 1000;
  const {
    projects: times,
    timeSync,
    lease,
    lastFinishedRun: last,
  } = await readFreshnessInputs(db, now);
  const sources: FreshnessSource[] = [];
  if (wanted.includes('jira') && times.jiraLinked > 0)
    sources.push({
      service: 'Jira',
      at: times.oldestJiraSync?.toISOString() ?? null,
      refreshMs: JIRA_DATA_MAX_AGE_MS,
      staleAfterMs: staleAfterMs(intervalMs, JIRA_DATA_MAX_AGE_MS),
    });
  if (wanted.includes('billing') && times.forecastLinked > 0)
    sources.push({
      service: 'Forecast billing',
      at: times.oldestBillingSync?.toISOString() ?? null,
      refreshMs: BILLING_DATA_MAX_AGE_MS,
      staleAfterMs: staleAfterMs(intervalMs, BILLING_DATA_MAX_AGE_MS),
    });
  if (wanted.includes('time')) {
    sources.push({
      service: 'Forecast time',
      at: timeSync.lastTimeSync?.toISOString() ?? null,
      refreshMs: intervalMs,
      staleAfterMs: staleAfterMs(intervalMs),
    });
  }
  return {
    sources,
    running: lease.holder !== null,
    lastRun:
      last && last.outcome !== 'running'
        ? {
            outcome: last.outcome,
            finishedAt: (last.finishedAt ?? last.startedAt).toISOString(),
            failure: user.role === 'admin' ? last.failure : null,
          }
        : null,
    now: now.toISOString(),
    timeZone: config.AGENCY_TIMEZONE,
  };
}

/** A page still renders when freshness cannot be read; it only loses the line. */
export async function loadFreshnessOrNull(
  ...args: Parameters<typeof loadFreshness>
): Promise<Freshness | null> {
  try {
    return await loadFreshness(...args);
  } catch (error) {
    console.error('Could not read how fresh the synced data is:', error);
    return null;
  }
}
