import type { SessionUser } from '../../auth/session';
import { Layout } from '../../components/Layout';
import { card, h1, h2, muted, page, pageHeader } from '../../components/ui.css';
import type { AppDeps } from '../../env';
import GrossMarginsTable from '../../islands/GrossMarginsTable';
import WeeklyHours from '../../islands/WeeklyHours';
import { Island } from '../../render/Island';
import { loadAgencyWeek, type AgencyTimeData } from '../../services/agency-time';
import { loadGrossMargins, type GrossMarginsResponse } from '../../services/gross-margins';
import { isoDateInZone, weekStartOf, type IsoDate } from '../../services/metrics';
import { WeekStartSchema } from '../api/agency';
import * as s from './AgencyPage.css';

export const AGENCY_TABS = [
  { id: 'weekly-hours', label: 'Weekly Hours' },
  { id: 'gross-margins', label: 'Gross Margins' },
  { id: 'sales', label: 'Sales' },
] as const;
export type AgencyTab = (typeof AGENCY_TABS)[number]['id'];

export type AgencyPageData =
  | { tab: 'weekly-hours'; currentWeekStart: IsoDate; weekStart: IsoDate; week: AgencyTimeData | null }
  | { tab: 'gross-margins'; grossMargins: GrossMarginsResponse | null }
  | { tab: 'sales'; pipedriveDashboardUrl: string | null };

const tabHref = (tab: AgencyTab) => (tab === 'weekly-hours' ? '/agency' : `/agency?tab=${tab}`);

/** Reads what the chosen tab shows, from Postgres only; an unreadable store leaves the island to ask again. */
export async function loadAgencyPage(deps: AppDeps, query: { tab?: string; week?: string }): Promise<AgencyPageData> {
  const tab = AGENCY_TABS.find((t) => t.id === query.tab)?.id ?? 'weekly-hours';
  if (tab === 'sales') return { tab, pipedriveDashboardUrl: deps.config.PIPEDRIVE_DASHBOARD_URL ?? null };
  if (tab === 'gross-margins') {
    return { tab, grossMargins: await loadOrLog('gross margins', () => loadGrossMargins(deps.db)) };
  }
  const currentWeekStart = weekStartOf(isoDateInZone(deps.clock(), deps.config.AGENCY_TIMEZONE));
  // A bad ?week= shows the current week rather than an error page: the address is only a bookmark.
  const asked = query.week !== undefined && WeekStartSchema.safeParse(query.week).success ? weekStartOf(query.week) : null;
  const weekStart = asked ?? currentWeekStart;
  return { tab, currentWeekStart, weekStart, week: await loadOrLog('agency time entries', () => loadAgencyWeek(deps.db, weekStart)) };
}

async function loadOrLog<T>(what: string, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    console.error(`[GET /agency] could not read ${what}:`, error);
    return null;
  }
}

/** `/agency` (admin): the Agency Dashboard with its three tabs (spec §2), one server-rendered page per tab. */
export function AgencyPage({ user, data }: { user: SessionUser; data: AgencyPageData }) {
  return (
    <Layout user={user} active="insights">
      <div className={page}>
        <div className={pageHeader}>
          <h1 className={h1}>Agency Dashboard</h1>
        </div>
        <nav className={s.tabs} aria-label="Agency Dashboard">
          {AGENCY_TABS.map((t) => (
            <a key={t.id} className={s.tab} href={tabHref(t.id)} aria-current={t.id === data.tab ? 'page' : undefined}>
              {t.label}
            </a>
          ))}
        </nav>
        {data.tab === 'weekly-hours' ? (
          <Island name="WeeklyHours" component={WeeklyHours} props={{ currentWeekStart: data.currentWeekStart, weekStart: data.weekStart, initial: data.week }} />
        ) : data.tab === 'gross-margins' ? (
          <Island name="GrossMarginsTable" component={GrossMarginsTable} props={{ initial: data.grossMargins }} />
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
            Set <code className={s.code}>PIPEDRIVE_DASHBOARD_URL</code> to the link of a shared Pipedrive dashboard (in Pipedrive: Insights, then Share, then
            copy the dashboard link) and restart the server. The Sales tab then shows that dashboard here.
          </p>
        </div>
      </section>
    );
  }
  return <iframe className={s.salesFrame} title="Pipedrive Sales Dashboard" src={url} sandbox="allow-scripts allow-same-origin allow-popups" referrerPolicy="no-referrer" />;
}
