import type { SessionUser } from '../../auth/session';
import { h1, page, pageHeader } from '../../components/ui.css';
import { listVisibleProjects } from '../../db/projects';
import type { AppDeps } from '../../env';
import AlertsList, { type Filters, type Props as AlertsListProps } from '../../islands/AlertsList';
import { Island } from '../../render/Island';
import { attentionCounts, listAlertsFor, toAlertJson, viewerOf } from '../../services/alerts';
import { ALERT_RULES, isMoneyRule } from '../../shared/alerts';
import { AlertFilterSchema } from '../schemas';
import { Layout } from './Layout';

/**
 * The list's data for the filters in the address. A bad filter falls back to its default (a
 * page never answers an error for its address), and a non-admin never gets a money rule.
 */
export async function loadAlertsPage(
  deps: AppDeps,
  user: SessionUser,
  query: Record<string, string>,
): Promise<AlertsListProps> {
  const viewer = viewerOf(user);
  const filters: Filters = { status: 'open', projectId: null, rule: null };
  for (const key of ['status', 'projectId', 'rule'] as const) {
    const one = AlertFilterSchema.safeParse({ [key]: query[key] });
    if (one.success && one.data[key] !== undefined)
      Object.assign(filters, { [key]: one.data[key] });
  }
  const now = deps.clock();
  const [alerts, counts, projects] = await Promise.all([
    listAlertsFor(deps.db, viewer, {
      status: filters.status,
      projectId: filters.projectId ?? undefined,
      rule: filters.rule ?? undefined,
    }),
    attentionCounts(deps.db, viewer, now),
    listVisibleProjects(deps.db),
  ]);
  return {
    initial: { alerts: alerts.map(toAlertJson), attention: counts.total },
    filters,
    projects: projects.map((p) => ({ id: p.id, name: p.name })),
    rules: ALERT_RULES.filter((r) => viewer.isAdmin || !isMoneyRule(r)),
    now: now.toISOString(),
    timeZone: deps.config.AGENCY_TIMEZONE,
  };
}

/** `/alerts`: every alert the person may see, with filters and their own acknowledge and snooze. */
export function AlertsPage({ user, data }: { user: SessionUser; data: AlertsListProps }) {
  return (
    <Layout user={user} active="alerts">
      <div className={page}>
        <div className={pageHeader}>
          <h1 className={h1}>Alerts</h1>
        </div>
        <Island name="AlertsList" component={AlertsList} props={data} />
      </div>
    </Layout>
  );
}
