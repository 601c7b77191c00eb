/**
 * Cost per story point (docs/decisions/172): a week's internal cost on a project divided by the
 * story points moved to done in that week. A week with no points has no figure ('no points
 * done'), never a division by zero. Pure and browser-safe.
 */
import type { CurrencyCode } from './currency';
import { roundMoney } from './money';
import type { IsoDate } from './calendar';

/** Weeks shown by the chart, the current one last. */
export const COST_PER_POINT_WEEKS = 8;

export const NO_POINTS_DONE = 'no points done';

export interface CostAndPoints {
  weekStart: IsoDate;
  cost: number;
  points: number;
}

export interface CostPerPointWeek extends CostAndPoints {
  /** null when no points were done: the chart leaves a gap and the table says 'no points done'. */
  costPerPoint: number | null;
}

/** cost ÷ points in cents; null when no points were done. */
export function costPerPoint(cost: number, points: number): number | null {
  return points > 0 ? roundMoney(cost / points) : null;
}

/** Each week with its figure. */
export function costPerPointWeeks(weeks: readonly CostAndPoints[]): CostPerPointWeek[] {
  return weeks.map((w) => ({
    weekStart: w.weekStart,
    cost: roundMoney(w.cost),
    points: w.points,
    costPerPoint: costPerPoint(w.cost, w.points),
  }));
}

/**
 * The whole span's figure: total cost ÷ total points (not the mean of the weekly figures), over
 * the full weeks only: the current week, so far, is left out (docs/figures.md, "Partial and
 * future weeks").
 */
export function costPerPointOverall(
  allWeeks: readonly CostAndPoints[],
  currentWeekStart?: IsoDate,
): {
  cost: number;
  points: number;
  costPerPoint: number | null;
} {
  const weeks = allWeeks.filter((w) => w.weekStart !== currentWeekStart);
  const cost = roundMoney(weeks.reduce((s, w) => s + w.cost, 0));
  const points = weeks.reduce((s, w) => s + w.points, 0);
  return { cost, points, costPerPoint: costPerPoint(cost, points) };
}

export interface CostPerPointSeries {
  weeks: CostPerPointWeek[];
  overall: { cost: number; points: number; costPerPoint: number | null };
}

/** GET /api/cost-per-point. */
export interface CostPerPointResponse {
  currentWeekStart: IsoDate;
  /** The company currency, of every cost. */
  currency: CurrencyCode;
  agency: CostPerPointSeries;
  projects: (CostPerPointSeries & { id: number; name: string })[];
}
