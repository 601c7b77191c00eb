import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { apiRequest } from '../client/api';
import * as s from '../components/capacity/capacity.css';
import { ScrollBox } from '../components/capacity/ScrollBox';
import { WeekHeads } from '../components/capacity/WeekHeads';
import { QueryPanel } from '../components/QueryPanel';
import { input, label } from '../components/ui.css';
import {
  type CapacityDemand as Demand,
  type CapacityView,
  capacityViewQuery,
} from '../shared/capacity';
import type { IsoDate } from '../shared/calendar';
import { figureHelp, figureLabel } from '../shared/figures';
import { formatPlanHours } from '../shared/format';

export interface Props {
  initial: Demand;
  view: CapacityView;
  currentWeekStart: IsoDate;
  /** Whether the pipeline has been read from Pipedrive at all. */
  pipelineRead: boolean;
}

const PROBABILITIES = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100];

/**
 * The Capacity page's expected load: a switch for tentative work and a minimum probability (kept
 * in the address, so a reload or a shared link shows the same), and the deals' probability-weighted
 * hours per week beside the free hours, with their total. A forecast of demand, never a verdict:
 * whether a deal fits is judged on its if-won hours (docs/decisions/411-expected-load-no-verdict.md).
 */
export default function CapacityDemand({
  initial,
  view: start,
  currentWeekStart,
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

  return (
    <div className={s.panel} aria-busy={demand.isFetching}>
      <form
        className={s.controls}
        onSubmit={(e) => e.preventDefault()}
        aria-label={figureLabel('expectedHours')}
      >
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
      <QueryPanel
        query={demand}
        look="compact"
        loading="Loading the expected load…"
        error={(e) => ({
          title: 'Error Loading Expected Load',
          text: `Failed to read the expected load: ${e.message}`,
        })}
      >
        {(data) => (
          <>
            <p className={s.note} id={ids.summary} role="status" data-testid="demand-summary">
              {!view.tentative
                ? 'Tentative work is left out: switch it on to count the expected load.'
                : !pipelineRead
                  ? 'No pipeline yet: the open deals come from Pipedrive with the next refresh.'
                  : expectedTotalText(data.weeks, view.minProbability)}
            </p>
            <ScrollBox label="Expected load by week">
              <table className={s.plan} data-testid="demand-table" aria-describedby={ids.summary}>
                <caption className={s.caption}>
                  {`${figureHelp('expectedHours')} Each deal's hours are spread over the weeks from its expected close.`}
                </caption>
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
                    <th scope="row">{figureLabel('expectedHours')}</th>
                    {data.weeks.map((w) => (
                      <td key={w.weekStart} data-testid="tentative-hours">
                        {formatPlanHours(w.tentativeHours)}
                      </td>
                    ))}
                  </tr>
                </tbody>
              </table>
            </ScrollBox>
          </>
        )}
      </QueryPanel>
    </div>
  );
}

const sumOf = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** The total of the weeks shown, said beside the free hours: a forecast, so no "fits" or "short". */
function expectedTotalText(weeks: Demand['weeks'], minProbability: number): string {
  const expected = sumOf(weeks.map((w) => w.tentativeHours));
  const free = sumOf(weeks.map((w) => Math.max(0, w.freeHours)));
  const which = minProbability > 0 ? `deals at ${minProbability}% or more` : 'every open deal';
  return `${figureLabel('expectedHours')} over these ${weeks.length} weeks: ${formatPlanHours(expected)} (${which}, weighted by probability), beside ${formatPlanHours(free)} free. Whether a deal fits is judged on its if-won hours above.`;
}
