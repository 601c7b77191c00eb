import type { SessionUser } from '../../auth/session';
import { Layout } from '../../components/Layout';
import { h1, page, pageHeader } from '../../components/ui.css';

/** `/`: the Project Portfolio (spec section 2; filled by the projects issue). */
export function PortfolioPage({ user }: { user: SessionUser }) {
  return (
    <Layout user={user} active="projects">
      <div className={page}>
        <div className={pageHeader}>
          <h1 className={h1}>Project Portfolio</h1>
        </div>
      </div>
    </Layout>
  );
}
