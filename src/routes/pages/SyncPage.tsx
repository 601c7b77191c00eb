import type { SessionUser } from '../../auth/session';
import { Layout } from './Layout';
import { card, h1, h2, muted, page, pageHeader, table, tableScroll } from '../../components/ui.css';
import { type InboxStats, readInboxStats } from '../../db/live';
import { webhookSecretsFrom } from '../../services/live/receive';
import { formatLag } from '../../shared/live';
import type { AppDeps } from '../../env';
import SyncPanel, { type Props as SyncPanelProps } from '../../islands/SyncPanel';
import { Island } from '../../render/Island';
import { loadFreshnessOrNull } from '../../services/freshness';
import { exactTime, JIRA_DATA_MAX_AGE_MS, refreshEvery } from '../../shared/freshness';
import { loadSyncHistory, toSyncRunJson } from '../../services/sync-history';

export interface SyncPageData {
  panel: SyncPanelProps;
  intervalMinutes: number;
  inbox: InboxStats;
  /** Which receivers have their secret set, so they take deliveries. */
  receivers: Record<'jira' | 'forecast' | 'pipedrive', boolean>;
}

export async function loadSyncPage(deps: AppDeps, user: SessionUser): Promise<SyncPageData> {
  const [running, runs, freshness, inbox] = await Promise.all([
    deps.refresh.currentRun(),
    loadSyncHistory(deps.db),
    loadFreshnessOrNull(deps, ['jira', 'billing', 'time'], user),
    readInboxStats(deps.db, deps.clock()),
  ]);
  const secrets = deps.webhookSecrets ?? webhookSecretsFrom(deps.config);
  return {
    panel: {
      running: running ? toSyncRunJson(running) : null,
      runs,
      timeZone: deps.config.AGENCY_TIMEZONE,
      freshness,
    },
    intervalMinutes: Math.round(deps.config.SYNC_INTERVAL_SECONDS / 60),
    inbox,
    receivers: {
      jira: !!secrets.jiraSecret,
      forecast: !!secrets.forecastToken,
      pipedrive: !!secrets.pipedrive,
    },
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
        <WebhookInbox
          inbox={data.inbox}
          receivers={data.receivers}
          timeZone={data.panel.timeZone}
        />
      </div>
    </Layout>
  );
}

const SOURCE_NAMES = { jira: 'Jira', forecast: 'Forecast', pipedrive: 'Pipedrive' } as const;
const SOURCE_SETTINGS = {
  jira: 'JIRA_WEBHOOK_SECRET',
  forecast: 'FORECAST_WEBHOOK_TOKEN',
  pipedrive: 'PIPEDRIVE_WEBHOOK_USER and PIPEDRIVE_WEBHOOK_PASSWORD',
} as const;

/**
 * The webhook inbox (docs/decisions/400-live-webhooks-inbox-and-queue.md): what each upstream
 * sent, what was applied, repeated and dead-lettered, and how long a delivery waited to apply.
 */
function WebhookInbox({
  inbox,
  receivers,
  timeZone,
}: {
  inbox: InboxStats;
  receivers: SyncPageData['receivers'];
  timeZone: string;
}) {
  const sources = (['jira', 'forecast', 'pipedrive'] as const).map((source) => ({
    source,
    on: receivers[source],
    row: inbox.bySource.find((r) => r.source === source),
  }));
  return (
    <section className={card} aria-labelledby="webhook-inbox-title" data-testid="webhook-inbox">
      <h2 className={h2} id="webhook-inbox-title">
        Webhook inbox
      </h2>
      <p className={muted}>
        Changes the upstreams push are stored as they arrive and applied within seconds; the
        background refresh repairs any that were lost.{' '}
        {inbox.lagP50Ms === null
          ? 'No delivery was applied in the last hour.'
          : `Received to applied in the last hour: ${formatLag(inbox.lagP50Ms)} median, ${formatLag(inbox.lagP95Ms ?? inbox.lagP50Ms)} at the 95th percentile.`}
        {inbox.oldestWaiting
          ? ` The oldest waiting delivery came ${exactTime(inbox.oldestWaiting, timeZone)}.`
          : ''}
      </p>
      <div className={tableScroll} data-scroll-x>
        <table className={table}>
          <thead>
            <tr>
              <th scope="col">Source</th>
              <th scope="col">Received</th>
              <th scope="col">Applied</th>
              <th scope="col">Duplicates</th>
              <th scope="col">Dead-lettered</th>
              <th scope="col">Waiting</th>
              <th scope="col">Last received</th>
            </tr>
          </thead>
          <tbody>
            {sources.map(({ source, on, row }) => (
              <tr key={source} data-source={source}>
                <th scope="row">{SOURCE_NAMES[source]}</th>
                <td>{row?.received ?? 0}</td>
                <td>{row?.applied ?? 0}</td>
                <td>{row?.duplicates ?? 0}</td>
                <td>{row?.deadLettered ?? 0}</td>
                <td>{row?.waiting ?? 0}</td>
                <td>
                  {row?.lastReceivedAt
                    ? exactTime(row.lastReceivedAt, timeZone)
                    : on
                      ? 'Nothing yet'
                      : `Off: ${SOURCE_SETTINGS[source]} unset`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {inbox.recentDead.length > 0 ? (
        <>
          <p className={muted}>The latest dead-lettered deliveries, never applied:</p>
          <ul>
            {inbox.recentDead.map((d) => (
              <li key={`${d.source}-${d.receivedAt.toISOString()}-${d.event}`}>
                {SOURCE_NAMES[d.source]} {d.event}, {exactTime(d.receivedAt, timeZone)}: {d.outcome}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
