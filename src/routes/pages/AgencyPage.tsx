import type { SessionUser } from '../../auth/session';
import { Layout } from '../../components/Layout';
import { h1, page, pageHeader, muted } from '../../components/ui.css';

/** `/agency` (admin): the Agency Dashboard with its three tabs (spec section 2; filled by the insights issue). */
export function AgencyPage({ user }: { user: SessionUser }) {
  return (
    <Layout user={user} active="insights">
      <div className={page}>
        <div className={pageHeader}>
          <h1 className={h1}>Agency Dashboard</h1>
          <a href="/agency/users">Manage users</a>
        </div>
        <nav aria-label="Agency Dashboard tabs">
          <span>Weekly Hours</span> · <span>Gross Margins</span> · <span>Sales</span>
        </nav>
        <p className={muted}>Weekly Summary</p>
      </div>
    </Layout>
  );
}
