import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client/api';
import { toast } from '../client/toast';
import { TEAMS, type Project, type TeamName } from '../shared/projects';
import { refreshProjects, replaceProjectInList } from './projects/api';
import * as s from './TeamSelector.css';

export interface Props {
  projectId: number;
  projectName: string;
  teamName: TeamName | null;
}

/**
 * A card's team selector (docs/product-spec.md, "Projects list" and "States and transitions"): Team 1 to Team 4, disabled while a change is
 * saved. The chosen team shows until the server answers; on failure the stored one shows again.
 */
export default function TeamSelector({ projectId, projectName, teamName }: Props) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (next: TeamName) =>
      apiRequest<Project>('PATCH', `/api/projects/${projectId}/team`, { teamName: next }),
    onSuccess: (saved) => {
      replaceProjectInList(queryClient, saved);
      toast({ title: 'Team Updated', description: 'Project allocated to the chosen team' });
      return refreshProjects(queryClient);
    },
    onError: () =>
      toast({
        title: 'Error',
        description: 'Failed to update team allocation',
        variant: 'destructive',
      }),
  });
  // Saved: the stored team until the refreshed card replaces this one.
  const saved = change.isSuccess ? change.data.teamName : teamName;
  const shown = change.isPending ? change.variables : (saved ?? '');
  return (
    <select
      className={s.teamSelect}
      aria-label={`Team of ${projectName}`}
      value={shown}
      disabled={change.isPending}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) => change.mutate(e.target.value as TeamName)}
    >
      {shown === '' ? (
        <option value="" disabled>
          Select team
        </option>
      ) : null}
      {TEAMS.map((t) => (
        <option key={t} value={t}>
          {t}
        </option>
      ))}
    </select>
  );
}
