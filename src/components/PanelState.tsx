import type { ReactNode } from 'react';
import { WarningIcon } from './icons';
import * as s from './PanelState.css';
import { spinner, visuallyHidden } from './ui.css';

/**
 * 'panel' for a page's table or chart; 'compact' inside a dialog or a detail tab, where the
 * loading label is shown beside the spinner.
 */
export type StateLook = 'panel' | 'compact';

const titleClass = (look: StateLook) => (look === 'compact' ? s.compactTitle : s.title);
const textClass = (look: StateLook) => (look === 'compact' ? s.compactText : s.text);

/**
 * The three states a panel shows instead of its table or chart: loading, failed and empty. One
 * look and one set of roles for every panel (a screen reader hears 'alert' for a failure,
 * 'status' while loading).
 */
export function LoadingState({ label, look = 'panel' }: { label: string; look?: StateLook }) {
  return (
    <div className={s.state} role="status">
      <span className={spinner} aria-hidden="true" />
      <span className={look === 'compact' ? s.compactText : visuallyHidden}>{label}</span>
    </div>
  );
}

export function ErrorState({
  title,
  text,
  look = 'panel',
  children,
}: {
  title?: string;
  text?: ReactNode;
  look?: StateLook;
  /** An action under the text, such as 'Try again'. */
  children?: ReactNode;
}) {
  return (
    <div className={s.state} role="alert">
      <WarningIcon size={look === 'compact' ? 24 : 28} className={s.errorIcon} />
      {title ? <p className={titleClass(look)}>{title}</p> : null}
      {text ? <p className={textClass(look)}>{text}</p> : null}
      {children}
    </div>
  );
}

export function EmptyState({
  title,
  children,
  look = 'panel',
}: {
  title?: string;
  children?: ReactNode;
  look?: StateLook;
}) {
  return (
    <div className={s.state}>
      {title ? <p className={titleClass(look)}>{title}</p> : null}
      {children ? <p className={textClass(look)}>{children}</p> : null}
    </div>
  );
}
