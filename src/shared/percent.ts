/**
 * Percentages and the gauge (docs/product-spec.md, "Screens and routes" and "Business
 * constants and limits"): the rounding and clamping every bar, gauge and rate shares.
 */
import { roundHalfAway } from './money';

/**
 * Clamps a percentage to 0..100: progress bars and the gauge ring never pass 100 (docs/product-
 * spec.md, "Business constants and limits").
 */
export function capPercent(p: number): number {
  if (Number.isNaN(p)) return 0;
  return Math.min(100, Math.max(0, p));
}

/** Rounded share of `part` in `whole` as a percentage, 0 when there is no whole. */
export function percentOf(part: number, whole: number): number {
  if (!whole) return 0;
  // `+ 0` turns a rounded -0 into 0 so it never renders as "-0%".
  return Math.round((part / whole) * 100) + 0;
}

/** A percentage to one decimal, half away from zero (a budget's share, an alert's figure). */
export function roundPercent(p: number): number {
  return roundHalfAway(p, 1);
}

/** A percentage to one decimal at most, for text: '12.5%', '30%'. */
export function percentText(p: number): string {
  return `${roundPercent(p)}%`;
}

/** A percentage with its one decimal always shown, for a column of them: '12.5%', '30.0%'. */
export function percentTextOneDecimal(p: number): string {
  return `${roundPercent(p).toFixed(1)}%`;
}

export type GaugeColor = 'red' | 'green' | 'amber';

/**
 * The circular gauge: red at 99 or above, green at 70 or above, otherwise amber (docs/product-
 * spec.md, "Screens and routes").
 */
export function gaugeColor(percent: number): GaugeColor {
  if (percent >= 99) return 'red';
  if (percent >= 70) return 'green';
  return 'amber';
}

/**
 * A retainer's achievement ring (actual against target, docs/decisions/192): meeting the target
 * is not a warning, passing it is. Red above 100, green from 70 to 100, otherwise amber.
 */
export function achievementColor(percent: number): GaugeColor {
  if (percent > 100) return 'red';
  if (percent >= 70) return 'green';
  return 'amber';
}
