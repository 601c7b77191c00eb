import { formatDate, formatHours } from '../../shared/format';
import { percentOf } from '../../shared/percent';
import { formatMoney } from '../../shared/currency';
import {
  type BudgetBurnResponse,
  budgetBurnTotals,
  burnTone,
  runOutText,
} from '../../shared/budget-burn';
import { projectPath } from '../../shared/projects';
import { type UnbilledWorkResponse, unbilledTotals } from '../../shared/unbilled';
import { exportHref } from '../../shared/exports';
import { EmptyState, ErrorState } from '../PanelState';
import { table, visuallyHidden } from '../ui.css';
import { InsightPanel } from './InsightPanel';
import * as s from './insights.css';

const TONE_CLASS = { red: s.negative, amber: s.warning, blue: '' } as const;

/**
 * Budget burn of every visible fixed-price and T&M project (docs/decisions/171), rendered on the
 * server: no JavaScript. null data is the server's failed read.
 */
export function BudgetBurnTable({ data }: { data: BudgetBurnResponse | null }) {
  let body: React.ReactNode;
  // Every row is in the company currency: a project billed in another is listed apart. Used
  // only once the data is read.
  const money = (n: number) => formatMoney(n, data!.currency);
  const totals = budgetBurnTotals(data?.projects ?? []);
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
            {`Budget used = internal cost to date ÷ project value; pace = mean internal cost of the last four finished weeks; at ${data.alertPercent}% used a Budget burn alert opens (settings)`}
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
                  <a href={projectPath(p.projectId)}>{p.name}</a>
                </th>
                <td className={s.num}>{money(p.projectValue)}</td>
                <td className={s.num}>{money(p.costToDate)}</td>
                <td
                  className={`${s.num} ${TONE_CLASS[burnTone(p.usedPercent, p.alertPercent)]}`}
                  data-over-alert={p.overAlert || undefined}
                >
                  {p.usedPercent === null ? '—' : `${p.usedPercent}%`}
                  {p.overAlert ? (
                    <span className={visuallyHidden}> (past the alert threshold)</span>
                  ) : null}
                </td>
                <td className={s.num}>{money(p.invoicedToDate)}</td>
                <td className={s.num}>{money(p.pacePerWeek)}</td>
                <td>{runOutText(p.runOut, (d) => formatDate(d))}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className={s.totalRow} data-testid="budget-burn-totals">
              <th scope="row">Total</th>
              <td className={s.num}>{money(totals.projectValue)}</td>
              <td className={s.num}>{money(totals.costToDate)}</td>
              <td className={s.num}>
                {totals.projectValue > 0
                  ? `${percentOf(totals.costToDate, totals.projectValue)}%`
                  : '—'}
              </td>
              <td className={s.num}>{money(totals.invoicedToDate)}</td>
              <td className={s.num}>{money(totals.pacePerWeek)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
    );
  }
  return (
    <InsightPanel id="budget-burn-title" title="Budget Burn" csvHref={exportHref.budgetBurn()}>
      {body}
      {data && data.otherCurrency.length > 0 ? (
        <p className={s.muted} data-testid="budget-burn-other-currency">
          {`Not shown, as their value and invoices are not in ${data.currency} like their costs: `}
          {data.otherCurrency.map((p, i) => (
            <span key={p.projectId}>
              {i > 0 ? ', ' : ''}
              <a href={projectPath(p.projectId)}>{p.name}</a>
              {` (${p.currency})`}
            </span>
          ))}
          .
        </p>
      ) : null}
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
                  <a href={projectPath(p.projectId)}>{p.name}</a>
                </th>
                <td>{p.lastInvoiceDate ? formatDate(p.lastInvoiceDate) : 'Never invoiced'}</td>
                <td className={s.num}>{formatHours(p.hoursSince)}</td>
                <td className={s.num}>
                  {p.rateKnown ? formatMoney(p.unbilledValue, p.currency) : 'No client rate'}
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
          <UnbilledTotals data={data} />
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

/** Unbilled Work's totals row: hours and points summed, the value one line per currency. */
function UnbilledTotals({ data }: { data: UnbilledWorkResponse }) {
  const totals = unbilledTotals(data.projects);
  return (
    <tfoot>
      <tr className={s.totalRow} data-testid="unbilled-totals">
        <th scope="row">Total</th>
        <td />
        <td className={s.num}>{formatHours(totals.hoursSince)}</td>
        <td className={s.num}>
          {totals.unbilledValue.map((a) => (
            <div key={a.currency}>{formatMoney(a.amount, a.currency)}</div>
          ))}
        </td>
        <td className={s.num}>{totals.pointsSince}</td>
        <td />
        <td />
      </tr>
    </tfoot>
  );
}
