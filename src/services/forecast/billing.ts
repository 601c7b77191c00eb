/**
 * Pure derivations from Forecast data to the dashboard's figures (docs/design.md, "Billing";
 * docs/reference/forecast-api.md, "Invoices", "Retainer periods" and "Person cost periods"):
 * billing per project from invoice entries, retainer periods with a number and a status, and cost
 * periods as date ranges. No I/O: the sync feeds them what the client read.
 */
import { billingPercentages } from '../../shared/billing';
import { roundMoney } from '../../shared/money';
import { retainerProgress, retainerStatus } from '../../shared/retainer';
import type { IsoDate } from '../../shared/calendar';
import type { CurrencyCode } from '../../shared/currency';
import type { CostPeriodRange } from '../../db/cost-periods';
import type { ProjectInvoiceShare, StoredRetainerPeriod } from '../../db/forecast';
import type { StoredBilling } from '../../db/projects';
import type {
  ForecastCostPeriod,
  ForecastInvoice,
  ForecastInvoiceEntry,
  ForecastRetainerPeriod,
} from './schemas';

/**
 * One invoice line, tax excluded: quantity × unit price less the discount, which Forecast's
 * invoice editor takes as a percentage of the line (docs/decisions/020).
 */
export function entryAmount(
  entry: Pick<ForecastInvoiceEntry, 'quantity' | 'unit_price' | 'discount'>,
): number {
  const gross = entry.quantity * entry.unit_price;
  return roundMoney(gross - (gross * (entry.discount ?? 0)) / 100);
}

/** Splits each invoice into the projects its entries bill: one share per (invoice, project). */
export function invoiceShares(invoices: readonly ForecastInvoice[]): ProjectInvoiceShare[] {
  const shares: ProjectInvoiceShare[] = [];
  for (const invoice of invoices) {
    const byProject = new Map<number, number>();
    let total = 0;
    for (const entry of invoice.entries) {
      const line = entryAmount(entry);
      total += line;
      // An entry without a project belongs to the invoice's own project, when it has one.
      const project = entry.project_id ?? invoice.project_id ?? null;
      if (project !== null) byProject.set(project, (byProject.get(project) ?? 0) + line);
    }
    const paidTotal = invoice.payments.reduce((sum, p) => sum + p.amount, 0);
    for (const [forecastProjectId, amount] of byProject) {
      shares.push({
        invoiceId: invoice.id,
        forecastProjectId,
        invoiceReference: invoice.invoice_reference ?? null,
        invoiceDate: invoice.created_date,
        dueDate: invoice.due_date ?? null,
        status: invoice.status,
        currency: invoice.currency,
        amount: roundMoney(amount),
        paid: total > 0 ? roundMoney((paidTotal * amount) / total) : 0,
      });
    }
  }
  return shares;
}

/** A project's invoice totals: the stored billing summary without its retainer progress. */
export type ProjectBilling = Omit<
  StoredBilling,
  'retainerPeriodsCompleted' | 'retainerPeriodsTotal'
>;

/**
 * The currency a project's billing totals are in: that of its latest invoice (by date, then id),
 * or null when it has none (docs/decisions/350-one-billing-currency-per-project.md).
 */
export function billingCurrency(shares: readonly ProjectInvoiceShare[]): CurrencyCode | null {
  let latest: ProjectInvoiceShare | undefined;
  for (const share of shares)
    if (
      !latest ||
      share.invoiceDate > latest.invoiceDate ||
      (share.invoiceDate === latest.invoiceDate && share.invoiceId > latest.invoiceId)
    )
      latest = share;
  return latest?.currency ?? null;
}

/**
 * Billing of one Forecast project from its invoice shares (docs/design.md, "Billing"), in its
 * billing currency: an invoice in another currency is never added in. An invoice is overdue
 * from the day after its due date; a share paid in full or more is never overdue.
 */
