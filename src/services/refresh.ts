import type { Db } from '../db/port';
import { getSyncState } from './forecast/store';
import { syncTimeRegistrations } from './forecast/sync';
import type { Integrations } from './integrations';
import { syncJiraProject } from './jira/sync';

/** Time registrations feed Weekly Hours and margins: refreshed when older than this. */
export const TIME_DATA_MAX_AGE_MS = 10 * 60_000;
/** Linked Jira projects are refreshed in the background when older than this. */
export const JIRA_DATA_MAX_AGE_MS = 60 * 60_000;
/** At most this many Jira projects per run, so one run stays a bounded number of upstream calls. */
export const JIRA_PROJECTS_PER_RUN = 3;

export interface RefreshOutcome {
  timeSync: 'fresh' | 'synced' | string;
  jiraProjects: { projectId: number; outcome: 'synced' | string }[];
}

/**
 * Keeps what pages read from going stale without any page calling upstream itself: the
 * Forecast time copy when older than 10 minutes, and the oldest linked Jira projects when older
 * than an hour. A failure is reported in the outcome and leaves the stored data as it was
 * (each sync is one transaction); the next run tries again.
 */
export async function refreshStaleData(
  db: Db,
  integrations: Integrations,
  { now, timeZone }: { now: Date; timeZone: string },
): Promise<RefreshOutcome> {
  const outcome: RefreshOutcome = { timeSync: 'fresh', jiraProjects: [] };
  const { lastTimeSync } = await getSyncState(db);
  if (!lastTimeSync || now.getTime() - lastTimeSync.getTime() > TIME_DATA_MAX_AGE_MS) {
    try {
      await syncTimeRegistrations(db, integrations.forecast, { now, timeZone });
      outcome.timeSync = 'synced';
    } catch (error) {
      outcome.timeSync = (error as Error).message;
    }
  }
  const stale = await db.query<{ id: number }>(
    `SELECT id FROM projects
      WHERE jira_project_key IS NOT NULL AND (last_jira_sync IS NULL OR last_jira_sync < $1)
      ORDER BY last_jira_sync NULLS FIRST, id LIMIT $2`,
    [new Date(now.getTime() - JIRA_DATA_MAX_AGE_MS), JIRA_PROJECTS_PER_RUN],
  );
  for (const { id } of stale) {
    try {
      await syncJiraProject(db, integrations.jira, { projectId: id, now });
      outcome.jiraProjects.push({ projectId: id, outcome: 'synced' });
    } catch (error) {
      outcome.jiraProjects.push({ projectId: id, outcome: (error as Error).message });
    }
  }
  return outcome;
}
