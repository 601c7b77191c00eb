import type { SessionUser } from '../../auth/session';
import { Layout } from './Layout';
import { DownloadCsv } from '../../components/DownloadCsv';
import { exportHref } from '../../shared/exports';
import { card, h1, muted, page, pageHeader } from '../../components/ui.css';
import UsersAdmin, { type UserRow } from '../../islands/UsersAdmin';
import { Island } from '../../render/Island';

/** `/agency/users` (admin): approve accounts and set roles (docs/design.md, "Roles"). */
export function UsersPage({ user, users }: { user: SessionUser; users: UserRow[] }) {
  return (
    <Layout user={user} active="users">
      <div className={page}>
        <div className={pageHeader}>
          <div>
            <h1 className={h1}>Users</h1>
            <p className={muted}>
              New accounts can sign in once an admin approves them. Revoking or changing a role ends
              that person's sessions.
            </p>
          </div>
          <DownloadCsv href={exportHref.users()} />
        </div>
        <div className={card}>
          <Island
            name="UsersAdmin"
            component={UsersAdmin}
            props={{ users, currentUserId: user.id }}
          />
        </div>
      </div>
    </Layout>
  );
}
