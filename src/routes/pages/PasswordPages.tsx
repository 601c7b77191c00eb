import type { SessionUser } from '../../auth/session';
import { card, h1, muted, page, pageHeader } from '../../components/ui.css';
import PasswordForm from '../../islands/PasswordForm';
import Toaster from '../../islands/Toaster';
import { Island } from '../../render/Island';
import { Layout } from './Layout';

/** `/account/password`: 'Change password' for every signed-in person (docs/decisions/167). */
export function ChangePasswordPage({ user }: { user: SessionUser }) {
  return (
    <Layout user={user} active="password">
      <div className={page}>
        <div className={pageHeader}>
          <div>
            <h1 className={h1}>Change password</h1>
            <p className={muted}>
              Your other sessions are signed out when you change it; this one stays signed in.
            </p>
          </div>
        </div>
        <div className={card}>
          <Island name="PasswordForm" component={PasswordForm} props={{ mode: 'change' }} />
        </div>
      </div>
    </Layout>
  );
}

/** `/reset-password?token=…`: set a new password with an admin's one-time link. */
export function ResetPasswordPage({ token }: { token: string | null }) {
  return (
    <>
      <main className={page}>
        <div className={pageHeader}>
          <h1 className={h1}>Set a new password</h1>
        </div>
        <div className={card}>
          <Island name="PasswordForm" component={PasswordForm} props={{ mode: 'reset', token }} />
        </div>
      </main>
      <Island name="Toaster" component={Toaster} props={{}} />
    </>
  );
}
