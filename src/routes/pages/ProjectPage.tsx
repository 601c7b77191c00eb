import { type DehydratedState, dehydrate } from '@tanstack/react-query';
import type { SessionUser } from '../../auth/session';
import { createQueryClient } from '../../components/IslandProviders';
import { ForecastProjectId } from '../../components/SourceLink';
import { card, h1, h2, muted, page, pageHeader } from '../../components/ui.css';
import { shareSection } from './ProjectPage.css';
import ShareLinks from '../../islands/ShareLinks';
import { listShareLinks } from '../../db/share-links';
import { shareLinkJson } from '../../services/share-links';
import type { ShareLinkJson } from '../../shared/share-links';
import { addCalendarDays } from '../../shared/calendar';
import { getProject } from '../../db/projects';
import type { AppDeps } from '../../env';
import ProjectDetails from '../../islands/ProjectDetails';
import {
  jiraDataKey,
  projectForecastKey,
  type RetainerPeriodsAnswer,
  retainerPeriodsKey,
} from '../../islands/projects/api';
import { type BudgetBurnAnswer, budgetBurnKey } from '../../islands/projects/BudgetBurnTab';
import { Island } from '../../render/Island';
import { loadBudgetBurn } from '../../services/budget-burn';
import { getRetainerPeriods } from '../../services/forecast/retainer-periods';
import { forecastSiteOf, jiraSiteOf } from '../../services/integrations';
import { readJiraOverview } from '../../services/jira/queries';
import { loadProjectForecast } from '../../services/delivery-forecast';
import {
  type ProjectForEveryone,
  type ProjectTab,
  projectForEveryone,
  projectTabOf,
  projectTabsFor,
} from '../../shared/projects';
import { can } from '../../shared/roles';
import { isoDateInZone } from '../../shared/time-zones';
import { Layout } from './Layout';
import { LiveLine } from './LiveLine';

export interface ProjectPageData {
  /** Without the money fields for a role whose screens do not show them. */
  project: ProjectForEveryone;
  tab: ProjectTab;
  /** The answers of the calls the tab makes, as the detail's queries hold them. */
  state: DehydratedState;
  now: string;
  timeZone: string;
  jiraSite: string;
  forecastSite: string;
  /** Admins: the project's client room links (docs/decisions/430); null for other roles. */
  shareLinks: ShareLinkJson[] | null;
  defaultShareExpiry: string;
}

/** One read for the page; a failed one leaves its panel to ask again in the browser. */
async function seeded<T>(read: Promise<T>, what: string): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    console.error(`Could not read ${what} for the project page:`, error);
    return undefined;
  }
}

/**
 * What `/projects/:id` shows: the project and the data of the tab the address names, read with
 * the same services and role rules as the detail modal's calls (docs/product-spec.md, "Calls").
 * Null for a project that is not on the dashboard (unknown, removed or hidden).
 */
