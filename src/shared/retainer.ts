/**
 * Retainer periods (docs/product-spec.md, "Entities and their fields", "States and
 * transitions" and "Screens and routes"): the period's shape as the API sends it, the card's
 * progress, the status badge and the Retainer tab's Project Summary.
 */
import type { IsoDate } from './calendar';
import { percentOf } from './percent';

export type RetainerStatus = 'COMPLETED' | 'ACTIVE' | 'DRAFT' | 'CANCELLED';

/**
 * A retainer period in the spec's shape (docs/product-spec.md, "Entities and their fields"),
 * snake_case as the spec writes it.
 */
export interface RetainerPeriod {
  id: number;
  period_number: number;
  status: RetainerStatus;
  start_date: IsoDate;
  end_date: IsoDate;
  target_amount: number;
  actual_amount: number;
  actual_billable_minutes: number;
}

/**
 * Forecast has no period status (docs/decisions/021, 304): the status follows the period's
 * dates, so at most one period (the one running today) is ACTIVE. A locked period, or one whose
 * end is before today, is COMPLETED; a period starting after today is DRAFT; the one running
 * today is ACTIVE. CANCELLED has no Forecast source and is never produced.
 */
export function retainerStatus(
  period: { locked: boolean; startDate: IsoDate; endDate: IsoDate },
  today: IsoDate,
): RetainerStatus {
  if (period.locked || period.endDate < today) return 'COMPLETED';
  if (period.startDate > today) return 'DRAFT';
  return 'ACTIVE';
}

export type RetainerProgress = {
  completed: number;
  total: number;
  percentage: number;
  /** True only when there are periods and every one is COMPLETED (the red warning icon). */
  allCompleted: boolean;
};

/**
 * Progress from counts, as a project stores them: the rounded percentage (0 with no periods)
 * and whether every period is completed.
 */
export function retainerProgressOf(completed: number, total: number): RetainerProgress {
  return {
    completed,
    total,
    percentage: percentOf(completed, total),
    allCompleted: total > 0 && completed >= total,
  };
}

/** Only COMPLETED periods count as done; the percentage is rounded, 0 when there are none. */
export function retainerProgress(periods: readonly { status: string }[]): RetainerProgress {
  return retainerProgressOf(periods.filter((p) => p.status === 'COMPLETED').length, periods.length);
}

export type RetainerStatusColor = 'green' | 'blue' | 'grey' | 'red';

const RETAINER_STATUS_COLORS: Record<string, RetainerStatusColor> = {
  COMPLETED: 'green',
  ACTIVE: 'blue',
  DRAFT: 'grey',
  CANCELLED: 'red',
};

/** Retainer period badge: COMPLETED green, ACTIVE blue, DRAFT grey, CANCELLED red, unknown grey. */
export function retainerStatusColor(status: string): RetainerStatusColor {
  return RETAINER_STATUS_COLORS[status] ?? 'grey';
}

export interface RetainerSummary {
  totalTarget: number;
  totalActual: number;
  /** How far actual is from target, always positive; `over` says which side. */
  difference: number;
  /** 'Over Target' when actual >= target, else 'Under Target'. */
  over: boolean;
  /** Rounded percent of target achieved, 0 when the target is 0. */
  achievement: number;
}

/** The Retainer tab's Project Summary (docs/product-spec.md, "Screens and routes"). */
export function retainerSummary(
  periods: readonly Pick<RetainerPeriod, 'target_amount' | 'actual_amount'>[],
): RetainerSummary {
  const totalTarget = periods.reduce((sum, p) => sum + p.target_amount, 0);
  const totalActual = periods.reduce((sum, p) => sum + p.actual_amount, 0);
  return {
    totalTarget,
    totalActual,
    difference: Math.abs(totalActual - totalTarget),
    over: totalActual >= totalTarget,
    achievement: percentOf(totalActual, totalTarget),
  };
}
