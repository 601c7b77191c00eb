import { formatDate, formatHours } from '../../shared/format';
import { formatUsd } from '../../shared/money-format';
import type { BudgetBurnResponse } from '../../shared/budget-burn';
import type { UnbilledWorkResponse } from '../../shared/unbilled';
import { runOutText } from '../../shared/budget-burn';
import { exportHref } from '../../shared/exports';
import { EmptyState, ErrorState } from '../PanelState';
import { table } from '../ui.css';
import { InsightPanel } from './InsightPanel';
import * as s from './insights.css';

/** The portfolio opens a project's detail from `/?project=<id>`. */
export const projectHref = (id: number) => `/?project=${id}`;

/**
 * Budget burn of every visible fixed-price and T&M project (docs/decisions/171), rendered on the
 * server: no JavaScript. null data is the server's failed read.
 */
export function BudgetBurnTable({ data }: { data: BudgetBurnResponse | null }) {
  let body: React.ReactNode;
  if (!data) {
    body = (
      <ErrorState
        title="Error Loading Budget Burn"
        text="Failed to read budget burn. Please reload the page."
      />
    );
  } else if (data.projects.length === 0) {
    body = (
      <EmptyState title="No Fixed-Price or T&M Projects">
        Budget burn shows visible fixed-price and time-and-materials projects linked to Forecast.
      </EmptyState>
    );
  } else {
    body = (
      <div className={s.scroller} data-scroll-x>
        <table className={`${table} ${s.cells}`} data-testid="budget-burn-table">
          <caption className={s.muted}>
            Budget used = internal cost to date ÷ project value; pace = mean internal cost of the
            last four finished weeks
          </caption>
          <thead>
            <tr>
              <th scope="col">Project</th>
              <th scope="col" className={s.num}>
                Value
              </th>
              <th scope="col" className={s.num}>
                Internal Cost
              </th>
              <th scope="col" className={s.num}>
                Budget Used
              </th>
              <th scope="col" className={s.num}>
                Invoiced
              </th>
              <th scope="col" className={s.num}>
                Pace / Week
              </th>
              <th scope="col">Cost Reaches Value</th>
            </tr>
          </thead>
          <tbody>
            {data.projects.map((p) => (
              <tr key={p.projectId}>
                <th scope="row">
                  <a href={projectHref(p.projectId)}>{p.name}</a>
                </th>
                <td className={s.num}>{formatUsd(p.projectValue)}</td>
                <td className={s.num}>{formatUsd(p.costToDate)}</td>
                <td className={`${s.num} ${(p.usedPercent ?? 0) >= 100 ? s.negative : ''}`}>
                  {p.usedPercent === null ? '—' : `${p.usedPercent}%`}
                </td>
                <td className={s.num}>{formatUsd(p.invoicedToDate)}</td>
                <td className={s.num}>{formatUsd(p.pacePerWeek)}</td>
                <td>{runOutText(p.runOut, (d) => formatDate(d))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <InsightPanel id="budget-burn-title" title="Budget Burn" csvHref={exportHref.budgetBurn()}>
      {body}
    </InsightPanel>
  );
}

/**
 * Work delivered and not yet invoiced (docs/decisions/174), most unbilled value first; each
 * project name opens the project.
 */
export function UnbilledWorkTable({ data }: { data: UnbilledWorkResponse | null }) {
  let body: React.ReactNode;
  if (!data) {
    body = (
      <ErrorState
        title="Error Loading Unbilled Work"
        text="Failed to read unbilled work. Please reload the page."
      />
    );
  } else if (data.projects.length === 0) {
    body = (
      <EmptyState title="No Projects Found">
        No active projects with Forecast integration found.
      </EmptyState>
    );
  } else {
    body = (
      <div className={s.scroller} data-scroll-x>
        <table className={`${table} ${s.cells}`} data-testid="unbilled-table">
          <caption className={s.muted}>
            Since each project's last non-draft invoice; value = billable hours × the client rate
          </caption>
          <thead>
            <tr>
              <th scope="col">Project</th>
              <th scope="col">Last Invoice</th>
              <th scope="col" className={s.num}>
                Hours Since
              </th>
              <th scope="col" className={s.num}>
                Unbilled Value
              </th>
              <th scope="col" className={s.num}>
                Points Since
              </th>
              <th scope="col">Completed Periods Not Invoiced</th>
              <th scope="col">Invoiced While Sprint Blocked</th>
            </tr>
          </thead>
          <tbody>
            {data.projects.map((p) => (
              <tr key={p.projectId}>
                <th scope="row">
                  <a href={projectHref(p.projectId)}>{p.name}</a>
                </th>
                <td>{p.lastInvoiceDate ? formatDate(p.lastInvoiceDate) : 'Never invoiced'}</td>
                <td className={s.num}>{formatHours(p.hoursSince)}</td>
                <td className={s.num}>
                  {p.rateKnown ? formatUsd(p.unbilledValue) : 'No client rate'}
                </td>
                <td className={s.num}>{p.pointsSince}</td>
                <td>
                  {p.uninvoicedPeriods.length === 0
                    ? 'None'
                    : p.uninvoicedPeriods.map((r) => `Week ${r.periodNumber}`).join(', ')}
                </td>
                <td>
                  {p.invoicedWhileBlocked.length === 0
                    ? 'None'
                    : p.invoicedWhileBlocked
                        .map(
                          (i) =>
                            `${i.invoiceReference ?? 'Invoice'} (${formatDate(i.invoiceDate)}): ${i.blocked} of ${i.total} tickets blocked in ${i.sprintName}`,
                        )
                        .join('; ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <InsightPanel id="unbilled-title" title="Unbilled Work" csvHref={exportHref.unbilledWork()}>
      {body}
    </InsightPanel>
  );
}
