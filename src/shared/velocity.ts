/**
 * Velocity (docs/product-spec.md, "States and transitions" and "Business constants and
 * limits"): story points delivered against available points, its colour, and the eight-week
 * trend's stats.
 */
import type { IsoDate } from './calendar';
import { percentOf } from './percent';

/** How many weeks the velocity history covers. */
export const VELOCITY_HISTORY_WEEKS = 8;

/** round(story points / available points × 100), 0 when no points are available. */
export function velocityPercentage(storyPoints: number, availablePoints: number): number {
  return percentOf(storyPoints, availablePoints);
}

export type VelocityColor = 'green' | 'yellow' | 'red';

/** 80% or more green, 60% to below 80% yellow, below 60% red. */
export function velocityColor(p: number): VelocityColor {
  if (p >= 80) return 'green';
  if (p >= 60) return 'yellow';
  return 'red';
}

/** A velocity history entry (docs/product-spec.md, "Entities and their fields"). */
export interface VelocityHistoryEntry {
  weekStart: IsoDate;
  velocityPercentage: number;
}

export interface VelocityStats {
  avgVelocity: number;
  bestWeek: number;
  lowestWeek: number;
  thisWeek: number;
}

/**
 * The four stats of the Velocity Percentage Trend modal, over the history oldest first (the last is
 * this week). This week is running, so it reads 'so far' and is left out of Avg Velocity, Best
 * Week and Lowest Week, which judge full weeks only (docs/figures.md).
 */
export function velocityStats(history: readonly { velocityPercentage: number }[]): VelocityStats {
  if (history.length === 0) return { avgVelocity: 0, bestWeek: 0, lowestWeek: 0, thisWeek: 0 };
  const thisWeek = history[history.length - 1]!.velocityPercentage;
  const full = history.slice(0, -1).map((h) => h.velocityPercentage);
  if (full.length === 0) return { avgVelocity: 0, bestWeek: 0, lowestWeek: 0, thisWeek };
  return {
    avgVelocity: Math.round(full.reduce((a, b) => a + b, 0) / full.length),
    bestWeek: Math.max(...full),
    lowestWeek: Math.min(...full),
    thisWeek,
  };
}

/** The chart has something to draw when there are weeks at all, even if every one reads 0%. */
export function hasVelocityData(history: readonly { velocityPercentage: number }[]): boolean {
  return history.length > 0;
}

/** Said under a chart whose every week reads 0%: the usual cause is nobody selected to count. */
export const ALL_ZERO_VELOCITY_HINT =
  'Every week reads 0%. Velocity needs developers selected in Developer Availability: with nobody selected, no points are available to measure against.';

/** The hint for a history, or null when some week delivered something. */
export function velocityHint(history: readonly { velocityPercentage: number }[]): string | null {
  return history.length > 0 && history.every((h) => h.velocityPercentage === 0)
    ? ALL_ZERO_VELOCITY_HINT
    : null;
}
