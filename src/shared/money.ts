/**
 * Money rules (docs/product-spec.md, "Business constants and limits"; docs/design.md,
 * "Integrations"): rounding money to cents and hours to two decimals, internal cost, gross and
 * live margins, and the oracle of a person's hourly cost on a day. Money and hours are rounded
 * only here. Display formats live in money-format.ts and format.ts.
 */
import type { IsoDate } from './calendar';

/**
 * Default internal hourly rate, used when a project has no cost breakdown (docs/product-spec.md,
 * "Business constants and limits").
 */
export const DEFAULT_HOURLY_RATE = 100;

/**
 * Rounds half away from zero to `decimals` places. The scaled value is first cut to 15
 * significant digits, which removes binary drift such as 1.005 * 100 === 100.49999999999999.
 * Percentages to one decimal use it too (percent.ts).
 */
export function roundHalfAway(n: number, decimals: number): number {
  if (!Number.isFinite(n)) return 0;
  const scale = 10 ** decimals;
  const scaled = Number((Math.abs(n) * scale).toPrecision(15));
  // `+ 0` turns -0 into 0 so a tiny negative never prints as "-0".
  return (Math.sign(n) * Math.round(scaled)) / scale + 0;
}

/** Rounds money to cents, half away from zero (1.005 → 1.01, -1.005 → -1.01). */
export function roundMoney(n: number): number {
  return roundHalfAway(n, 2);
}

/** Hours to two decimals, half away from zero (summed hours, hours of a week). */
export function roundHours(hours: number): number {
  return roundHalfAway(hours, 2);
}

/** Hours for the API: minutes / 60 to two decimals (totals are summed in minutes first). */
export function hoursFromMinutes(minutes: number): number {
  return roundHours(minutes / 60);
}

/** Internal cost: the sum of the breakdown's costs if above 0, otherwise hours × $100. */
export function internalCost(input: { hours: number; breakdownCosts: readonly number[] }): number {
  const breakdown = input.breakdownCosts.reduce((sum, c) => sum + c, 0);
  return roundMoney(breakdown > 0 ? breakdown : input.hours * DEFAULT_HOURLY_RATE);
}

/** Gross margin = invoiced minus internal cost. */
export function grossMargin(invoiced: number, cost: number): number {
  return roundMoney(invoiced - cost);
}

/** Margin % = margin / invoiced × 100 to one decimal, 0 when nothing is invoiced. */
export function marginPercent(margin: number, invoiced: number): number {
  if (!invoiced) return 0;
  return roundHalfAway((margin / invoiced) * 100, 1);
}

export type LiveMargin = {
  margin: number;
  /** null when nothing is paid: the UI shows 'N/A'. */
  percent: number | null;
};

/** Live margin: the paid amount in place of invoiced; no percentage when nothing is paid. */
export function liveMargin(input: { paid: number; cost: number }): LiveMargin {
  const margin = grossMargin(input.paid, input.cost);
  return { margin, percent: input.paid > 0 ? marginPercent(margin, input.paid) : null };
}

export type CostPeriod = { startDate: IsoDate | null; cost: number };

/**
 * A person's internal hourly cost on `date` (Forecast person_cost_periods): the period with the
 * latest start on or before the date; else the period with no start (it runs from the
 * beginning); else `fallback` (the person's own cost); else $100.
 *
 * The tests' oracle only: the application costs time with the SQL function `cost_rate_on`
 * (sql/0080_cost_rate_on.sql, docs/decisions/265-cost-rate-rule-in-one-sql-function.md), and
 * the tests check it and the Forecast sync's stored ranges against this.
 */
export function costRateOn(
  periods: readonly CostPeriod[],
  date: IsoDate,
  fallback: number | null,
): number {
  let best: { startDate: IsoDate; cost: number } | undefined;
  for (const { startDate, cost } of periods) {
    if (startDate === null || startDate > date) continue;
    if (!best || startDate > best.startDate) best = { startDate, cost };
  }
  if (best) return best.cost;
  const open = periods.find((p) => p.startDate === null);
  if (open) return open.cost;
  return fallback ?? DEFAULT_HOURLY_RATE;
}
