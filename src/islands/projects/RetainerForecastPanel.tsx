import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../client/api';
import { WarningIcon } from '../../components/icons';
import { spinner } from '../../components/ui.css';
import type { RetainerForecastResponse } from '../../shared/retainer-forecast';
import { formatMoney } from '../../shared/currency';
import { formatDate } from '../../shared/format';
import * as s from './ProjectDetailModal.css';

export const retainerForecastKey = (id: number) =>
  [`/api/insights/projects/${id}/retainer-forecast`] as const;

const verdictClass = { over: s.red, under: s.amber, 'on-track': s.green } as const;

/**
 * Where the running retainer period will land (docs/decisions/170), above the Retainer tab's
 * summary; admins only, as every money figure.
 */
export function RetainerForecastPanel({ projectId }: { projectId: number }) {
  const query = useQuery({
    queryKey: retainerForecastKey(projectId),
    queryFn: () => apiRequest<RetainerForecastResponse>('GET', retainerForecastKey(projectId)[0]),
  });
  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <div className={s.row} role="status">
        <span className={spinner} aria-hidden="true" />
        <span className={s.mutedText}>Forecasting this period...</span>
      </div>
    );
  } else if (query.isError) {
    body = (
      <div className={s.row} role="alert">
        <WarningIcon size={18} className={s.red} />
        <span>Could not forecast this period. Please try again later.</span>
      </div>
    );
  } else if (!query.data.forecast) {
    body = (
      <p className={s.mutedText}>
        No period is running today, so there is nothing to forecast. The next period is forecast
        from its first day.
      </p>
    );
  } else {
    const f = query.data.forecast;
    const money = (n: number) => formatMoney(n, query.data.currency);
    body = (
      <div className={s.panel} data-testid="retainer-forecast">
        <p className={`${s.verdict} ${verdictClass[f.verdict]}`}>{f.verdictText}</p>
        <div className={s.stats}>
          <div className={s.stat}>
            <span className={s.statLabel}>Projected at period end</span>
            <span className={s.statValue}>{money(f.projected)}</span>
          </div>
          <div className={s.stat}>
            <span className={s.statLabel}>Of target</span>
            <span className={s.statValue}>
              {f.percentOfTarget}% of {money(f.target)}
            </span>
          </div>
          <div className={s.stat}>
            <span className={s.statLabel}>Likely range</span>
            <span className={s.statValue}>
              {f.range
                ? `${money(f.range.low)} – ${money(f.range.high)}`
                : 'Needs two past periods'}
            </span>
          </div>
        </div>
        <p className={s.mutedText}>
          Week {f.periodNumber} ({formatDate(f.startDate)} – {formatDate(f.endDate)}):{' '}
          {money(f.actualSoFar)} billed so far, {f.remainingWorkingDays} working{' '}
          {f.remainingWorkingDays === 1 ? 'day' : 'days'} left at about {money(f.burnPerWorkingDay)}{' '}
          a day, less the days people are away.
        </p>
      </div>
    );
  }
  return (
    <section className={s.section} aria-labelledby="retainer-forecast-title">
      <h3 id="retainer-forecast-title" className={s.h3}>
        Forecast for this period
      </h3>
      {body}
    </section>
  );
}
