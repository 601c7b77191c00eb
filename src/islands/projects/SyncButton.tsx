import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, serverMessage } from '../../client/api';
import { toast } from '../../client/toast';
import { RefreshIcon, WarningIcon } from '../../components/icons';
import type { Project } from '../../db/projects';
import { formatBillingAmount } from '../../services/format';
import { refreshProjects } from './api';
import * as s from './ProjectCard.css';

export interface SyncResponse {
  forecastData: { totalInvoiced: number; totalPaid: number };
  project: Project;
}

/**
 * Syncs the card's billing data from Forecast (spec sections 2, 7, 8). Stale data (last sync
 * over 24 hours ago, or never) gives the button a yellow outline and a warning icon.
 */
export function SyncButton({ project, stale }: { project: Project; stale: boolean }) {
  const queryClient = useQueryClient();
  const sync = useMutation({
    mutationFn: () => apiRequest<SyncResponse>('POST', `/api/projects/${project.id}/sync-forecast`),
    onSuccess: ({ forecastData }) => {
      toast({
        title: 'Billing Data Synced',
        description: `Invoiced: ${formatBillingAmount(forecastData.totalInvoiced)} · Paid: ${formatBillingAmount(forecastData.totalPaid)}`,
      });
      return refreshProjects(queryClient);
    },
    onError: (error) =>
      toast({ title: 'Sync Failed', description: serverMessage(error, 'Failed to sync billing data from Forecast'), variant: 'destructive' }),
  });
  const title = stale ? 'Billing data is more than 24 hours old: sync it from Forecast' : 'Sync billing data from Forecast';
  return (
    <button
      type="button"
      className={stale ? s.syncButton.stale : s.syncButton.fresh}
      title={title}
      aria-label={`Sync billing data of ${project.name}`}
      aria-busy={sync.isPending}
      disabled={sync.isPending}
      data-stale={stale ? '' : undefined}
      onClick={(e) => {
        e.stopPropagation();
        sync.mutate();
      }}
    >
      {stale ? <WarningIcon size={15} className={s.staleIcon} label="Billing data is stale" /> : null}
      <RefreshIcon size={15} className={sync.isPending ? s.spinning : undefined} />
      {sync.isPending ? 'Syncing...' : 'Sync Billing'}
    </button>
  );
}
