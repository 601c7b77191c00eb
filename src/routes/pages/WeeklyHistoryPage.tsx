import type { SessionUser } from '../../auth/session';
import { Layout } from '../../components/Layout';
import { h1, page, pageHeader } from '../../components/ui.css';
import type { AppDeps } from '../../env';
import WeeklyHistory, { type Props as WeeklyHistoryProps } from '../../islands/WeeklyHistory';
import { Island } from '../../render/Island';
import { isIsoDate, weekStartOf } from '../../services/metrics';
import { currentWeekStart, weekSummary } from '../../services/velocity';
import { velocityDepsOf } from '../api/developers';

/**
 * The data of the Weekly History page, read from the database: the current week, or the week
 * holding `week` when the address names one (navigation keeps it there, so a reload stays put).
 */
export async function loadWeeklyHistory(deps: AppDeps, week?: string | null): Promise<WeeklyHistoryProps> {
  const velocity = velocityDepsOf(deps);
  const current = currentWeekStart(velocity.now, velocity.timeZone);
  const weekStart = week && isIsoDate(week) ? weekStartOf(week) : current;
  const summary = await weekSummary(velocity, weekStart);
  return {
    currentWeekStart: current,
    weekStart,
    completed: summary.completed,
    totalAvailablePoints: summary.availablePoints,
    qaStatus: deps.config.JIRA_QA_STATUS,
    timeZone: velocity.timeZone,
  };
}

/** `/developer`: Weekly History (spec section 2), rendered on the server with the week's data. */
export function WeeklyHistoryPage({ user, data }: { user: SessionUser; data: WeeklyHistoryProps }) {
  return (
    <Layout user={user} active="developers">
      <div className={page}>
        <div className={pageHeader}>
          <h1 className={h1}>Weekly History</h1>
        </div>
        <Island name="WeeklyHistory" component={WeeklyHistory} props={data} />
      </div>
    </Layout>
  );
}
