import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../components/PanelState';
import { QueryPanel } from '../components/QueryPanel';
import { useState } from 'react';
import { readOr } from '../client/api';
import { exportHref } from '../shared/exports';
import { table } from '../components/ui.css';
import { formatDate, formatHours, formatWholeHours } from '../shared/format';
import { type CurrencyCode, formatMoney, formatMoneyTick } from '../shared/currency';
import { weeklyHoursHref } from '../shared/weekly-hours';
import { figureHelp, figureLabel, SO_FAR } from '../shared/figures';
import type { TrendsResponse } from '../shared/trends';
import { trendTotals, type TrendWeek } from '../shared/trends';
import { InsightPanel, ScopeSelect } from '../components/insights/InsightPanel';
import * as s from '../components/insights/insights.css';
import { LazyChart } from './insights/LazyChart';
import type { SeriesKind } from './insights/WeeklyLineChart';

export interface Props {
  /** The server's answer, or null when it could not read it (the island then asks again). */
  initial: TrendsResponse | null;
}

export const TRENDS_PATH = '/api/insights/trends';
const AGENCY = 'agency';

/** The 12-week trends (docs/decisions/173): the agency or one project, as charts and as a table. */
export default function Trends({ initial }: Props) {
  const query = useQuery({
    queryKey: [TRENDS_PATH],
    queryFn: () => readOr<TrendsResponse>(TRENDS_PATH, 'Failed to fetch trends'),
    initialData: initial ?? undefined,
  });
  const [scope, setScope] = useState(AGENCY);
  return (
    <InsightPanel id="trends-title" title="12-Week Trends" csvHref={exportHref.trends()}>
      <QueryPanel
        query={query}
        loading="Loading trends..."
        error={{
          title: 'Error Loading Trends',
          text: 'Failed to fetch trend data. Please try again later.',
        }}
      >
        {(data) => {
          const project = data.projects.find((p) => String(p.id) === scope);
          const weeks = project?.weeks ?? data.agency;
          const name = project?.name ?? 'the agency';
          return (
            <>
              <ScopeSelect
                id="trends-scope"
                value={project ? scope : AGENCY}
                allValue={AGENCY}
                allLabel="Agency (Active dashboard projects, as Weekly Hours)"
                projects={data.projects}
                onChange={setScope}
              />
              {weeks.every((w) => w.hours === 0 && w.invoiced === 0) ? (
                <EmptyState title="No Time or Invoices">
                  Nothing was logged or invoiced for {name} in the last 12 weeks.
                </EmptyState>
              ) : (
                <TrendView
                  weeks={weeks}
                  name={name}
                  currentWeek={data.currentWeekStart}
                  currency={data.currency}
                  otherCurrencies={data.otherCurrencies}
                />
              )}
            </>
          );
        }}
      </QueryPanel>
    </InsightPanel>
  );
}

const L = {
  hours: figureLabel('totalHours'),
  cost: figureLabel('internalCost'),
  invoiced: figureLabel('invoiced'),
  margin: figureLabel('cumulativeMargin'),
};

function Legend({ items }: { items: { kind: SeriesKind; label: string }[] }) {
  return (
    <ul className={s.legend} aria-hidden="true">
      {items.map((l) => (
        <li key={l.kind}>
          <span className={`${s.swatchBase} ${s.swatch[l.kind]}`} />
          {l.label}
        </li>
      ))}
    </ul>
  );
}

function TrendView({
  weeks,
  name,
  currentWeek,
  currency,
  otherCurrencies,
}: {
  weeks: TrendWeek[];
  name: string;
  currentWeek: string;
  /** The company currency: of costs, of the invoices counted and of the margins. */
  currency: CurrencyCode;
  /** Currencies of invoices left out: they cannot be set against costs in `currency`. */
  otherCurrencies: CurrencyCode[];
}) {
  const totals = trendTotals(weeks);
  const money = (n: number) => formatMoney(n, currency);
  const moneyTick = (n: number) => formatMoneyTick(n, currency);
  const starts = weeks.map((w) => w.weekStart);
  return (
    <>
      <Legend
        items={[
          { kind: 'cost', label: L.cost },
          { kind: 'invoiced', label: L.invoiced },
        ]}
      />
      <LazyChart
        weeks={starts}
        currentWeek={currentWeek}
        formatValue={money}
        formatTick={moneyTick}
        valueAxisLabel={currency}
        label={`${L.cost} and ${L.invoiced} per week for ${name}; the table below has the numbers`}
        series={[
          { kind: 'cost', label: L.cost, values: weeks.map((w) => w.internalCost) },
          { kind: 'invoiced', label: L.invoiced, values: weeks.map((w) => w.invoiced) },
        ]}
      />
      <Legend items={[{ kind: 'margin', label: L.margin }]} />
      <p className={s.muted}>{figureHelp('cumulativeMargin')}</p>
      <LazyChart
        weeks={starts}
        currentWeek={currentWeek}
        formatValue={money}
        formatTick={moneyTick}
        valueAxisLabel={currency}
        label={`${L.margin} over the 12 weeks for ${name}; the table below has the numbers`}
        series={[{ kind: 'margin', label: L.margin, values: weeks.map((w) => w.cumulativeMargin) }]}
      />
      <Legend items={[{ kind: 'hours', label: L.hours }]} />
      <LazyChart
        weeks={starts}
        currentWeek={currentWeek}
        formatValue={formatHours}
        formatTick={formatWholeHours}
        valueAxisLabel="Hours"
        label={`Hours per week for ${name}; the table below has the numbers`}
        series={[{ kind: 'hours', label: L.hours, values: weeks.map((w) => w.hours) }]}
      />
      <div className={s.scroller} data-scroll-x>
        <table className={`${table} ${s.cells}`} data-testid="trends-table">
          <caption className={s.muted}>
            Per week for {name}, Monday to Sunday; amounts in {currency}
            {otherCurrencies.length > 0
              ? `; invoices in ${otherCurrencies.join(', ')} are left out, as costs are in ${currency}`
              : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col" className={s.num} title={figureHelp('totalHours')}>
                Hours
              </th>
              <th scope="col" className={s.num} title={figureHelp('internalCost')}>
                {L.cost}
              </th>
              <th scope="col" className={s.num} title={figureHelp('invoiced')}>
                {L.invoiced}
              </th>
              <th scope="col" className={s.num} title={figureHelp('cumulativeMargin')}>
                {L.margin}
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr
                key={w.weekStart}
                className={w.isCurrent ? s.currentRow : undefined}
                aria-current={w.isCurrent ? 'date' : undefined}
              >
                <th scope="row">
                  {/* A week's figures sum its entries: Weekly Hours lists them. */}
                  <a href={weeklyHoursHref(w.weekStart)}>{formatDate(w.weekStart)}</a>
                  {w.isCurrent ? ` (this week, ${SO_FAR})` : ''}
                </th>
                <td className={s.num}>{formatHours(w.hours)}</td>
                <td className={s.num}>{money(w.internalCost)}</td>
                <td className={s.num}>{money(w.invoiced)}</td>
                <td className={`${s.num} ${w.cumulativeMargin < 0 ? s.negative : ''}`}>
                  {money(w.cumulativeMargin)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">12 weeks</th>
              <td className={s.num}>{formatHours(totals.hours)}</td>
              <td className={s.num}>{money(totals.internalCost)}</td>
              <td className={s.num}>{money(totals.invoiced)}</td>
              <td className={`${s.num} ${totals.cumulativeMargin < 0 ? s.negative : ''}`}>
                {money(totals.cumulativeMargin)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}
