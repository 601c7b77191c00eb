import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { apiRequest } from '../client/api';
import { WarningIcon } from '../components/icons';
import { muted, spinner } from '../components/ui.css';
import type { Project } from '../db/projects';
import { useCardActions } from './projects/actions';
import { PROJECTS_KEY } from './projects/api';
import { ProjectCard } from './projects/ProjectCard';
import * as cardStyles from './projects/ProjectCard.css';
import * as s from './ProjectPortfolio.css';

// The detail modal and its charts load only when a card is opened (their own chunk).
const ProjectDetailModal = lazy(() => import('./projects/ProjectDetailModal'));

export interface Props {
  /** Every project on the dashboard (GET /api/projects), or null when the server could not read them. */
  projects: Project[] | null;
  /** The server's time at render (ISO), so staleness reads the same on the server and at hydration. */
  now: string;
}

/**
 * The Project Portfolio's list (spec section 2): one card per project whose visible equals 1,
 * already in the server's HTML. Clicking a card opens its detail modal.
 */
export default function ProjectPortfolio({ projects: initial, now: serverNow }: Props) {
  const query = useQuery({
    queryKey: PROJECTS_KEY,
    queryFn: () => apiRequest<Project[]>('GET', '/api/projects'),
    ...(initial ? { initialData: initial } : {}),
  });
  const [now, setNow] = useState(() => new Date(serverNow));
  const [openId, setOpenId] = useState<number | null>(null);
  const actions = useCardActions();
  // After hydration, judge staleness by the browser's clock; a page left open keeps it current.
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);

  if (query.isPending) {
    return (
      <div className={s.state} role="status" aria-label="Loading projects">
        <div className={spinner} />
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div className={s.state} role="alert">
        <WarningIcon size={28} className={s.errorIcon} />
        <div className={s.stateTitle}>Error Loading Projects</div>
        <p className={muted}>Failed to fetch project data. Please try again later.</p>
      </div>
    );
  }

  const visible = query.data.filter((p) => p.visible === 1);
  const open = openId === null ? undefined : query.data.find((p) => p.id === openId);
  return (
    <>
      {visible.length === 0 ? (
        <div className={s.state}>
          <div className={s.stateTitle}>No projects on the dashboard</div>
          <p className={muted}>Use Manage Projects to add Forecast projects or show hidden ones.</p>
        </div>
      ) : (
        <ul className={cardStyles.list} aria-label="Projects">
          {visible.map((p) => (
            <ProjectCard
              key={p.id}
              project={p}
              now={now}
              onOpen={setOpenId}
              pendingTeam={actions.pendingTeamOf(p.id)}
              onTeamChange={actions.changeTeam}
              syncing={actions.isSyncing(p.id)}
              onSync={actions.sync}
            />
          ))}
        </ul>
      )}
      {open ? (
        <Suspense fallback={null}>
          <ProjectDetailModal project={open} onClose={() => setOpenId(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
