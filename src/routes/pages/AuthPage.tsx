import AuthForm from '../../islands/AuthForm';
import Toaster from '../../islands/Toaster';
import { Island } from '../../render/Island';

/** /auth: sign in and sign up (docs/product-spec.md, "Sign-in / sign-up (/auth)"). */
export function AuthPage({ next }: { next: string }) {
  return (
    <>
      <main>
        <Island name="AuthForm" component={AuthForm} props={{ next }} />
      </main>
      <Island name="Toaster" component={Toaster} props={{}} />
    </>
  );
}
