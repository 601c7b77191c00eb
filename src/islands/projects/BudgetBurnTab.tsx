import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../client/api';
import { ProgressBar } from '../../components/ProgressBar';
import { QueryPanel } from '../../components/QueryPanel';
import type { ProjectBudgetBurn } from '../../shared/budget-burn';
import { formatDate } from '../../shared/format';
import { type CurrencyCode, formatMoney } from '../../shared/currency';
import { burnTone, runOutText } from '../../shared/budget-burn';
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
  return (
    <QueryPanel
      query={query}
      look="compact"
      loading="Loading budget burn..."
      error={{ title: 'Failed to load budget burn', text: 'Please try again later.' }}
      empty={{
        when: (d) => !d.budgetBurn,
        title: 'No Budget Burn',
        text: 'Budget burn is shown for visible fixed-price and time-and-materials projects linked to Forecast.',
      }}
    >
      {(d) => <BudgetBurnView burn={d.budgetBurn!} currency={d.currency} />}
    </QueryPanel>
  );
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
              label={`Budget used (internal cost; alert at ${burn.alertPercent}%)`}
              tone={burnTone(burn.usedPercent, burn.alertPercent)}
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
