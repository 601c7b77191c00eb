import type { SessionUser } from '../../auth/session';
import { PageFreshness } from './PageFreshness';
import { Layout } from './Layout';
import { LiveLine } from './LiveLine';
import { h1, page, pageHeader } from '../../components/ui.css';
import type { AppDeps } from '../../env';
import WeeklyHistory, { type Props as WeeklyHistoryProps } from '../../islands/WeeklyHistory';
import { Island } from '../../render/Island';
import { jiraSiteOf } from '../../services/integrations';
import { availablePointsOf, velocityDepsOf, weekSummary } from '../../services/velocity';
import { can } from '../../shared/roles';
import { weekStartOf } from '../../shared/calendar';
import { currentWeekStart } from '../../shared/time-zones';
import { WeekStartSchema } from '../schemas';
import { NO_TICKET_FILTERS, type TicketFilterChoice } from '../../shared/story-points';
import type { Freshness as FreshnessData, SyncedSource } from '../../shared/freshness';

/**
 * The data of the Weekly History page, read from the database: the current week, or the week
 * holding `week` when the address names one (navigation keeps it there, so a reload stays put),
 * with the ticket filters the address names.
 */
export async function loadWeeklyHistory(
  deps: AppDeps,
  user: SessionUser,
  week?: string | null,
  filters: TicketFilterChoice = NO_TICKET_FILTERS,
): Promise<WeeklyHistoryProps> {
  const velocity = velocityDepsOf(deps);
  const current = currentWeekStart(velocity.now, velocity.timeZone);
  // The same bounds as the API's weekStart: a week outside them shows the current one.
  const weekStart = week && WeekStartSchema.safeParse(week).success ? weekStartOf(week) : current;
  const summary = await weekSummary(velocity, weekStart);
  return {
    currentWeekStart: current,
    weekStart,
    completed: summary.completed,
    availablePoints: availablePointsOf(summary),
    trackedAccountIds: summary.trackedAccountIds,
    // Tracking someone changes the availability selection (docs/decisions/390).
    canTrack: can(user.role, 'developers.availability'),
    qaStatus: deps.config.JIRA_QA_STATUS,
    timeZone: velocity.timeZone,
    filters,
    jiraSite: jiraSiteOf(deps.config),
  };
}

/** The synced copy Weekly History reads, for its freshness line. */
export const WEEKLY_HISTORY_SOURCES: SyncedSource[] = ['jira'];

/**
 * `/developer`: Weekly History (docs/product-spec.md, "Weekly History page"), rendered on the
 * server with the week's data.
 */
export function WeeklyHistoryPage({
  user,
  data,
  freshness = null,
}: {
  user: SessionUser;
  data: WeeklyHistoryProps;
  freshness?: FreshnessData | null;
}) {
  return (
    <Layout user={user} active="developers">
      <div className={page}>
        <div className={pageHeader}>
          <h1 className={h1}>Weekly History</h1>
        </div>
        <PageFreshness
          freshness={freshness}
          isAdmin={user.role === 'admin'}
          sources={WEEKLY_HISTORY_SOURCES}
        />
        <LiveLine />
        <Island name="WeeklyHistory" component={WeeklyHistory} props={data} />
      </div>
    </Layout>
  );
}
