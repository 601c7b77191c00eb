import { useId } from 'react';
import { type Freshness as FreshnessData, freshnessView } from '../shared/freshness';
import * as s from './Freshness.css';
import { WarningIcon } from './icons';

export const FRESHNESS_TEST_ID = 'freshness';

/**
 * 'Synced 4 min ago' under a page's heading, rendered on the server (the Sync page's panel
 * renders it again after a run, so Sync now needs no reload): the exact
 * times show while the age is hovered or focused, a warning says when the data is out of date
 * or the last sync failed, and admins get a link to the sync history and Sync now.
 */
export function Freshness({
  freshness,
  isAdmin,
}: {
  freshness: FreshnessData | null;
  isAdmin: boolean;
}) {
  const detailId = useId();
  if (!freshness) return null;
  const view = freshnessView(freshness);
  return (
    <p className={s.line} data-testid={FRESHNESS_TEST_ID}>
      {/* Focusable so the keyboard shows the exact times, as hover does. */}
      <span className={s.age} tabIndex={0} aria-describedby={detailId}>
        {view.text}
        <span className={s.tip} id={detailId} role="tooltip">
          {view.detail}
        </span>
      </span>
      {view.warning ? (
        <span className={s.warning} role="status">
          <WarningIcon size={14} />
          {view.warning}
        </span>
      ) : null}
      {isAdmin ? (
        <a className={s.link} href="/agency/sync">
          {view.syncing ? 'Sync in progress' : 'Sync history'}
        </a>
      ) : view.syncing ? (
        <span className={s.link}>Sync in progress</span>
      ) : null}
    </p>
  );
}
