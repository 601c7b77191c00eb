import type { Project } from '../../db/projects';
import * as s from './ProjectCard.css';

export interface SyncButtonProps {
  project: Project;
  /** Last sync over 24 hours ago, or never: yellow outline and warning icon (spec section 2). */
  stale: boolean;
  syncing: boolean;
  onSync: (projectId: number) => void;
}

/** The card's button that syncs billing data from Forecast; busy while the sync runs. */
export function SyncButton({ project, stale, syncing, onSync }: SyncButtonProps) {
  return (
    <button
      type="button"
      className={`${stale ? s.syncButton.stale : s.syncButton.fresh}${syncing ? ` ${s.spinning}` : ''}`}
      title={stale ? 'Billing data is more than 24 hours old: sync it from Forecast' : 'Sync billing data from Forecast'}
      aria-label={`Sync billing data of ${project.name}${stale ? ' (billing data is stale)' : ''}`}
      aria-busy={syncing}
      disabled={syncing}
      data-stale={stale ? '' : undefined}
      onClick={(e) => {
        e.stopPropagation();
        onSync(project.id);
      }}
    >
      {syncing ? 'Syncing...' : 'Sync Billing'}
    </button>
  );
}
