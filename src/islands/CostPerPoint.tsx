import { useQuery } from '@tanstack/react-query';
import { QueryPanel } from '../components/QueryPanel';
import { useState } from 'react';
import { readOr } from '../client/api';
import { exportHref } from '../shared/exports';
import { table } from '../components/ui.css';
import type { CostPerPointResponse, CostPerPointSeries } from '../shared/cost-per-point';
import { formatDate } from '../shared/format';
import { type CurrencyCode, formatMoney, formatMoneyTick } from '../shared/currency';
import { weeklyHoursHref } from '../shared/weekly-hours';
import { figureHelp, figureLabel, SO_FAR } from '../shared/figures';
import { NO_POINTS_DONE } from '../shared/cost-per-point';
import { InsightPanel, ScopeSelect } from '../components/insights/InsightPanel';
import * as s from '../components/insights/insights.css';
import { LazyChart } from './insights/LazyChart';

export interface Props {
  initial: CostPerPointResponse | null;
}

export const COST_PER_POINT_PATH = '/api/insights/cost-per-point';
const AGENCY = 'agency';

/** Cost per story point over 8 weeks (docs/decisions/172): chart and table, agency or one project. */
export default function CostPerPoint({ initial }: Props) {
  const query = useQuery({
    queryKey: [COST_PER_POINT_PATH],
    queryFn: () =>
      readOr<CostPerPointResponse>(COST_PER_POINT_PATH, 'Failed to fetch cost per point'),
    initialData: initial ?? undefined,
  });
  const [scope, setScope] = useState(AGENCY);
  return (
    <InsightPanel id="cpp-title" title="Cost per Story Point" csvHref={exportHref.costPerPoint()}>
      <QueryPanel
        query={query}
        loading="Loading cost per point..."
        error={{
          title: 'Error Loading Cost per Point',
          text: 'Failed to fetch cost per story point. Please try again later.',
        }}
        empty={{
          when: (d) => d.projects.length === 0,
          title: 'No Projects Linked to Both',
          text: 'Cost per point needs a visible project linked to Forecast (cost) and Jira (points).',
        }}
      >
        {(data) => {
          const project = data.projects.find((p) => String(p.id) === scope);
          return (
            <>
              <ScopeSelect
                id="cpp-scope"
                value={project ? scope : AGENCY}
                allValue={AGENCY}
                allLabel="All projects linked to Forecast and Jira"
                projects={data.projects}
                onChange={setScope}
              />
              <SeriesView
                series={project ?? data.agency}
                name={project?.name ?? 'all linked projects'}
                currentWeek={data.currentWeekStart}
                currency={data.currency}
              />
            </>
          );
        }}
      </QueryPanel>
    </InsightPanel>
  );
}

function SeriesView({
  series,
  name,
  currentWeek,
  currency,
}: {
  series: CostPerPointSeries;
  name: string;
  currentWeek: string;
  /** The company currency, of every cost. */
  currency: CurrencyCode;
}) {
  const dollars = (n: number) => formatMoney(n, currency);
  return (
    <>
      <div className={s.stats}>
        <div className={s.stat}>
          <span className={s.statLabel} title={figureHelp('costPerPoint')}>
            {figureLabel('costPerPoint')}, full weeks
          </span>
          <span className={s.statValue} data-testid="cpp-overall">
            {series.overall.costPerPoint === null
              ? NO_POINTS_DONE
              : dollars(series.overall.costPerPoint)}
          </span>
        </div>
        <div className={s.stat}>
          <span className={s.statLabel}>Internal cost</span>
          <span className={s.statValue}>{dollars(series.overall.cost)}</span>
        </div>
        <div className={s.stat}>
          <span className={s.statLabel} title={figureHelp('pointsDone')}>
            {figureLabel('pointsDone')}
          </span>
          <span className={s.statValue}>{series.overall.points}</span>
        </div>
      </div>
      <LazyChart
        weeks={series.weeks.map((w) => w.weekStart)}
        currentWeek={currentWeek}
        formatValue={dollars}
        formatTick={(n) => formatMoneyTick(n, currency)}
        valueAxisLabel={`${currency} per point`}
        label={`Cost per story point per week for ${name}; weeks with no points done are gaps; the table below has the numbers`}
        series={[
          {
            kind: 'perPoint',
            label: figureLabel('costPerPoint'),
            values: series.weeks.map((w) => w.costPerPoint),
          },
        ]}
      />
      <div className={s.scroller} data-scroll-x>
        <table className={`${table} ${s.cells}`} data-testid="cpp-table">
          <caption className={s.muted}>Per week for {name}</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col" className={s.num}>
                Internal Cost
              </th>
              <th scope="col" className={s.num} title={figureHelp('pointsDone')}>
                {figureLabel('pointsDone')}
              </th>
              <th scope="col" className={s.num}>
                Cost per Point
              </th>
            </tr>
          </thead>
          <tbody>
            {series.weeks.map((w) => (
              <tr
                key={w.weekStart}
                className={w.weekStart === currentWeek ? s.currentRow : undefined}
              >
                <th scope="row">
                  <a href={weeklyHoursHref(w.weekStart)}>{formatDate(w.weekStart)}</a>
                  {w.weekStart === currentWeek ? ` (this week, ${SO_FAR})` : ''}
                </th>
                <td className={s.num}>{dollars(w.cost)}</td>
                <td className={s.num}>{w.points}</td>
                <td className={s.num}>
                  {w.costPerPoint === null ? NO_POINTS_DONE : dollars(w.costPerPoint)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
