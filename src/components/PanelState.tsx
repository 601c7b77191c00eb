import type { ReactNode } from 'react';
import { WarningIcon } from './icons';
import * as s from './PanelState.css';
import { spinner, visuallyHidden } from './ui.css';

/**
 * The three states a panel shows instead of its table or chart: loading, failed and empty. One
 * look and one set of roles for every admin table (a screen reader hears 'alert' for a failure,
 * 'status' while loading).
 */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className={s.state} role="status">
      <span className={spinner} aria-hidden="true" />
      <span className={visuallyHidden}>{label}</span>
    </div>
  );
}

export function ErrorState({ title, text }: { title: string; text: string }) {
  return (
    <div className={s.state} role="alert">
      <WarningIcon size={28} className={s.errorIcon} />
      <p className={s.title}>{title}</p>
      <p className={s.text}>{text}</p>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={s.state}>
      <p className={s.title}>{title}</p>
      <p className={s.text}>{children}</p>
    </div>
  );
}
