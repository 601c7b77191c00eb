import type { SessionUser } from '../../auth/session';
import { PageFreshness } from './PageFreshness';
import type { CurrencyCode } from '../../shared/currency';
import { Layout } from './Layout';
import { LiveLine } from './LiveLine';
import { PORTFOLIO_PROJECTS_ATTR } from '../../shared/island-markers';
import { type CardForecast, PortfolioProjects } from './portfolio/PortfolioProjects';
import { DownloadCsv } from '../../components/DownloadCsv';
import { titleRow } from '../../components/DownloadCsv.css';
import { exportHref } from '../../shared/exports';
import { h1, page, pageHeader } from '../../components/ui.css';
import { viewBar } from '../../components/portfolio/PortfolioTable.css';
import {
  DEFAULT_VIEW,
  type PortfolioView,
  portfolioViewParams,
} from '../../shared/portfolio-table';
import { ViewToggle } from './portfolio/PortfolioTable';
import { listAllProjects } from '../../db/projects';
import type { Project } from '../../shared/projects';
import type { AppDeps } from '../../env';
import ManageProjectsDialog from '../../islands/ManageProjectsDialog';
import PortfolioCards from '../../islands/PortfolioCards';
import { Island } from '../../render/Island';
import type { Freshness as FreshnessData, SyncedSource } from '../../shared/freshness';
import { loadRetainerMarkers } from '../../services/retainer-forecast';
import { isoDateInZone } from '../../shared/time-zones';
import { attentionCounts, type Viewer } from '../../services/alerts';
import { forecastSiteOf, jiraSiteOf } from '../../services/integrations';

export interface PortfolioData {
  /** Every project (the cards show the visible ones), or null when the database could not be read. */
  projects: Project[] | null;
  now: string;
  /** The agency's calendar date (for the Billing Blocked hint). */
  today: string;
  /** Retainer forecasts for the cards, read for admins only (money figures). */
  forecasts: Record<number, CardForecast>;
  /** Open alerts needing the person's attention, per project (the cards' badges). */
  alertCounts: Record<number, number>;
  /** All of them, the bell's count, read with the badges (null: they could not be counted). */
  attentionTotal: number | null;
  /** The Jira site, so the detail modal's keys link into it. */
  jiraSite: string;
  /** The Forecast app, so the detail modal's Forecast id links into it. */
  forecastSite: string;
  /** COMPANY_CURRENCY: billing amounts of a project without invoices read in it. */
  companyCurrency: CurrencyCode;
}

/**
 * Reads what `/` shows, in one query whatever the number of projects. A failed read still
 * renders the page: the PortfolioCards island then shows the spec's loading and error states.
 */
export async function loadPortfolio(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  { isAdmin = false, userId, rules = [] }: Partial<Viewer> = {},
): Promise<PortfolioData> {
  const instant = deps.clock();
  const now = instant.toISOString();
  const today = isoDateInZone(instant, deps.config.AGENCY_TIMEZONE);
  const counting = userId
    ? attentionCounts(deps.db, { userId, isAdmin, rules }, instant).catch((error: unknown) => {
        console.error('Could not count the alerts for the cards:', error);
        return null;
      })
    : Promise.resolve(null);
  const projects = await listAllProjects(deps.db).catch((error: unknown) => {
    console.error('Could not read the projects for the portfolio:', error);
    return null;
  });
  const counted = await counting;
  const attention = {
    alertCounts: counted?.byProject ?? {},
    attentionTotal: counted?.total ?? null,
    jiraSite: jiraSiteOf(deps.config),
    forecastSite: forecastSiteOf(deps.config),
    companyCurrency: deps.config.COMPANY_CURRENCY,
  };
  // Without projects there are no cards to badge, but the bell still counts.
  if (!projects) return { projects, now, today, forecasts: {}, ...attention };
  if (!isAdmin) return { projects, now, today, forecasts: {}, ...attention };
  const forecasts = await loadRetainerMarkers(
    deps.db,
    projects,
    today,
    deps.config.COMPANY_CURRENCY,
  );
  return { projects, now, today, forecasts, ...attention };
}

/** The synced copies the portfolio reads, for its freshness line. */
export const PORTFOLIO_SOURCES: SyncedSource[] = ['jira', 'billing'];

/**
 * `/`: the Project Portfolio (docs/product-spec.md, "Project Portfolio page"), with every card and number in the server's
 * HTML. The cards are not an island: only their team selector and sync button are, and the
 * PortfolioCards island opens a card's detail and refreshes the cards (docs/decisions/140).
 */
export function PortfolioPage({
  user,
  projects,
  now,
  today,
  freshness = null,
  forecasts,
  alertCounts = {},
  view = DEFAULT_VIEW,
  jiraSite = '',
  forecastSite = '',
  companyCurrency,
}: {
  user: SessionUser;
  freshness?: FreshnessData | null;
  /** Cards or the table, with its sort and filters (docs/decisions/181). */
  view?: PortfolioView;
} & Omit<PortfolioData, 'alertCounts' | 'attentionTotal' | 'forecastSite'> & {
    forecastSite?: string;
    alertCounts?: Record<number, number>;
  }) {
  const isAdmin = user.role === 'admin';
  // The download lists what the table shows: its filters and sort.
  const exportParams = portfolioViewParams({ ...view, view: DEFAULT_VIEW.view });
  const attrs = { [PORTFOLIO_PROJECTS_ATTR]: '' };
  return (
    <Layout user={user} active="projects">
      <div className={page}>
        <div className={pageHeader}>
          <h1 className={h1}>Project Portfolio</h1>
          <div className={titleRow}>
            <DownloadCsv href={exportHref.portfolio(exportParams.toString())} />
            {user.role === 'admin' ? (
              <DownloadCsv href={exportHref.retainerForecasts()} label="Retainer forecasts CSV" />
            ) : null}
            <Island
              name="ManageProjectsDialog"
              component={ManageProjectsDialog}
              props={{ role: user.role, today }}
            />
          </div>
        </div>
        <PageFreshness freshness={freshness} isAdmin={isAdmin} sources={PORTFOLIO_SOURCES} />
        <LiveLine />
        <div className={viewBar}>
          <ViewToggle view={view} />
        </div>
        <Island
          name="PortfolioCards"
          component={PortfolioCards}
          props={{ rendered: !!projects, role: user.role, jiraSite, forecastSite }}
        />
        <div {...attrs}>
          {projects ? (
            <PortfolioProjects
              projects={projects}
              now={new Date(now)}
              forecasts={forecasts}
              companyCurrency={companyCurrency}
              role={user.role}
              alertCounts={alertCounts}
              view={view}
            />
          ) : null}
        </div>
      </div>
    </Layout>
  );
}
