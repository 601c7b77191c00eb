/**
 * Percentages and the gauge (docs/product-spec.md, "Screens and routes" and "Business
 * constants and limits"): the rounding and clamping every bar, gauge and rate shares.
 */

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
