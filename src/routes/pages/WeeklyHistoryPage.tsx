import type { SessionUser } from '../../auth/session';
import { Layout } from '../../components/Layout';
import { h1, page, pageHeader } from '../../components/ui.css';

/** `/developer`: Weekly History (spec section 2; filled by the developers issue). */
export function WeeklyHistoryPage({ user }: { user: SessionUser }) {
  return (
    <Layout user={user} active="developers">
      <div className={page}>
        <div className={pageHeader}>
          <h1 className={h1}>Weekly History</h1>
        </div>
      </div>
    </Layout>
  );
}
