import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { apiRequest } from '../client/api';
import * as s from '../components/capacity/capacity.css';
import { ScrollBox } from '../components/capacity/ScrollBox';
import { WeekHeads } from '../components/capacity/WeekHeads';
import { CheckIcon, WarningIcon } from '../components/icons';
import { ErrorState } from '../components/PanelState';
import { SourceLink } from '../components/SourceLink';
import { input, label, visuallyHidden } from '../components/ui.css';
import {
  type CapacityDemand as Demand,
  type CapacityView,
  capacityViewQuery,
  weekShortage,
} from '../shared/capacity';
import type { IsoDate } from '../shared/calendar';
import { formatMoney } from '../shared/currency';
import { figureHelp, figureLabel } from '../shared/figures';
import { formatDate, formatPlanHours } from '../shared/format';
import { pipedriveDealUrl } from '../shared/source-links';

/** A deal's money, for admins only: the server leaves it out of everyone else's page. */
export interface DealMoney {
  value: number;
  currency: string;
  weightedValue: number;
}

export interface Props {
  initial: Demand;
  view: CapacityView;
  currentWeekStart: IsoDate;
  /** Admins only: each deal's money by id, and the Pipedrive site its row links to. */
  money: { site: string; deals: Record<string, DealMoney> } | null;
  /** Whether the pipeline has been read from Pipedrive at all. */
  pipelineRead: boolean;
}

const PROBABILITIES = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100];

/**
 * The Capacity page's demand: a switch for tentative work and a minimum probability (kept in the
 * address, so a reload or a shared link shows the same), the weighted demand per week against the
 * free hours, and each deal with whether it fits.
 */
export default function CapacityDemand({
  initial,
  view: start,
  currentWeekStart,
  money,
  pipelineRead,
}: Props) {
  const [view, setView] = useState(start);
  const ids = { tentative: useId(), probability: useId(), summary: useId() };
  const query = capacityViewQuery(view);
  const demand = useQuery({
    queryKey: ['/api/capacity', query],
    queryFn: () => apiRequest<Demand>('GET', `/api/capacity${query ? `?${query}` : ''}`),
    initialData: query === capacityViewQuery(start) ? initial : undefined,
  });

  useEffect(() => {
    const url = `/capacity${query ? `?${query}` : ''}`;
    if (`${window.location.pathname}${window.location.search}` !== url)
      window.history.replaceState(null, '', url);
  }, [query]);

  const probabilities = PROBABILITIES.includes(view.minProbability)
    ? PROBABILITIES
    : [...PROBABILITIES, view.minProbability].sort((a, b) => a - b);
  const data = demand.data;
  const shortWeeks = data
    ? data.weeks.filter((w) => weekShortage(w.freeHours, w.tentativeHours) > 0).length
    : 0;

  return (
    <div className={s.panel} aria-busy={demand.isFetching}>
      <form className={s.controls} onSubmit={(e) => e.preventDefault()} aria-label="Demand">
        <label className={s.control} htmlFor={ids.tentative}>
          <input
            id={ids.tentative}
            type="checkbox"
            role="switch"
            checked={view.tentative}
            onChange={(e) => setView({ ...view, tentative: e.target.checked })}
          />
          Include tentative work
        </label>
        <span className={s.control}>
          <label className={label} htmlFor={ids.probability}>
            Minimum probability
          </label>
          <select
            id={ids.probability}
            className={input}
            value={view.minProbability}
            disabled={!view.tentative}
            onChange={(e) => setView({ ...view, minProbability: Number(e.target.value) })}
          >
            {probabilities.map((p) => (
              <option key={p} value={p}>
                {`${p}%`}
              </option>
            ))}
          </select>
        </span>
      </form>
      {demand.isError ? (
        <ErrorState
          title="Error Loading Demand"
          text={`Failed to read the weighted demand: ${demand.error.message}`}
        />
      ) : !data ? (
        <p className={s.note} role="status">
          Loading demand…
        </p>
      ) : (
        <>
          <p className={s.note} id={ids.summary} role="status" data-testid="demand-summary">
            {!view.tentative
              ? 'Tentative work is left out: switch it on to set deals against the free hours.'
              : shortWeeks === 0
                ? `Weighted demand fits the free hours in every week shown.`
                : `Weighted demand exceeds the free hours in ${shortWeeks} of ${data.weeks.length} weeks.`}
          </p>
          <ScrollBox label="Demand by week">
            <table className={s.plan} data-testid="demand-table" aria-describedby={ids.summary}>
              <caption className={s.caption}>{figureHelp('tentativeHours')}</caption>
              <thead>
                <tr>
                  <th scope="col">Week</th>
                  <WeekHeads
                    weeks={data.weeks.map((w) => w.weekStart)}
                    currentWeekStart={currentWeekStart}
                  />
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">{figureLabel('freeHours')}</th>
                  {data.weeks.map((w) => (
                    <td key={w.weekStart}>{formatPlanHours(Math.max(0, w.freeHours))}</td>
                  ))}
                </tr>
                <tr>
                  <th scope="row">{figureLabel('tentativeHours')}</th>
                  {data.weeks.map((w) => (
                    <td key={w.weekStart} data-testid="tentative-hours">
                      {formatPlanHours(w.tentativeHours)}
                    </td>
                  ))}
                </tr>
                <tr>
                  <th scope="row">Shortage</th>
                  {data.weeks.map((w) => {
                    const short = weekShortage(w.freeHours, w.tentativeHours);
                    return short > 0 ? (
                      <td key={w.weekStart} className={s.warn} data-testid="shortage">
                        <span className={s.flag}>
                          <WarningIcon size={12} />
                          {formatPlanHours(short)} short
                        </span>
                      </td>
                    ) : (
                      <td key={w.weekStart} className={s.note}>
                        —<span className={visuallyHidden}> none</span>
                      </td>
                    );
                  })}
                </tr>
              </tbody>
            </table>
          </ScrollBox>
          {pipelineRead ? (
            <DealList deals={data.deals} money={money} tentative={view.tentative} />
          ) : (
            <p className={s.note}>
              No pipeline yet: the open deals come from Pipedrive with the next refresh.
            </p>
          )}
        </>
      )}
    </div>
  );
}