export function projectBilling(
  shares: readonly ProjectInvoiceShare[],
  {
    forecastProjectId,
    projectValue,
    today,
  }: { forecastProjectId: number; projectValue: number; today: IsoDate },
): ProjectBilling {
  let created = 0;
  let invoiced = 0;
  let sent = 0;
  let paid = 0;
  let overdue = 0;
  const own = shares.filter((share) => share.forecastProjectId === forecastProjectId);
  const currency = billingCurrency(own);
  for (const share of own) {
    if (share.currency !== currency) continue;
    created += share.amount;
    paid += share.paid;
    if (share.status === 'DRAFT') continue;
    invoiced += share.amount;
    if (share.status === 'SENT') sent += share.amount;
    if (share.dueDate !== null && share.dueDate < today)
      overdue += Math.max(0, share.amount - share.paid);
  }
  const totals = {
    totalCreated: roundMoney(created),
    totalInvoiced: roundMoney(invoiced),
    totalSent: roundMoney(sent),
    totalPaid: roundMoney(paid),
    overdue: roundMoney(overdue),
  };
  return {
    currency,
    ...totals,
    ...billingPercentages({ projectValue, sent: totals.totalSent, paid: totals.totalPaid }),
  };
}

/** Forecast's split dates (year, month 1–12, day) as 'YYYY-MM-DD'. */
export function splitDate(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A project's retainer periods numbered 1.. by start date (ties by id), with a status and money:
 * target = the period's price for a FIXED_PRICE retainer, else its target hours × the project's
 * hourly rate (0 when the project has no rate); actual = Forecast's billable value of service.
 */
export function deriveRetainerPeriods(
  periods: readonly ForecastRetainerPeriod[],
  { today, hourlyRate }: { today: IsoDate; hourlyRate: number | null },
): StoredRetainerPeriod[] {
  return periods
    .map((p) => ({
      period: p,
      start: splitDate(p.start_year, p.start_month, p.start_day),
      end: splitDate(p.end_year, p.end_month, p.end_day),
    }))
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.period.id - b.period.id))
    .map(({ period, start, end }, index) => ({
      id: period.id,
      period_number: index + 1,
      status: retainerStatus(
        { locked: period.period_locked, startDate: start, endDate: end },
        today,
      ),
      locked: period.period_locked,
      start_date: start,
      end_date: end,
      target_amount:
        period.retainer_budget_type === 'FIXED_PRICE'
          ? roundMoney(period.period_target_price)
          : roundMoney((period.period_target_minutes / 60) * (hourlyRate ?? 0)),
      actual_amount: roundMoney(period.actual_billable_value_of_service),
      actual_billable_minutes: roundMoney(period.actual_billable_minutes),
    }));
}

/** 'Agreed Weeks' on the card: COMPLETED periods over all periods. */
export function retainerCounts(periods: readonly { status: string }[]): {
  completed: number;
  total: number;
} {
  const { completed, total } = retainerProgress(periods);
  return { completed, total };
}

function dayBefore(date: IsoDate): IsoDate {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Person cost periods as ranges, so a registration finds its rate with one range join. Agrees
 * with `costRateOn` day by day: where two periods of a person share a start (or both have none),
 * the one with the lower id is the one in force, as `costRateOn` picks the first it meets in id
 * order, and the other is dropped.
 */
export function costPeriodRanges(periods: readonly ForecastCostPeriod[]): CostPeriodRange[] {
  const byPerson = new Map<number, Map<string, CostPeriodRange>>();
  for (const p of [...periods].sort((a, b) => a.id - b.id)) {
    const startDate =
      p.start_year != null && p.start_month != null && p.start_day != null
        ? splitDate(p.start_year, p.start_month, p.start_day)
        : null;
    const own = byPerson.get(p.person_id) ?? new Map<string, CostPeriodRange>();
    byPerson.set(p.person_id, own);
    const key = startDate ?? '';
    if (!own.has(key))
      own.set(key, { id: p.id, personId: p.person_id, startDate, endDate: null, cost: p.cost });
  }
  const ranges: CostPeriodRange[] = [];
  for (const own of byPerson.values()) {
    // '' (no start) sorts before every date.
    const ordered = [...own.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, r]) => r);
    ordered.forEach((range, i) => {
      const next = ordered[i + 1];
      ranges.push({ ...range, endDate: next?.startDate ? dayBefore(next.startDate) : null });
    });
  }
  return ranges;
}
