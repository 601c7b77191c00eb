import { type DehydratedState, HydrationBoundary } from '@tanstack/react-query';
import { useState } from 'react';
import { ForecastSiteContext, JiraSiteContext } from '../components/SourceLink';
import { type ProjectForEveryone, type ProjectTab, projectPath } from '../shared/projects';
import type { Role } from '../shared/roles';
import { ProjectDetail, type ReadAt } from './projects/ProjectDetail';

export interface Props {
  /** Without the money fields for a role whose screens do not show them. */
  project: ProjectForEveryone;
  role: Role;
  /** The tab the address names. */
  tab: ProjectTab;
  /** The answers of the calls the tab makes, read by the server with the page. */
  state: DehydratedState;
  readAt: ReadAt;
  jiraSite: string;
  forecastSite: string;
}

/**
 * A project's detail on its own page (docs/decisions/345): the modal's tabs and content, rendered
 * on the server with the data of the tab the address names, so the page reads in full before
 * scripts load. With scripts, a tab opens in place and the address follows it.
 */
export default function ProjectDetails({
  project,
  role,
  tab,
  state,
  readAt,
  jiraSite,
  forecastSite,
}: Props) {
  const [shown, setShown] = useState(tab);
  const onTab = (next: ProjectTab) => {
    setShown(next);
    window.history.replaceState(window.history.state, '', projectPath(project.id, next));
  };
  return (
    <HydrationBoundary state={state}>
      <JiraSiteContext.Provider value={jiraSite}>
        <ForecastSiteContext.Provider value={forecastSite}>
          <ProjectDetail
            project={project}
            role={role}
            tab={shown}
            onTab={onTab}
            readAt={readAt}
            // The page's project is server data: linking Jira changes it, so it is read again.
            onLinked={() => window.location.reload()}
          />
        </ForecastSiteContext.Provider>
      </JiraSiteContext.Provider>
    </HydrationBoundary>
  );
}
