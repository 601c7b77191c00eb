import { type ReactNode, useId } from 'react';
import { type Freshness as FreshnessData, freshnessView } from '../shared/freshness';
import * as s from './Freshness.css';
import { WarningIcon } from './icons';

export const FRESHNESS_TEST_ID = 'freshness';

/**
 * 'Synced 4 min ago' under a page's heading: the exact times show while the age is hovered or
 * focused, a warning says when the data is out of date or the last sync failed, and admins get a
 * link to the sync history. The FreshnessLine island renders it on every page that shows it, so
 * it ages and follows a sync without a reload (docs/decisions/356); the Sync page's panel renders
 * it beside its own Sync now.
 */
export function Freshness({
  freshness,
  isAdmin,
  action,
}: {
  freshness: FreshnessData | null;
  isAdmin: boolean;
  /** After the line: the island's Sync now for admins. */
  action?: ReactNode;
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
      {action}
    </p>
  );
}
