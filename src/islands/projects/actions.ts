import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { apiRequest, serverMessage } from '../../client/api';
import { toast } from '../../client/toast';
import type { Project, TeamName } from '../../db/projects';
import { formatBillingAmount } from '../../services/money-format';
import { refreshProjects, replaceProjectInList } from './api';

export interface SyncResponse {
  forecastData: { totalInvoiced: number; totalPaid: number };
  project: Project;
}

const TEAM_KEY = ['project-team'] as const;
const SYNC_KEY = ['project-sync'] as const;

/**
 * The cards' two actions, held once for the whole list rather than once per card (a hundred
 * cards would otherwise each build two mutation observers on every render). Several cards can
 * save at once; the pending ones are read back from the mutation cache.
 */
export function useCardActions() {
  const queryClient = useQueryClient();

  const team = useMutation({
    mutationKey: TEAM_KEY,
    mutationFn: ({ projectId, teamName }: { projectId: number; teamName: TeamName }) =>
      apiRequest<Project>('PATCH', `/api/projects/${projectId}/team`, { teamName }),
    onSuccess: (saved) => {
      replaceProjectInList(queryClient, saved);
      toast({ title: 'Team Updated', description: 'Project allocated to the chosen team' });
      return refreshProjects(queryClient);
    },
    // The selector shows the stored team again as soon as the change is no longer pending.
    onError: () => toast({ title: 'Error', description: 'Failed to update team allocation', variant: 'destructive' }),
  });

  const sync = useMutation({
    mutationKey: SYNC_KEY,
    mutationFn: (projectId: number) => apiRequest<SyncResponse>('POST', `/api/projects/${projectId}/sync-forecast`),
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

  const pendingTeams = useMutationState({
    filters: { mutationKey: TEAM_KEY, status: 'pending' },
    select: (m) => m.state.variables as { projectId: number; teamName: TeamName },
  });
  const syncingIds = useMutationState({
    filters: { mutationKey: SYNC_KEY, status: 'pending' },
    select: (m) => m.state.variables as number,
  });

  return {
    changeTeam: (projectId: number, teamName: TeamName) => team.mutate({ projectId, teamName }),
    sync: (projectId: number) => sync.mutate(projectId),
    pendingTeamOf: (projectId: number): TeamName | null => pendingTeams.find((v) => v.projectId === projectId)?.teamName ?? null,
    isSyncing: (projectId: number) => syncingIds.includes(projectId),
  };
}
