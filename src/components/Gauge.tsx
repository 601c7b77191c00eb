import type { CSSProperties } from 'react';
import { capPercent, gaugeColor, type GaugeColor } from '../shared/percent';
import * as s from './Gauge.css';

export interface GaugeProps {
  /** The percentage shown as text; may pass 100 (the ring stops at 100). */
  percent: number;
  /** Diameter in pixels. */
  size?: number;
  strokeWidth?: number;
  /** Accessible name, e.g. 'Ticket completion'. */
  label: string;
  /**
   * Colour of the ring; by default the gauge rule of docs/product-spec.md, "Projects list" (red >=
   * 99, green >= 70, else amber).
   */
  tone?: GaugeColor | 'blue';
}

/**
 * A circular percentage gauge (docs/product-spec.md, "Projects list"): the text shows the real
 * value, the ring is capped at 100.
 */
export function Gauge({
  percent,
  size = s.GAUGE_SIZE,
  strokeWidth = s.GAUGE_STROKE,
  label,
  tone,
}: GaugeProps) {
  const shown = Math.round(Number.isFinite(percent) ? percent : 0);
  const color = tone ?? gaugeColor(shown);
  // The class holds the default size and stroke: a portfolio prints hundreds of gauges.
  const style = {
    ...(size === s.GAUGE_SIZE ? {} : { width: size, height: size }),
    '--gauge-fill': `${capPercent(shown)}%`,
    ...(strokeWidth === s.GAUGE_STROKE ? {} : { '--gauge-width': `${strokeWidth}px` }),
  } as CSSProperties;
  return (
    <div
      className={`${s.gauge} ${s.tone[color]}`}
      style={style}
      role="meter"
      aria-label={label}
      aria-valuenow={capPercent(shown)}
      aria-valuetext={`${shown}%`}
      data-color={color}
    >
      <span>{`${shown}%`}</span>
    </div>
  );
}
