import type { SessionUser } from '../../auth/session';
import { Layout } from './Layout';
import { card, h1, muted, page, pageHeader } from '../../components/ui.css';
import type { AppDeps } from '../../env';
import SyncPanel, { type Props as SyncPanelProps } from '../../islands/SyncPanel';
import { Island } from '../../render/Island';
import { loadFreshnessOrNull } from '../../services/freshness';
import { JIRA_DATA_MAX_AGE_MS, refreshEvery } from '../../shared/freshness';
import { loadSyncHistory, toSyncRunJson } from '../../services/sync-history';

export interface SyncPageData {
  panel: SyncPanelProps;
  intervalMinutes: number;
}

export async function loadSyncPage(deps: AppDeps, user: SessionUser): Promise<SyncPageData> {
  const [running, runs, freshness] = await Promise.all([
    deps.refresh.currentRun(),
    loadSyncHistory(deps.db),
    loadFreshnessOrNull(deps, ['jira', 'billing', 'time'], user),
  ]);
  return {
    panel: {
      running: running ? toSyncRunJson(running) : null,
      runs,
      timeZone: deps.config.AGENCY_TIMEZONE,
      freshness,
    },
    intervalMinutes: Math.round(deps.config.SYNC_INTERVAL_SECONDS / 60),
  };
}

/** `/agency/sync` (admin): Sync now with its progress, and the last 50 runs (docs/decisions/131). */
export function SyncPage({ user, data }: { user: SessionUser; data: SyncPageData }) {
  return (
    <Layout user={user} active="sync">
      <div className={page}>
        <div className={pageHeader}>
          <div>
            <h1 className={h1}>Sync</h1>
            <p className={muted}>
              Forecast time is refreshed in the background{' '}
              {refreshEvery(data.intervalMinutes * 60_000)}; Jira and Forecast billing{' '}
              {refreshEvery(JIRA_DATA_MAX_AGE_MS)} by design. Pages read the stored copy.
            </p>
          </div>
        </div>
        <div className={card}>
          <Island name="SyncPanel" component={SyncPanel} props={data.panel} />
        </div>
      </div>
    </Layout>
  );
}
