import type { SessionUser } from '../../auth/session';
import { PageFreshness } from './PageFreshness';
import { Layout } from './Layout';
import { card, h1, h2, muted, page, pageHeader } from '../../components/ui.css';
import type { AppDeps } from '../../env';
import { BudgetBurnTable, UnbilledWorkTable } from '../../components/insights/InsightTables';
import CostPerPoint from '../../islands/CostPerPoint';
import GrossMarginsTable from '../../islands/GrossMarginsTable';
import Trends from '../../islands/Trends';
import { loadBudgetBurns } from '../../services/budget-burn';
import { PipelineTables, type PipelineData } from '../../components/insights/PipelineTables';
import { getCapacitySyncState } from '../../db/capacity';
import { loadPipeline } from '../../services/capacity';
import { pipedriveSiteOf } from '../../services/integrations';
import type { BudgetBurnResponse } from '../../shared/budget-burn';
import { loadCostPerPoint } from '../../services/cost-per-point';
import type { CostPerPointResponse } from '../../shared/cost-per-point';
import { loadTrends } from '../../services/trends';
import type { TrendsResponse } from '../../shared/trends';
import { loadUnbilledWork } from '../../services/unbilled';
import type { UnbilledWorkResponse } from '../../shared/unbilled';
import WeeklyHours from '../../islands/WeeklyHours';
import { Island } from '../../render/Island';
import { loadAgencyWeek } from '../../services/agency-time';
import { loadGrossMargins } from '../../services/gross-margins';
import { type IsoDate, weekStartOf } from '../../shared/calendar';
import type { GrossMarginsResponse } from '../../shared/margins';
import { isoDateInZone } from '../../shared/time-zones';
import type { AgencyTimeData } from '../../shared/weekly-hours';
import { WeekStartSchema } from '../schemas';
import type { SyncedSource } from '../../services/freshness';
import type { Freshness as FreshnessData } from '../../shared/freshness';
import { AGENCY_TABS, type AgencyTab, agencyTabHref } from '../../shared/site-pages';
import * as s from './AgencyPage.css';

export type AgencyPageData =
  | {
      tab: 'weekly-hours';
      currentWeekStart: IsoDate;
      weekStart: IsoDate;
      week: AgencyTimeData | null;
    }
  | { tab: 'gross-margins'; grossMargins: GrossMarginsResponse | null }
  | { tab: 'trends'; trends: TrendsResponse | null }
  | { tab: 'cost-per-point'; costPerPoint: CostPerPointResponse | null }
  | { tab: 'budget-burn'; budgetBurn: BudgetBurnResponse | null }
  | { tab: 'unbilled'; unbilled: UnbilledWorkResponse | null }
  | { tab: 'sales'; pipedriveDashboardUrl: string | null }
  | { tab: 'pipeline'; pipeline: PipelineData | null };

/**
 * The synced copies each tab reads, for its freshness line (the Sales tab reads none; the
 * Pipeline tab says itself when Pipedrive was read).
 */
export const AGENCY_TAB_SOURCES: Record<AgencyTab, SyncedSource[]> = {
  'weekly-hours': ['time'],
  'gross-margins': ['time', 'billing'],
  trends: ['time', 'jira'],
  'cost-per-point': ['time', 'jira'],
  'budget-burn': ['time', 'billing'],
  unbilled: ['time', 'billing'],
  sales: [],
  pipeline: [],
};

/** Reads what the chosen tab shows, from Postgres only; an unreadable store leaves the island to ask again. */
export async function loadAgencyPage(
  deps: AppDeps,
  query: { tab?: string; week?: string },
): Promise<AgencyPageData> {
  const tab = AGENCY_TABS.find((t) => t.id === query.tab)?.id ?? 'weekly-hours';
  if (tab === 'sales')
    return { tab, pipedriveDashboardUrl: deps.config.PIPEDRIVE_DASHBOARD_URL ?? null };
  if (tab === 'pipeline')
    return {
      tab,
      pipeline: await loadOrLog('the pipeline', async () => {
        const [pipeline, state] = await Promise.all([
          loadPipeline(deps.db, {
            fx: { base: deps.config.COMPANY_CURRENCY, rates: deps.config.fx.rates },
            today: isoDateInZone(deps.clock(), deps.config.AGENCY_TIMEZONE),
          }),
          getCapacitySyncState(deps.db),
        ]);
        return {
          ...pipeline,
          fx: deps.config.fx,
          timeZone: deps.config.AGENCY_TIMEZONE,
          site: pipedriveSiteOf(deps.config),
          syncedAt: state.pipedriveSyncedAt?.toISOString() ?? null,
        };
      }),
    };
  if (tab === 'gross-margins') {
    return {
      tab,
      grossMargins: await loadOrLog('gross margins', () =>
        loadGrossMargins(deps.db, deps.config.COMPANY_CURRENCY),
      ),
    };
  }
  const today = isoDateInZone(deps.clock(), deps.config.AGENCY_TIMEZONE);
  const currentWeekStart = weekStartOf(today);
  if (tab === 'trends')
    return {
      tab,
      trends: await loadOrLog('trends', () =>
        loadTrends(deps.db, currentWeekStart, deps.config.COMPANY_CURRENCY),
      ),
    };
  if (tab === 'cost-per-point')
    return {
      tab,
      costPerPoint: await loadOrLog('cost per point', () =>
        loadCostPerPoint(
          deps.db,
          currentWeekStart,
          deps.config.AGENCY_TIMEZONE,
          deps.config.COMPANY_CURRENCY,
        ),
      ),
    };
  if (tab === 'budget-burn')
    return {
      tab,
      budgetBurn: await loadOrLog('budget burn', () =>
        loadBudgetBurns(deps.db, today, deps.config.COMPANY_CURRENCY),
      ),
    };
  if (tab === 'unbilled')
    return {
      tab,
      unbilled: await loadOrLog('unbilled work', () =>
        loadUnbilledWork(deps.db, deps.config.AGENCY_TIMEZONE, deps.config.COMPANY_CURRENCY),
      ),
    };
  // A bad ?week= shows the current week rather than an error page: the address is only a bookmark.
  const asked =
    query.week !== undefined && WeekStartSchema.safeParse(query.week).success
      ? weekStartOf(query.week)
      : null;
  const weekStart = asked ?? currentWeekStart;
  return {
    tab,
    currentWeekStart,
    weekStart,
    week: await loadOrLog('agency time entries', () =>
      loadAgencyWeek(deps.db, weekStart, deps.config.COMPANY_CURRENCY),
    ),
  };
}

