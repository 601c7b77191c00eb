import type { CSSProperties, ReactNode } from 'react';
import { capPercent } from '../shared/percent';
import * as s from './ProgressBar.css';

export type ProgressTone = keyof typeof s.tone;

export interface ProgressBarProps {
  /**
   * The percentage; the bar never passes 100% (docs/product-spec.md,
   * "Business constants and limits"), the text shows the real value.
   */
  percent: number;
  /** Text above the bar on the left. */
  label?: ReactNode;
  /** Accessible name when the label is not plain text (or there is none). */
  ariaLabel?: string;
  tone?: ProgressTone;
  /** Hides the percentage text (when the label already says it). */
  hideValue?: boolean;
}

/** A labelled progress bar. Kept to a few elements: a portfolio renders hundreds of them. */
export function ProgressBar({
  percent,
  label,
  ariaLabel,
  tone = 'blue',
  hideValue,
}: ProgressBarProps) {
  const shown = Math.round(Number.isFinite(percent) ? percent : 0);
  const width = capPercent(shown);
  return (
    <div
      className={`${s.bar} ${s.tone[tone]}`}
      style={{ '--bar-fill': `${width}%` } as CSSProperties}
      role="progressbar"
      aria-label={ariaLabel ?? (typeof label === 'string' ? label : undefined)}
      aria-valuenow={width}
      // ARIA's defaults are 0 and 100; the text is only needed when the value passes the bar.
      aria-valuetext={shown === width ? undefined : `${shown}%`}
    >
      {label !== undefined ? <span>{label}</span> : null}
      {hideValue ? null : <b>{`${shown}%`}</b>}
    </div>
  );
}
