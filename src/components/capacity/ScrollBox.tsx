import type { ReactNode } from 'react';
import * as s from './capacity.css';

/**
 * A wide table's sideways scroll: a named region that takes focus, so the keyboard can scroll
 * it too (the tables hold no control of their own to focus).
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={s.scroller} data-scroll-x role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
