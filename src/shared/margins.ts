/**
 * Gross margins (docs/product-spec.md, "Screens and routes", "Entities and their fields" and
 * "Business constants and limits"): the response of GET /api/gross-margins and the table's
 * figures per project (cost, margin, margin %, live margin), shared by the server and the island.
 */
import { type Amount, type CurrencyCode, totalsByCurrency } from './currency';
import {
  grossMargin,
  internalCost,
  type LiveMargin,
  liveMargin,
  marginPercent,
  roundHours,
  roundMoney,
} from './money';

export interface CostBreakdownEntry {
  personId: number;
  personName: string;
  hours: number;
  hourlyRate: number;
  cost: number;
}

export interface GrossMarginProject {
  id: number;
  name: string;
  devStatus: string;
  totalHours: number;
  totalInvoiced: number;
  totalPaid: number;
  /** The currency of totalInvoiced and totalPaid: the project's invoices' (Forecast's). */
  currency: CurrencyCode;
  /** Absent when no hour of the project has a known cost rate: the $100/h default applies. */
  costBreakdown?: CostBreakdownEntry[];
}

/** The response of GET /api/gross-margins (docs/product-spec.md, "Entities and their fields"). */
export interface GrossMarginsResponse {
  /** The company currency: that of the internal costs and rates, and so of every margin. */
  currency: CurrencyCode;
  projects: GrossMarginProject[];
}

/**
 * Whether the project's margin can be computed: its invoices are in the company currency, the
 * currency of its costs. Without an exchange rate, euros less dollars is no margin.
 */
export function hasMargin(project: Pick<GrossMarginProject, 'currency'>, company: CurrencyCode) {
  return project.currency === company;
}

export interface GrossMarginTotals {
  totalHours: number;
  /** Company currency. */
  internalCost: number;
  /** One total per currency, never added across currencies. */
  invoiced: Amount[];
  paid: Amount[];
  /** Over the projects whose margin can be computed (`hasMargin`); company currency. */
  grossMargin: number;
  marginPercent: number;
  liveMargin: number;
  /** Projects left out of the margins because their invoices are in another currency. */
  withoutMargin: number;
}

/**
 * The table's totals row: sums of the projects' unrounded figures, rounded once. Invoiced and
 * paid are kept per currency; the margins add up only the projects in the company currency.
 */
export function grossMarginTotals(
  projects: readonly GrossMarginProject[],
  company: CurrencyCode,
): GrossMarginTotals {
  let minutes = 0;
  let cost = 0;
  let invoiced = 0;
  let paid = 0;
  let costWithMargin = 0;
  let withoutMargin = 0;
  for (const p of projects) {
    const f = marginFigures(p);
    minutes += p.totalHours * 60;
    cost += f.internalCost;
    if (!hasMargin(p, company)) {
      withoutMargin += 1;
      continue;
    }
    invoiced += p.totalInvoiced;
    paid += p.totalPaid;
    costWithMargin += f.internalCost;
  }
  const margin = grossMargin(invoiced, costWithMargin);
  const amounts = (pick: (p: GrossMarginProject) => number) =>
    totalsByCurrency(projects.map((p) => ({ amount: pick(p), currency: p.currency }))).map((t) => ({
      ...t,
      amount: roundMoney(t.amount),
    }));
  return {
    totalHours: roundHours(minutes / 60),
    internalCost: roundMoney(cost),
    invoiced: amounts((p) => p.totalInvoiced),
    paid: amounts((p) => p.totalPaid),
    grossMargin: margin,
    marginPercent: marginPercent(margin, invoiced),
    liveMargin: grossMargin(paid, costWithMargin),
    withoutMargin,
  };
}

export interface MarginFigures {
  internalCost: number;
  grossMargin: number;
  /** One decimal; 0 when nothing is invoiced. */
  marginPercent: number;
  live: LiveMargin;
}

/**
 * The table's figures for a project, by docs/product-spec.md, "Business constants and limits" (the
 * island and the tests share this).
 */
export function marginFigures(
  project: Pick<GrossMarginProject, 'totalHours' | 'totalInvoiced' | 'totalPaid' | 'costBreakdown'>,
): MarginFigures {
  const cost = internalCost({
    hours: project.totalHours,
    breakdownCosts: (project.costBreakdown ?? []).map((e) => e.cost),
  });
  const margin = grossMargin(project.totalInvoiced, cost);
  return {
    internalCost: cost,
    grossMargin: margin,
    marginPercent: marginPercent(margin, project.totalInvoiced),
    live: liveMargin({ paid: project.totalPaid, cost }),
  };
}

/**
 * Which projects Weekly Hours and Gross Margins cover, said on both tabs (docs/decisions/194);
 * the server selects them with `ACTIVE_FORECAST_IDS_SQL`.
 */
export const MONEY_TABS_SCOPE =
  'Covers the Active projects on the dashboard that are linked to Forecast.';
