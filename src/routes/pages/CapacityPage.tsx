import type { SessionUser } from '../../auth/session';
import { CapacityGrid } from '../../components/capacity/CapacityGrid';
import * as cs from '../../components/capacity/capacity.css';
import { DownloadCsv } from '../../components/DownloadCsv';
import { titleRow } from '../../components/DownloadCsv.css';
import { EmptyState, ErrorState } from '../../components/PanelState';
import { card, h1, h2, muted, page, pageHeader } from '../../components/ui.css';
import type { AppDeps } from '../../env';
import CapacityDemand, { type Props as DemandProps } from '../../islands/CapacityDemand';
import { Island } from '../../render/Island';
import { type CapacityAnswer, capacityFor, loadPipeline } from '../../services/capacity';
import { pipedriveSiteOf } from '../../services/integrations';
import { type CapacityView, DEFAULT_CAPACITY_VIEW } from '../../shared/capacity';
import { type IsoDate, weekStartOf } from '../../shared/calendar';
import { dateTimeFormat } from '../../shared/date-time-format';
import { exportHref } from '../../shared/exports';
import { can } from '../../shared/roles';
import { isoDateInZone } from '../../shared/time-zones';
import { CapacityQuerySchema } from '../schemas';
import { Layout } from './Layout';

export interface CapacityPageData {
  currentWeekStart: IsoDate;
  view: CapacityView;
  /** null: the stored plan could not be read. */
  capacity: CapacityAnswer | null;
  /** Admins only (money.view); null for staff, so their page carries no money at all. */
  money: DemandProps['money'];
  timeZone: string;
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
    const [answer, pipeline] = await Promise.all([
      capacityFor(deps, {
        from: currentWeekStart,
        weeks: 12,
        tentative: view.tentative,
        minProbability: view.minProbability,
      }),
      showMoney ? loadPipeline(deps.db) : null,
    ]);
    return {
      currentWeekStart,
      view,
      capacity: answer,
      money: pipeline
        ? {
            site: pipedriveSiteOf(deps.config),
            deals: Object.fromEntries(
              pipeline.deals.map((d) => [
                String(d.id),
                { value: d.value, currency: d.currency, weightedValue: d.weightedValue },
              ]),
            ),
          }
        : null,
      timeZone: deps.config.AGENCY_TIMEZONE,
    };
  } catch (error) {
    console.error('[GET /capacity] could not read the capacity plan:', error);
    return {
      currentWeekStart,
      view,
      capacity: null,
      money: null,
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
 * by team with a total per week, and the weighted Pipedrive pipeline set against the free hours.
 * Hours only; deal values only for admins.
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
            <section className={card} aria-labelledby="capacity-demand-title">
              <div className={cs.panel}>
                <h2 className={h2} id="capacity-demand-title">
                  Tentative demand
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
                      deals: capacity.deals,
                    },
                    view: data.view,
                    currentWeekStart: data.currentWeekStart,
                    money: data.money,
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
