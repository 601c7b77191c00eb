import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client/api';
import { toast } from '../client/toast';
import { useRefusal } from '../components/Refusal';
import { TEAMS, type Project, type TeamName } from '../shared/projects';
import type { Role } from '../shared/roles';
import { refreshProjects, replaceProjectInList } from './projects/api';
import * as s from './TeamSelector.css';

export interface Props {
  projectId: number;
  projectName: string;
  teamName: TeamName | null;
  /** The signed-in role, from the server: staff and admins change teams. */
  role: Role;
}

/**
 * A card's team selector (docs/product-spec.md, "Projects list" and "States and transitions"): Team 1 to Team 4, disabled while a change is
 * saved. The chosen team shows until the server answers; on failure the stored one shows again.
 */
export default function TeamSelector({ projectId, projectName, teamName, role }: Props) {
  const refusal = useRefusal(role, 'project.team');
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
  // A role that may not change teams can still focus the select to read why, but not open it.
  const refuse = (e: { preventDefault(): void }) => {
    if (refusal.reason) e.preventDefault();
  };
  return (
    <>
      <select
        className={s.teamSelect}
        aria-label={`Team of ${projectName}`}
        value={shown}
        disabled={change.isPending}
        {...refusal.attrs}
        onClick={(e) => e.stopPropagation()}
        onMouseDown={refuse}
        onKeyDown={(e) => {
          if (e.key !== 'Tab') refuse(e);
        }}
        onChange={(e) => {
          if (!refusal.reason) change.mutate(e.target.value as TeamName);
        }}
      >
        {shown === '' ? (
          <option value="" disabled>
            Select team
          </option>
        ) : null}
        {/* An option's value is its text: no attribute repeats it on every card. */}
        {TEAMS.map((t) => (
          <option key={t}>{t}</option>
        ))}
      </select>
      {refusal.note}
    </>
  );
}
