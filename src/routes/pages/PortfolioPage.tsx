import type { SessionUser } from '../../auth/session';
import { Layout } from '../../components/Layout';
import { h1, page, pageHeader } from '../../components/ui.css';
import { listAllProjects, type Project } from '../../db/projects';
import type { AppDeps } from '../../env';
import ManageProjectsDialog from '../../islands/ManageProjectsDialog';
import ProjectPortfolio from '../../islands/ProjectPortfolio';
import { Island } from '../../render/Island';

export interface PortfolioData {
  /** Every project (the cards show the visible ones), or null when the database could not be read. */
  projects: Project[] | null;
  now: string;
}

/**
 * Reads what `/` shows, in one query whatever the number of projects. A failed read still
 * renders the page: the list island then shows the spec's loading and error states.
 */
export async function loadPortfolio(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<PortfolioData> {
  const now = deps.clock().toISOString();
  try {
    return { projects: await listAllProjects(deps.db), now };
  } catch (error) {
    console.error('Could not read the projects for the portfolio:', error);
    return { projects: null, now };
  }
}

/** `/`: the Project Portfolio (spec section 2), with every card and number in the server's HTML. */
export function PortfolioPage({ user, projects, now }: { user: SessionUser } & PortfolioData) {
  return (
    <Layout user={user} active="projects">
      <div className={page}>
        <div className={pageHeader}>
          <h1 className={h1}>Project Portfolio</h1>
          <Island name="ManageProjectsDialog" component={ManageProjectsDialog} props={{}} />
        </div>
        <Island name="ProjectPortfolio" component={ProjectPortfolio} props={{ projects, now }} />
      </div>
    </Layout>
  );
}
