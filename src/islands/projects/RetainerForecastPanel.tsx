import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../client/api';
import { WarningIcon } from '../../components/icons';
import { spinner } from '../../components/ui.css';
import type { CurrencyCode } from '../../shared/currency';
import { formatMoney } from '../../shared/currency';
import type { ProjectForecastResponse } from '../../shared/delivery-forecast';
import { formatDate } from '../../shared/format';
import { percentOf } from '../../shared/percent';
import { retainerVerdict, retainerVerdictText } from '../../shared/retainer-forecast';
import { projectForecastKey } from './api';
import * as s from './ProjectDetailModal.css';

const verdictClass = { over: s.red, under: s.amber, 'on-track': s.green } as const;

/** The project's forecasts, one query for the Retainer tab's range and the Jira tab's dates. */
export function useProjectForecast(projectId: number) {
  return useQuery({
    queryKey: projectForecastKey(projectId),
    queryFn: () => apiRequest<ProjectForecastResponse>('GET', projectForecastKey(projectId)[0]),
  });
}

/**
 * Where the retainer period will land, as P50 with its P10-P90 band of the billed amount at the
 * period's end (docs/decisions/420-forecasts-with-ranges.md), above the Retainer tab's summary;
 * a period that has ended shows its actual. Admins only, as every forecast of money.
 */
export function RetainerForecastPanel({ projectId }: { projectId: number }) {
  const query = useProjectForecast(projectId);
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
  } else if (!query.data.retainer) {
    body = (
      <p className={s.mutedText}>
        No period has started yet, so there is nothing to forecast. The first period is forecast
        from its first day.
      </p>
    );
  } else {
    const r = query.data.retainer;
    const money = (n: number) => formatMoney(n, r.currency as CurrencyCode);
    const dates = `Week ${r.periodNumber} (${formatDate(r.startDate)} – ${formatDate(r.endDate)})`;
    if (r.finished) {
      body = (
        <div className={s.panel} data-testid="retainer-forecast">
          <div className={s.stats}>
            <div className={s.stat}>
              <span className={s.statLabel}>Billed (actual)</span>
              <span className={s.statValue}>{money(r.p50)}</span>
            </div>
            <div className={s.stat}>
              <span className={s.statLabel}>Of target</span>
              <span className={s.statValue}>
                {percentOf(r.p50, r.target)}% of {money(r.target)}
              </span>
            </div>
          </div>
          <p className={s.mutedText}>
            {dates} has ended: no period is running today, so this is its actual, not a forecast.
          </p>
        </div>
      );
    } else {
      const verdict = retainerVerdict(r.p50, r.target);
      body = (
        <div className={s.panel} data-testid="retainer-forecast">
          <p className={`${s.verdict} ${verdictClass[verdict]}`}>
            {retainerVerdictText(
              { verdict, difference: r.p50 - r.target },
              r.currency as CurrencyCode,
            )}
          </p>
          <div className={s.stats}>
            <div className={s.stat}>
              <span className={s.statLabel}>Likely at period end (P50)</span>
              <span className={s.statValue}>{money(r.p50)}</span>
            </div>
            <div className={s.stat}>
              <span className={s.statLabel}>Range (P10 – P90)</span>
              <span className={s.statValue} data-testid="retainer-range">
                {money(r.p10)} – {money(r.p90)}
              </span>
            </div>
            <div className={s.stat}>
              <span className={s.statLabel}>Of target</span>
              <span className={s.statValue}>
                {percentOf(r.p50, r.target)}% of {money(r.target)}
              </span>
            </div>
          </div>
          <p className={s.mutedText}>
            {dates}: {money(r.actualSoFar)} billed so far; {r.basis}.
          </p>
        </div>
      );
    }
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
