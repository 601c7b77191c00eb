import { figureLabel } from '../shared/figures';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest, serverMessage } from '../client/api';
import { onEveryMinute } from '../client/every-minute';
import { announceSynced } from '../client/synced';
import { useRefusal } from '../components/Refusal';
import { toast } from '../client/toast';
import type { Project } from '../shared/projects';
import { type CurrencyCode, formatMoney } from '../shared/currency';
import { isBillingStale } from '../shared/billing';
import type { Role } from '../shared/roles';
import { refreshProjects } from './projects/api';
import * as s from './SyncButton.css';

export interface Props {
  projectId: number;
  projectName: string;
  lastForecastSync: string | null;
  /** Stale by the server's clock at render, so the hydrated button starts as the HTML shows it. */
  stale: boolean;
  /** The signed-in role, from the server: staff and admins sync billing. */
  role: Role;
}

export interface SyncResponse {
  forecastData: { totalInvoiced: number; totalPaid: number; currency: CurrencyCode };
  project: Project;
}

/**
 * A card's Sync Billing button (docs/product-spec.md, "Projects list"): syncs the project's billing from Forecast,
 * busy while it runs; yellow with a warning once the last sync is more than 24 hours old.
 */
export default function SyncButton({
  projectId,
  projectName,
  lastForecastSync,
  stale,
  role,
}: Props) {
  const refusal = useRefusal(role, 'project.billing-sync');
  const queryClient = useQueryClient();
  const [staleNow, setStaleNow] = useState(stale);
  // After hydration, staleness follows the browser's clock.
  useEffect(() => {
    const check = () => setStaleNow(isBillingStale(lastForecastSync, new Date()));
    check();
    return onEveryMinute(check);
  }, [lastForecastSync]);
  const sync = useMutation({
    mutationFn: () => apiRequest<SyncResponse>('POST', `/api/projects/${projectId}/sync-forecast`),
    onSuccess: ({ forecastData }) => {
      toast({
        title: 'Billing Data Synced',
        description: `${figureLabel('invoiced')}: ${formatMoney(forecastData.totalInvoiced, forecastData.currency, 2)} · ${figureLabel('paid')}: ${formatMoney(forecastData.totalPaid, forecastData.currency, 2)}`,
      });
      announceSynced();
      return refreshProjects(queryClient);
    },
    onError: (error) =>
      toast({
        title: 'Sync Failed',
        description: serverMessage(error, 'Failed to sync billing data from Forecast'),
        variant: 'destructive',
      }),
  });
  const syncing = sync.isPending;
  return (
    <>
      <button
        type="button"
        className={`${staleNow ? s.syncButton.stale : s.syncButton.fresh}${syncing ? ` ${s.spinning}` : ''}`}
        title={
          refusal.reason ??
          (staleNow
            ? 'Billing data is more than 24 hours old: sync it from Forecast'
            : 'Sync billing data from Forecast')
        }
        aria-label={`Sync billing data of ${projectName}${staleNow ? ' (billing data is stale)' : ''}`}
        aria-busy={syncing}
        disabled={syncing}
        data-stale={staleNow ? '' : undefined}
        aria-disabled={refusal.attrs['aria-disabled']}
        aria-describedby={refusal.attrs['aria-describedby']}
        onClick={(e) => {
          e.stopPropagation();
          if (!refusal.reason) sync.mutate();
        }}
      >
        {syncing ? 'Syncing...' : 'Sync Billing'}
      </button>
      {refusal.note}
    </>
  );
}
