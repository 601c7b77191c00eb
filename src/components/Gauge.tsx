import { capPercent, gaugeColor, type GaugeColor } from '../services/metrics';
import * as s from './Gauge.css';

export interface GaugeProps {
  /** The percentage shown as text; may pass 100 (the ring stops at 100). */
  percent: number;
  /** Diameter in pixels. */
  size?: number;
  strokeWidth?: number;
  /** Accessible name, e.g. 'Ticket completion'. */
  label: string;
  /** Colour of the ring; by default the gauge rule of spec section 2 (red >= 99, green >= 70, else amber). */
  tone?: GaugeColor | 'blue';
}

/** A circular percentage gauge (spec section 2): the text shows the real value, the ring is capped at 100. */
export function Gauge({ percent, size = 64, strokeWidth = 7, label, tone }: GaugeProps) {
  const shown = Math.round(Number.isFinite(percent) ? percent : 0);
  const radius = (size - strokeWidth) / 2;
  const circumference = 2 * Math.PI * radius;
  const filled = (capPercent(shown) / 100) * circumference;
  const color = tone ?? gaugeColor(shown);
  return (
    <div
      className={s.wrap}
      style={{ width: size, height: size }}
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={capPercent(shown)}
      aria-valuetext={`${shown}%`}
      data-color={color}
    >
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true">
        <circle className={s.track} cx={size / 2} cy={size / 2} r={radius} fill="none" strokeWidth={strokeWidth} />
        <circle
          className={s.ring[color]}
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={strokeWidth}
          strokeLinecap="round"
          strokeDasharray={`${filled} ${circumference}`}
          transform={`rotate(-90 ${size / 2} ${size / 2})`}
        />
      </svg>
      <span className={s.value}>{shown}%</span>
    </div>
  );
}