export async function loadProjectPage(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  user: Pick<SessionUser, 'role'>,
  id: number,
  askedTab: string | undefined,
): Promise<ProjectPageData | null> {
  const { db, config } = deps;
  const stored = await getProject(db, id);
  if (stored?.visible !== 1) return null;
  const isAdmin = can(user.role, 'money.view');
  // The rate and the value are money no other role's screens show (docs/decisions/164).
  const project = isAdmin ? stored : projectForEveryone(stored);
  const tab = projectTabOf(askedTab, projectTabsFor(project, isAdmin));
  const instant = deps.clock();
  const today = isoDateInZone(instant, config.AGENCY_TIMEZONE);
  const client = createQueryClient();
  const seed = <T,>(key: readonly [string], data: T | undefined) => {
    if (data !== undefined) client.setQueryData(key, data);
  };
  if (tab === 'jira' && project.jiraProjectKey)
    seed(
      jiraDataKey(id),
      await seeded(readJiraOverview(db, id, config.AGENCY_TIMEZONE), 'the Jira data'),
    );
  if (tab === 'retainer' && project.forecastProjectId !== null) {
    const [periods, forecast] = await Promise.all([
      seeded(getRetainerPeriods(db, id, today), 'the retainer periods'),
      isAdmin && project.forecastBudgetType === 'RETAINER'
        ? seeded(
            loadProjectForecast(
              {
                db,
                today,
                timeZone: config.AGENCY_TIMEZONE,
                publicHolidays: config.publicHolidays,
                companyCurrency: config.COMPANY_CURRENCY,
              },
              id,
              { withRetainer: true },
            ),
            'the forecast',
          )
        : undefined,
    ]);
    seed<RetainerPeriodsAnswer>(
      retainerPeriodsKey(id),
      periods && {
        retainerPeriods: periods,
        currency: stored.forecastCurrency ?? config.COMPANY_CURRENCY,
      },
    );
    seed(projectForecastKey(id), forecast ?? undefined);
  }
  if (tab === 'burn')
    seed<BudgetBurnAnswer>(
      budgetBurnKey(id),
      await seeded(
        loadBudgetBurn(db, id, today, config.COMPANY_CURRENCY).then((budgetBurn) => ({
          budgetBurn,
          currency: config.COMPANY_CURRENCY,
        })),
        'the budget burn',
      ),
    );
  const shareLinks = can(user.role, 'share-links.manage')
    ? ((await seeded(listShareLinks(db, id), 'the client links')) ?? []).map((l) =>
        shareLinkJson(l, today),
      )
    : null;
  return {
    shareLinks,
    defaultShareExpiry: addCalendarDays(today, 30),
    project,
    tab,
    state: dehydrate(client),
    now: instant.toISOString(),
    timeZone: config.AGENCY_TIMEZONE,
    jiraSite: jiraSiteOf(config),
    forecastSite: forecastSiteOf(config),
  };
}

/**
 * `/projects/:id`: a project's own page (docs/decisions/345), the detail modal's content as a
 * page that can be linked and shared. The heading and tabs are server HTML; the tabs' panel is
 * the ProjectDetails island, rendered here with its data.
 */
export function ProjectPage({ user, data }: { user: SessionUser; data: ProjectPageData }) {
  const { project } = data;
  return (
    <Layout user={user} active="projects">
      <div className={page}>
        <p className={muted}>
          <a href="/">Project Portfolio</a>
        </p>
        <div className={pageHeader}>
          <h1 className={h1}>{project.name}</h1>
        </div>
        <LiveLine projectId={project.id} />
        {project.forecastProjectId !== null ? (
          <p className={muted} data-testid="forecast-project-id">
            {'Forecast Project ID: '}
            <ForecastProjectId
              forecastProjectId={project.forecastProjectId}
              companyProjectId={project.forecastCompanyProjectId}
            />
          </p>
        ) : null}
        <section className={card} aria-label="Project details">
          <Island
            name="ProjectDetails"
            component={ProjectDetails}
            props={{
              project,
              role: user.role,
              tab: data.tab,
              state: data.state,
              readAt: { now: data.now, timeZone: data.timeZone },
              jiraSite: data.jiraSite,
              forecastSite: data.forecastSite,
            }}
          />
        </section>
        {data.shareLinks ? (
          <section className={`${card} ${shareSection}`} aria-labelledby="client-links">
            <h2 className={h2} id="client-links">
              Client links
            </h2>
            <p className={muted}>
              A read-only page for the client: this period's hours, billing, forecast and delivered
              work, never costs or margins. Anyone with the address can open it until it expires or
              is revoked.
            </p>
            <Island
              name="ShareLinks"
              component={ShareLinks}
              props={{
                projectId: project.id,
                links: data.shareLinks,
                defaultExpiry: data.defaultShareExpiry,
              }}
            />
          </section>
        ) : null}
      </div>
    </Layout>
  );
}
