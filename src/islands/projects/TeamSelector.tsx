import { TEAMS, type Project, type TeamName } from '../../db/projects';
import * as s from './ProjectCard.css';

export interface TeamSelectorProps {
  project: Project;
  /** The team being saved, shown until the server answers; on failure it goes and the stored team shows again. */
  pendingTeam: TeamName | null;
  onChange: (projectId: number, teamName: TeamName) => void;
}

/** The card's team selector (spec sections 2, 4): Team 1 to Team 4, disabled while a change is saved. */
export function TeamSelector({ project, pendingTeam, onChange }: TeamSelectorProps) {
  const shown = pendingTeam ?? project.teamName ?? '';
  return (
    <select
      className={s.teamSelect}
      aria-label={`Team of ${project.name}`}
      value={shown}
      disabled={pendingTeam !== null}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) => onChange(project.id, e.target.value as TeamName)}
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
