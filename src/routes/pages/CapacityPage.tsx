import type { SessionUser } from '../../auth/session';
import { CapacityGrid } from '../../components/capacity/CapacityGrid';
import * as cs from '../../components/capacity/capacity.css';
import { DownloadCsv } from '../../components/DownloadCsv';
import { titleRow } from '../../components/DownloadCsv.css';
import { EmptyState, ErrorState } from '../../components/PanelState';
import { card, h1, h2, muted, page, pageHeader } from '../../components/ui.css';
import type { AppDeps } from '../../env';
import CapacityDemand from '../../islands/CapacityDemand';
import DealPlan, { type Props as PlanProps } from '../../islands/DealPlan';
import { listScenarios } from '../../db/plan';
import { loadPlan, type Plan } from '../../services/plan';
import { formatMoney } from '../../shared/currency';
import { PLAN_WEEKS_SHOWN } from '../../shared/deal-plan';
import { Island } from '../../render/Island';
import { type CapacityAnswer, capacityFor } from '../../services/capacity';
import { pipedriveSiteOf } from '../../services/integrations';
import { type CapacityView, DEFAULT_CAPACITY_VIEW } from '../../shared/capacity';
import { type IsoDate, shiftWeek, weekStartOf } from '../../shared/calendar';
import { dateTimeFormat } from '../../shared/date-time-format';
import { exportHref } from '../../shared/exports';
import { can } from '../../shared/roles';
import { isoDateInZone } from '../../shared/time-zones';
import { CapacityQuerySchema } from '../schemas';
import { Layout } from './Layout';
import { LiveLine } from './LiveLine';

export interface CapacityPageData {
  currentWeekStart: IsoDate;
  view: CapacityView;
  /** null: the stored plan could not be read. */
  capacity: CapacityAnswer | null;
  /** The deal plan's island props (values and the hourly rate only for admins); null: not read. */
  plan: PlanProps | null;
  timeZone: string;
}

/** The deal plan as the island takes it: staff get hours, admins values and the rate too. */
function planProps(
  plan: Plan,
  scenarios: PlanProps['scenarios'],
  currentWeekStart: IsoDate,
  site: string | null,
): PlanProps {
  const money = site !== null;
  return {
    currentWeekStart,
    firstWeek: plan.firstWeek,
    weeksShown: PLAN_WEEKS_SHOWN,
    horizonWeeks: plan.horizonWeeks,
    dealWeeks: plan.dealWeeks,
    free: [...plan.free].map(([role, weeks]) => ({
      role,
      hours: Array.from(
        { length: plan.horizonWeeks },
        (_, i) => weeks.get(shiftWeek(plan.firstWeek, i)) ?? 0,
      ),
    })),
    teams: [...plan.freeByTeam].flatMap(([role, teams]) =>
      [...teams]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([team, weeks]) => ({
          role,
          team,
          hours: Array.from(
            { length: PLAN_WEEKS_SHOWN },
            (_, i) => weeks.get(shiftWeek(plan.firstWeek, i)) ?? 0,
          ),
        })),
    ),
    deals: plan.deals.map((d) => ({
      id: d.id,
      title: d.title,
      probability: d.probability,
      expectedCloseDate: d.expectedCloseDate,
      ifWonHours: d.ifWonHours,
      expectedHours: d.expectedHours,
      byRole: d.byRole,
      roleSource: d.roleSource,
      from: d.from,
      unstaffable: d.ifWonHours === null || plan.rate.hourly === null ? d.verdict : null,
      ...(money
        ? {
            valueText:
              d.valueInAgencyCurrency === null || d.currency === plan.fx.base
                ? formatMoney(d.value, d.currency)
                : `${formatMoney(d.value, d.currency)} = ${formatMoney(d.valueInAgencyCurrency, plan.fx.base)}`,
          }
        : {}),
    })),
    scenarios,
    fx: plan.fx,
    rate: money ? plan.rate : { source: plan.rate.source },
    pipedriveSite: site,
  };
}

/** The view in the address; a bad value falls back to its default (a page never answers an error for its address). */
function viewOf(query: Record<string, string>): CapacityView {
  const tentative = CapacityQuerySchema.shape.tentative.safeParse(query.tentative);
  const min = CapacityQuerySchema.shape.minProbability.safeParse(query.minProbability);
  return {
    tentative: tentative.success ? tentative.data === '1' : DEFAULT_CAPACITY_VIEW.tentative,
    minProbability: min.success ? min.data : DEFAULT_CAPACITY_VIEW.minProbability,
  };
}

