import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../client/api';
import { WarningIcon } from '../../components/icons';
import { ProgressBar } from '../../components/ProgressBar';
import { spinner } from '../../components/ui.css';
import type { ProjectBudgetBurn } from '../../shared/budget-burn';
import { formatDate } from '../../shared/format';
import { type CurrencyCode, formatMoney } from '../../shared/currency';
import { runOutText } from '../../shared/budget-burn';
import * as s from './ProjectDetailModal.css';

export const budgetBurnKey = (id: number) => [`/api/insights/projects/${id}/budget-burn`] as const;
/** The budget burn's answer, in the company currency. */
export interface BudgetBurnAnswer {
  budgetBurn: ProjectBudgetBurn | null;
  currency: CurrencyCode;
}

/**
 * Budget burn of a fixed-price or time-and-materials project (docs/decisions/171): internal cost
 * and invoiced against the project value, the last four weeks' burn and the run-out week.
 */
export function BudgetBurnTab({ projectId }: { projectId: number }) {
  const query = useQuery({
    queryKey: budgetBurnKey(projectId),
    queryFn: () => apiRequest<BudgetBurnAnswer>('GET', budgetBurnKey(projectId)[0]),
  });
  if (query.isPending) {
    return (
      <div className={s.centered} role="status">
        <div className={spinner} />
        <span className={s.mutedText}>Loading budget burn...</span>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className={s.centered} role="alert">
        <WarningIcon size={24} className={s.red} />
        <div className={s.stateTitle}>Failed to load budget burn</div>
        <p className={s.mutedText}>Please try again later.</p>
      </div>
    );
  }
  const burn = query.data.budgetBurn;
  if (!burn) {
    return (
      <div className={s.centered}>
        <div className={s.stateTitle}>No Budget Burn</div>
        <p className={s.mutedText}>
          Budget burn is shown for visible fixed-price and time-and-materials projects linked to
          Forecast.
        </p>
      </div>
    );
  }
  return <BudgetBurnView burn={burn} currency={query.data.currency} />;
}

export function BudgetBurnView({
  burn,
  currency,
}: {
  burn: ProjectBudgetBurn;
  /** The company currency: budget burn is shown only for projects billed in it. */
  currency: CurrencyCode;
}) {
  const money = (n: number) => formatMoney(n, currency);
  const runOut = runOutText(burn.runOut, (d) => formatDate(d));
  return (
    <section className={s.section} aria-labelledby="budget-burn-title" data-testid="budget-burn">
      <h3 id="budget-burn-title" className={s.h3}>
        Budget Burn
      </h3>
      <div className={s.panel}>
        <div className={s.stats}>
          <div className={s.stat}>
            <span className={s.statLabel}>Project value</span>
            <span className={s.statValue}>{money(burn.projectValue)}</span>
          </div>
          <div className={s.stat}>
            <span className={s.statLabel}>Internal cost to date</span>
            <span className={s.statValue}>{money(burn.costToDate)}</span>
          </div>
          <div className={s.stat}>
            <span className={s.statLabel}>Invoiced to date</span>
            <span className={s.statValue}>{money(burn.invoicedToDate)}</span>
          </div>
          <div className={s.stat}>
            <span className={s.statLabel}>Cost reaches value</span>
            <span
              className={`${s.statValue} ${burn.runOut.kind === 'reached' ? s.red : ''}`}
              data-testid="run-out"
            >
              {runOut}
            </span>
          </div>
        </div>
        {burn.usedPercent !== null ? (
          <>
            <ProgressBar
              percent={burn.usedPercent}
              label="Budget used (internal cost)"
              tone={burn.usedPercent >= 100 ? 'red' : burn.usedPercent >= 80 ? 'amber' : 'blue'}
            />
            <ProgressBar percent={burn.invoicedPercent ?? 0} label="Invoiced" tone="green" />
          </>
        ) : null}
      </div>
      <table className={s.burnTable}>
        <caption className={s.mutedText}>
          Internal cost per week, last four finished weeks (pace {money(burn.pacePerWeek)} a week)
        </caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Internal cost</th>
          </tr>
        </thead>
        <tbody>
          {burn.weeklyCosts.map((w) => (
            <tr key={w.weekStart}>
              <td>{formatDate(w.weekStart)}</td>
              <td>{money(w.cost)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
