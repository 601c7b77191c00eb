import type { SessionUser } from '../../auth/session';
import { Layout } from '../../components/Layout';
import { h1, page, pageHeader } from '../../components/ui.css';

/** `/agency/settings`: Agency Settings, 'Developer Availability' (spec section 2; filled by the developers issue). */
export function SettingsPage({ user }: { user: SessionUser }) {
  return (
    <Layout user={user} active="settings">
      <div className={page}>
        <div className={pageHeader}>
          <h1 className={h1}>Developer Availability</h1>
        </div>
      </div>
    </Layout>
  );
}
