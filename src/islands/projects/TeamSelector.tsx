import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../client/api';
import { toast } from '../../client/toast';
import { TEAMS, type Project, type TeamName } from '../../db/projects';
import { refreshProjects, replaceProjectInList } from './api';
import * as s from './ProjectCard.css';

/**
 * The card's team selector (spec sections 2, 4, 8): the new team shows at once; on failure it
 * reverts to the previous team with the 'Error' toast, on success 'Team Updated'.
 */
export function TeamSelector({ project }: { project: Project }) {
  const queryClient = useQueryClient();
  // The team being saved; while set it is shown instead of the stored one.
  const [pending, setPending] = useState<TeamName | null>(null);
  const update = useMutation({
    mutationFn: (teamName: TeamName) => apiRequest<Project>('PATCH', `/api/projects/${project.id}/team`, { teamName }),
    onSuccess: (saved) => {
      replaceProjectInList(queryClient, saved);
      setPending(null);
      toast({ title: 'Team Updated', description: 'Project allocated to the chosen team' });
      return refreshProjects(queryClient);
    },
    onError: () => {
      setPending(null);
      toast({ title: 'Error', description: 'Failed to update team allocation', variant: 'destructive' });
    },
  });
  const shown = pending ?? project.teamName ?? '';
  return (
    <select
      className={s.teamSelect}
      aria-label={`Team of ${project.name}`}
      value={shown}
      disabled={update.isPending}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) => {
        const teamName = e.target.value as TeamName;
        setPending(teamName);
        update.mutate(teamName);
      }}
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