function DealList({
  deals,
  money,
  tentative,
}: {
  deals: Demand['deals'];
  money: Props['money'];
  tentative: boolean;
}) {
  if (!tentative) return null;
  if (deals.length === 0)
    return <p className={s.note}>No open deal at or above this probability.</p>;
  return (
    <ScrollBox label="Open deals">
      <table className={s.list} data-testid="deal-list">
        <caption className={s.caption}>
          Open deals by expected close, each taking the free hours the earlier ones left
        </caption>
        <thead>
          <tr>
            <th scope="col">Deal</th>
            <th scope="col" className={s.num}>
              Probability
            </th>
            <th scope="col">Expected close</th>
            <th scope="col" className={s.num}>
              Weighted hours
            </th>
            {money ? (
              <>
                <th scope="col" className={s.num}>
                  {figureLabel('dealValue')}
                </th>
                <th scope="col" className={s.num}>
                  {figureLabel('weightedValue')}
                </th>
              </>
            ) : null}
            <th scope="col">Fits?</th>
          </tr>
        </thead>
        <tbody>
          {deals.map((d) => {
            const m = money?.deals[String(d.id)];
            const short = d.fit.startsWith('short');
            return (
              <tr key={d.id}>
                <th scope="row">
                  {money ? (
                    <SourceLink href={pipedriveDealUrl(money.site, d.id)}>{d.title}</SourceLink>
                  ) : (
                    d.title
                  )}
                </th>
                <td className={s.num}>{`${d.probability}%`}</td>
                <td>{formatDate(d.expectedCloseDate)}</td>
                <td className={s.num}>{formatPlanHours(d.hours)}</td>
                {money ? (
                  <>
                    <td className={s.num}>{m ? formatMoney(m.value, m.currency) : '—'}</td>
                    <td className={s.num}>{m ? formatMoney(m.weightedValue, m.currency) : '—'}</td>
                  </>
                ) : null}
                <td className={short ? s.short : d.fit === 'fits' ? s.fits : s.note}>
                  <span className={s.flag}>
                    {short ? (
                      <WarningIcon size={12} />
                    ) : d.fit === 'fits' ? (
                      <CheckIcon size={12} />
                    ) : null}
                    {d.fit}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollBox>
  );
}
