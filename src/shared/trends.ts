/**
 * The 12-week trends on Insights (docs/decisions/173, 302): hours, internal cost and invoiced
 * per week, and the margin as a cumulative line from the first week shown (invoices land in
 * bursts, so invoiced minus one week's cost is no margin a lead would recognise), for the agency
 * and per project, every week present (a quiet week is zeros, not a gap) and the current week
 * marked as so far. Money is kept to the cent and rounded only for display, so rows add up.
 * Pure and browser-safe.
 */
import type { CurrencyCode } from './currency';
import { grossMargin, hoursFromMinutes, roundHours, roundMoney } from './money';
import { lastWeeks, type IsoDate } from './calendar';

export const TREND_WEEKS = 12;

export interface WeekFigures {
  weekStart: IsoDate;
  minutes: number;
  cost: number;
  invoiced: number;
}

export interface TrendWeek {
  weekStart: IsoDate;
  /** minutes / 60 to two decimals, as Weekly Hours shows them. */
  hours: number;
  internalCost: number;
  invoiced: number;
  /** Σ (invoiced − internal cost) from the first week shown to this one. */
  cumulativeMargin: number;
  /** The current week: its figures are so far, not a full week's. */
  isCurrent: boolean;
}

/**
 * The `count` weeks ending with the current one, oldest first, each from its figures (summed
 * when a week appears more than once) or zeros.
 */
export function trendWeeks(
  currentWeekStart: IsoDate,
  figures: readonly WeekFigures[],
  count = TREND_WEEKS,
): TrendWeek[] {
  const byWeek = new Map<IsoDate, { minutes: number; cost: number; invoiced: number }>();
  for (const f of figures) {
    const w = byWeek.get(f.weekStart) ?? { minutes: 0, cost: 0, invoiced: 0 };
    w.minutes += f.minutes;
    w.cost += f.cost;
    w.invoiced += f.invoiced;
    byWeek.set(f.weekStart, w);
  }
  let running = 0;
  return lastWeeks(currentWeekStart, count).map((weekStart) => {
    const w = byWeek.get(weekStart) ?? { minutes: 0, cost: 0, invoiced: 0 };
    const internalCost = roundMoney(w.cost);
    const invoiced = roundMoney(w.invoiced);
    running = grossMargin(running + invoiced, internalCost);
    return {
      weekStart,
      hours: hoursFromMinutes(w.minutes),
      internalCost,
      invoiced,
      cumulativeMargin: running,
      isCurrent: weekStart === currentWeekStart,
    };
  });
}

/** Totals over the weeks shown (what the table's last row says): the margin is the last cumulative. */
export function trendTotals(
  weeks: readonly TrendWeek[],
): Omit<TrendWeek, 'weekStart' | 'isCurrent'> {
  const sum = (pick: (w: TrendWeek) => number) => weeks.reduce((s, w) => s + pick(w), 0);
  const internalCost = roundMoney(sum((w) => w.internalCost));
  const invoiced = roundMoney(sum((w) => w.invoiced));
  return {
    hours: roundHours(sum((w) => w.hours)),
    internalCost,
    invoiced,
    cumulativeMargin: grossMargin(invoiced, internalCost),
  };
}

export interface ProjectTrend {
  id: number;
  name: string;
  weeks: TrendWeek[];
}

/** GET /api/trends. */
export interface TrendsResponse {
  currentWeekStart: IsoDate;
  /**
   * The company currency: of costs, of the invoices counted and so of the margins. Invoices in
   * any other currency cannot be set against costs; they are left out and named in
   * `otherCurrencies`.
   */
  currency: CurrencyCode;
  otherCurrencies: CurrencyCode[];
  agency: TrendWeek[];
  projects: ProjectTrend[];
}
