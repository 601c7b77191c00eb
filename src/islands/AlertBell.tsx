import { useEffect, useState } from 'react';
import { BellIcon } from '../components/icons';
import { ALERTS_CHANGED_EVENT } from '../shared/island-markers';
import * as s from './AlertBell.css';

export interface Props {
  /** Open alerts needing the person's attention; null when the count could not be read. */
  count: number | null;
  current: boolean;
}

/**
 * The top bar's bell: the count of open alerts the person may see and has not acknowledged or
 * snoozed, counted by the server. The alert list announces a new count after a change.
 */
export default function AlertBell({ count: initial, current }: Props) {
  const [count, setCount] = useState(initial);
  useEffect(() => {
    const onChange = (e: Event) => setCount((e as CustomEvent<number>).detail);
    window.addEventListener(ALERTS_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(ALERTS_CHANGED_EVENT, onChange);
  }, []);
  const label =
    count === null
      ? 'Alerts'
      : count === 0
        ? 'Alerts: none need your attention'
        : `Alerts: ${count} need${count === 1 ? 's' : ''} your attention`;
  return (
    <a
      className={s.bell}
      href="/alerts"
      aria-label={label}
      title={label}
      data-testid="alert-bell"
      aria-current={current ? 'page' : undefined}
    >
      <BellIcon />
      {count ? (
        <span className={s.count} data-testid="alert-count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </a>
  );
}