/** The next twelve weeks from the stored Forecast plan and Pipedrive pipeline: no upstream call. */
export async function loadCapacityPage(
  deps: AppDeps,
  user: SessionUser,
  query: Record<string, string>,
): Promise<CapacityPageData> {
  const view = viewOf(query);
  const currentWeekStart = weekStartOf(isoDateInZone(deps.clock(), deps.config.AGENCY_TIMEZONE));
  const showMoney = can(user.role, 'money.view');
  try {
    const [answer, plan, scenarios] = await Promise.all([
      capacityFor(deps, {
        from: currentWeekStart,
        weeks: 12,
        tentative: view.tentative,
        minProbability: view.minProbability,
      }),
      loadPlan(deps),
      listScenarios(deps.db),
    ]);
    return {
      currentWeekStart,
      view,
      capacity: answer,
      plan: planProps(
        plan,
        scenarios.map((x) => ({ id: x.id, name: x.name, deals: x.deals })),
        currentWeekStart,
        showMoney ? pipedriveSiteOf(deps.config) : null,
      ),
      timeZone: deps.config.AGENCY_TIMEZONE,
    };
  } catch (error) {
    console.error('[GET /capacity] could not read the capacity plan:', error);
    return {
      currentWeekStart,
      view,
      capacity: null,
      plan: null,
      timeZone: deps.config.AGENCY_TIMEZONE,
    };
  }
}

function readAt(iso: string | null, timeZone: string): string {
  if (!iso) return 'not read yet';
  return `read ${dateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso))}`;
}

/**
 * `/capacity` (staff and admins): people × the next twelve weeks from Forecast's plan, rolled up
 * by team with a total per week; the deals staffed if won, by role; and the pipeline's expected
 * load (weighted) per week as a total and trend, never a verdict. Deal values only for admins.
 */
export function CapacityPage({ user, data }: { user: SessionUser; data: CapacityPageData }) {
  const { capacity } = data;
  const isAdmin = user.role === 'admin';
  return (
    <Layout user={user} active="capacity">
      <div className={page}>
        <div className={pageHeader}>
          <h1 className={h1}>Capacity</h1>
        </div>
        <LiveLine />
        {capacity ? (
          <p className={muted} data-testid="capacity-sources">
            Forecast plan {readAt(capacity.forecastSyncedAt, data.timeZone)} · Pipedrive pipeline{' '}
            {readAt(capacity.pipedriveSyncedAt, data.timeZone)}
          </p>
        ) : null}
        {!capacity ? (
          <section className={card}>
            <ErrorState
              title="Error Loading Capacity"
              text="Failed to read the capacity plan. Please reload the page."
            />
          </section>
        ) : capacity.people.length === 0 ? (
          <section className={card} data-testid="capacity-empty">
            <EmptyState title="No capacity data yet">
              {capacity.forecastSyncedAt
                ? 'Forecast has no people with working hours to plan.'
                : 'People, holidays, time off and allocations come from Forecast with the next refresh.'}{' '}
              {isAdmin ? <a href="/agency/sync">See the sync history</a> : null}
            </EmptyState>
          </section>
        ) : (
          <>
            <section className={card} aria-labelledby="capacity-people-title">
              <div className={cs.panel}>
                <div className={titleRow}>
                  <h2 className={h2} id="capacity-people-title">
                    People by week
                  </h2>
                  <DownloadCsv href={exportHref.capacity()} />
                </div>
                <CapacityGrid data={capacity} currentWeekStart={data.currentWeekStart} />
              </div>
            </section>
            {data.plan ? (
              <section className={card} aria-labelledby="capacity-plan-title">
                <div className={cs.panel}>
                  <h2 className={h2} id="capacity-plan-title">
                    If won: deals by role
                  </h2>
                  <Island name="DealPlan" component={DealPlan} props={data.plan} />
                </div>
              </section>
            ) : null}
            <section className={card} aria-labelledby="capacity-demand-title">
              <div className={cs.panel}>
                <h2 className={h2} id="capacity-demand-title">
                  Expected load
                </h2>
                <Island
                  name="CapacityDemand"
                  component={CapacityDemand}
                  props={{
                    initial: {
                      weeks: capacity.weeks.map((w) => ({
                        weekStart: w.weekStart,
                        freeHours: w.freeHours,
                        tentativeHours: w.tentativeHours,
                      })),
                    },
                    view: data.view,
                    currentWeekStart: data.currentWeekStart,
                    pipelineRead: capacity.pipedriveSyncedAt !== null,
                  }}
                />
              </div>
            </section>
          </>
        )}
      </div>
    </Layout>
  );
}
