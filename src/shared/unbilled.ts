/**
 * Unbilled work, the reconciliation of delivery against invoicing (docs/decisions/174): per
 * project, what was logged and delivered after its last non-draft invoice, completed retainer
 * periods no invoice covers yet, and invoices sent while most of the sprint was blocked.
 * Pure and browser-safe.
 */
import { type Amount, type CurrencyCode, totalsByCurrency } from './currency';
import { hoursFromMinutes, roundHours, roundMoney } from './money';
import type { IsoDate } from './calendar';
import { isBlockedStatus } from './tickets';

export interface CompletedPeriod {
  periodNumber: number;
  startDate: IsoDate;
  endDate: IsoDate;
}

export interface InvoiceSprint {
  invoiceReference: string | null;
  invoiceDate: IsoDate;
  sprintName: string;
  /** The status each of the sprint's tickets had on the invoice date. */
  statusNames: readonly string[];
}

export interface UnbilledInput {
  projectId: number;
  name: string;
  clientHourlyRate: number | null;
  /** The currency the client is billed in (the client rate's and the unbilled value's). */
  currency: CurrencyCode;
  /** The newest non-draft invoice's date; null when the project was never invoiced. */
  lastInvoiceDate: IsoDate | null;
  /** Time logged on days after the last invoice (all time when never invoiced). */
  minutesSince: number;
  billableMinutesSince: number;
  /** Story points moved to done after the last invoice's day. */
  pointsSince: number;
  /** The project's COMPLETED retainer periods. */
  completedPeriods: readonly CompletedPeriod[];
  /** Each non-draft invoice dated inside a sprint, with that sprint's tickets' statuses then. */
  invoiceSprints: readonly InvoiceSprint[];
}

export interface BlockedInvoice {
  invoiceReference: string | null;
  invoiceDate: IsoDate;
  sprintName: string;
  blocked: number;
  total: number;
}

export interface UnbilledRow {
  projectId: number;
  name: string;
  lastInvoiceDate: IsoDate | null;
  hoursSince: number;
  /** Billable hours since × the client rate; 0 when the project has no rate (see rateKnown). */
  unbilledValue: number;
  rateKnown: boolean;
  /** The currency of unbilledValue. */
  currency: CurrencyCode;
  pointsSince: number;
  uninvoicedPeriods: CompletedPeriod[];
  invoicedWhileBlocked: BlockedInvoice[];
}

/** Billable hours at the client rate, in cents; nothing when the rate is unknown. */
export function unbilledValue(billableMinutes: number, hourlyRate: number | null): number {
  if (hourlyRate === null || !(billableMinutes > 0)) return 0;
  return roundMoney((billableMinutes / 60) * hourlyRate);
}

/**
 * Completed periods no invoice covers: an invoice covers the periods that ended on or before its
 * date, so these are the ones ending after the last invoice (all of them when never invoiced).
 */
export function uninvoicedPeriods(
  periods: readonly CompletedPeriod[],
  lastInvoiceDate: IsoDate | null,
): CompletedPeriod[] {
  return periods
    .filter((p) => lastInvoiceDate === null || p.endDate > lastInvoiceDate)
    .sort((a, b) => a.periodNumber - b.periodNumber);
}

/** Most of the sprint blocked: more than half its tickets in a blocked status (spec: 'blocked' or 'impediment'). */
export function blockedShare(statusNames: readonly string[]): {
  blocked: number;
  total: number;
  mostly: boolean;
} {
  const blocked = statusNames.filter(isBlockedStatus).length;
  return { blocked, total: statusNames.length, mostly: blocked * 2 > statusNames.length };
}

export function unbilledRow(input: UnbilledInput): UnbilledRow {
  return {
    projectId: input.projectId,
    name: input.name,
    lastInvoiceDate: input.lastInvoiceDate,
    hoursSince: hoursFromMinutes(input.minutesSince),
    unbilledValue: unbilledValue(input.billableMinutesSince, input.clientHourlyRate),
    rateKnown: input.clientHourlyRate !== null,
    currency: input.currency,
    pointsSince: input.pointsSince,
    uninvoicedPeriods: uninvoicedPeriods(input.completedPeriods, input.lastInvoiceDate),
    invoicedWhileBlocked: input.invoiceSprints.flatMap((i) => {
      const share = blockedShare(i.statusNames);
      return share.mostly
        ? [
            {
              invoiceReference: i.invoiceReference,
              invoiceDate: i.invoiceDate,
              sprintName: i.sprintName,
              blocked: share.blocked,
              total: share.total,
            },
          ]
        : [];
    }),
  };
}

/** The admin table's order: most unbilled value first, then most hours, then name. */
export function sortByUnbilledValue(rows: readonly UnbilledRow[]): UnbilledRow[] {
  return [...rows].sort(
    (a, b) =>
      b.unbilledValue - a.unbilledValue ||
      b.hoursSince - a.hoursSince ||
      a.name.localeCompare(b.name),
  );
}

/** GET /api/unbilled-work. */
export interface UnbilledWorkResponse {
  projects: UnbilledRow[];
}

/** The table's totals: hours and points summed, the unbilled value one total per currency. */
export function unbilledTotals(rows: readonly UnbilledRow[]): {
  hoursSince: number;
  unbilledValue: Amount[];
  pointsSince: number;
} {
  return {
    hoursSince: roundHours(rows.reduce((sum, r) => sum + r.hoursSince, 0)),
    unbilledValue: totalsByCurrency(
      rows
        .filter((r) => r.rateKnown)
        .map((r) => ({ amount: r.unbilledValue, currency: r.currency })),
    ).map((t) => ({ ...t, amount: roundMoney(t.amount) })),
    pointsSince: rows.reduce((sum, r) => sum + r.pointsSince, 0),
  };
}
