import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { ForecastProjectId } from '../../components/SourceLink';
import { type Project, type ProjectTab, projectIdOfPath, projectPath } from '../../shared/projects';
import type { Role } from '../../shared/roles';
import { ProjectDetail } from './ProjectDetail';

/**
 * The project detail modal (docs/product-spec.md, "Project detail modal"), loaded on demand with
 * its charts. Everything it shows comes from our own stored data: opening it calls no upstream
 * service.
 */
export default function ProjectDetailModal({
  project,
  onClose,
  role,
}: {
  project: Project;
  onClose: () => void;
  /** The signed-in role: admins see the money figures (retainer forecast, budget burn, costs). */
  role: Role;
}) {
  const [tab, setTab] = useState<ProjectTab>('jira');
  const onTab = (next: ProjectTab) => {
    setTab(next);
    // Opened at the project's address: the address follows the tab, so a copied link shows it.
    if (projectIdOfPath(window.location.pathname) === project.id)
      window.history.replaceState(window.history.state, '', projectPath(project.id, next));
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={project.name}
      description={
        project.forecastProjectId !== null ? (
          <>
            {'Forecast Project ID: '}
            <ForecastProjectId
              forecastProjectId={project.forecastProjectId}
              companyProjectId={project.forecastCompanyProjectId}
            />
          </>
        ) : undefined
      }
      size="xl"
      testId="project-detail"
    >
      <ProjectDetail project={project} role={role} tab={tab} onTab={onTab} />
    </Dialog>
  );
}