async function loadOrLog<T>(what: string, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    console.error(`[GET /agency] could not read ${what}:`, error);
    return null;
  }
}

/**
 * `/agency` (admin): the Agency Dashboard with its three tabs (docs/product-spec.md,
 * "Agency Dashboard"), one server-rendered page per tab.
 */
export function AgencyPage({
  user,
  data,
  freshness = null,
}: {
  user: SessionUser;
  data: AgencyPageData;
  freshness?: FreshnessData | null;
}) {
  const timeSource = freshness?.sources.find((s) => s.service === 'Forecast time');
  return (
    <Layout user={user} active="insights">
      <div className={page}>
        <div className={pageHeader}>
          <h1 className={h1}>Agency Dashboard</h1>
        </div>
        <nav className={s.tabs} aria-label="Agency Dashboard" data-scroll-x data-tab-row>
          {AGENCY_TABS.map((t) => (
            <a
              key={t.id}
              className={s.tab}
              href={agencyTabHref(t.id)}
              aria-current={t.id === data.tab ? 'page' : undefined}
            >
              {t.label}
            </a>
          ))}
        </nav>
        <PageFreshness
          freshness={freshness}
          isAdmin={user.role === 'admin'}
          sources={AGENCY_TAB_SOURCES[data.tab]}
        />
        {data.tab === 'weekly-hours' ? (
          <Island
            name="WeeklyHours"
            component={WeeklyHours}
            props={{
              currentWeekStart: data.currentWeekStart,
              weekStart: data.weekStart,
              initial: data.week,
              syncingTimeData: !!freshness?.running && timeSource?.at === null,
            }}
          />
        ) : data.tab === 'gross-margins' ? (
          <Island
            name="GrossMarginsTable"
            component={GrossMarginsTable}
            props={{ initial: data.grossMargins }}
          />
        ) : data.tab === 'trends' ? (
          <Island name="Trends" component={Trends} props={{ initial: data.trends }} />
        ) : data.tab === 'cost-per-point' ? (
          <Island
            name="CostPerPoint"
            component={CostPerPoint}
            props={{ initial: data.costPerPoint }}
          />
        ) : data.tab === 'budget-burn' ? (
          <BudgetBurnTable data={data.budgetBurn} />
        ) : data.tab === 'unbilled' ? (
          <UnbilledWorkTable data={data.unbilled} />
        ) : data.tab === 'pipeline' ? (
          <PipelineTables data={data.pipeline} />
        ) : (
          <SalesPanel url={data.pipedriveDashboardUrl} />
        )}
      </div>
    </Layout>
  );
}

/**
 * The shared Pipedrive dashboard in a sandboxed frame: scripts and same-origin so the dashboard
 * runs, popups so its links open; no forms, no top navigation. The CSP allows framing only this origin.
 */
function SalesPanel({ url }: { url: string | null }) {
  if (!url) {
    return (
      <section className={card} aria-labelledby="sales-setup-title">
        <div className={s.setup}>
          <h2 className={h2} id="sales-setup-title">
            Sales dashboard not configured
          </h2>
          <p className={muted}>
            Set <code className={s.code}>PIPEDRIVE_DASHBOARD_URL</code> to the link of a shared
            Pipedrive dashboard (in Pipedrive: Insights, then Share, then copy the dashboard link)
            and restart the server. The Sales tab then shows that dashboard here.
          </p>
        </div>
      </section>
    );
  }
  return (
    <iframe
      className={s.salesFrame}
      title="Pipedrive Sales Dashboard"
      src={url}
      sandbox="allow-scripts allow-same-origin allow-popups"
      referrerPolicy="no-referrer"
    />
  );
}
