import type { ReactNode } from 'react';
import { capPercent } from '../services/metrics';
import * as s from './ProgressBar.css';

export type ProgressTone = keyof typeof s.fill;

export interface ProgressBarProps {
  /** The percentage; the bar never passes 100% (spec section 9), the text shows the real value. */
  percent: number;
  /** Text above the bar on the left; without it the bar stands alone. */
  label?: ReactNode;
  /** Accessible name when the label is not plain text. */
  ariaLabel?: string;
  tone?: ProgressTone;
  /** Hides the percentage text (when the label already says it). */
  hideValue?: boolean;
}

export function ProgressBar({ percent, label, ariaLabel, tone = 'blue', hideValue }: ProgressBarProps) {
  const shown = Math.round(Number.isFinite(percent) ? percent : 0);
  const width = capPercent(shown);
  const name = ariaLabel ?? (typeof label === 'string' ? label : undefined);
  return (
    <div className={s.row}>
      {label !== undefined || !hideValue ? (
        <div className={s.head}>
          <span className={s.label}>{label}</span>
          {hideValue ? null : <span className={s.value}>{shown}%</span>}
        </div>
      ) : null}
      <div className={s.track} role="progressbar" aria-label={name} aria-valuemin={0} aria-valuemax={100} aria-valuenow={width} aria-valuetext={`${shown}%`}>
        <div className={s.fill[tone]} style={{ width: `${width}%` }} />
      </div>
    </div>
  );
}
