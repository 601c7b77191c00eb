import { button, card, field, input, label } from '../../components/ui.css';
import Toaster from '../../islands/Toaster';
import { Island } from '../../render/Island';
import { AUTH_TEXTS, type AuthMode } from '../../shared/auth-texts';
import { NEW_PASSWORD_HINT } from '../../shared/passwords';
import * as s from './AuthPage.css';

/** What the form's own POST answered, shown in the page (docs/decisions/142). */
export interface AuthNotice {
  title: string;
  description: string;
  variant: 'default' | 'destructive';
}

/** Sign-in at the OpenID provider, when configured (docs/decisions/290). */
export interface SsoLink {
  /** Google, Microsoft or the issuer's name. */
  label: string;
  href: string;
  /** PASSWORD_SIGN_IN=admins-only: the password form is for admins alone. */
  passwordsForAdminsOnly: boolean;
}

/**
 * /auth: sign in and sign up (docs/product-spec.md, "Sign-in / sign-up (/auth)"). A real form
 * that posts to /auth and works with scripts disabled; with them, `client/auth.ts` (no React)
 * sends it through the JSON calls and shows the outcome as a toast instead (docs/decisions/142).
 */
export function AuthPage({
  next,
  mode = 'signin',
  email = '',
  notice = null,
  sso = null,
}: {
  next: string;
  mode?: AuthMode;
  email?: string;
  notice?: AuthNotice | null;
  sso?: SsoLink | null;
}) {
  const texts = AUTH_TEXTS[mode];
  const other: AuthMode = mode === 'signin' ? 'signup' : 'signin';
  return (
    <>
      <main className={s.wrap}>
        <div className={`${card} ${s.panel}`}>
          <h1 className={s.brand}>Agency Dashboard</h1>
          <p className={s.subtitle} data-auth="subtitle">
            {texts.subtitle}
          </p>
          {notice ? (
            <div
              className={notice.variant === 'destructive' ? s.noticeError : s.notice}
              role={notice.variant === 'destructive' ? 'alert' : 'status'}
              data-testid="auth-notice"
            >
              <div className={s.noticeTitle}>{notice.title}</div>
              <div>{notice.description}</div>
            </div>
          ) : null}
          {sso ? (
            <>
              {/* A plain link: the provider's page works without JavaScript. */}
              <a className={`${button.secondary} ${s.sso}`} href={sso.href} data-sso="">
                {`Sign in with ${sso.label}`}
              </a>
              <p className={s.divider}>
                {sso.passwordsForAdminsOnly ? 'or, for admins, with a password' : 'or'}
              </p>
            </>
          ) : null}
          <form method="post" action="/auth" data-auth-form="" data-next={next}>
            <input type="hidden" name="mode" value={mode} />
            <input type="hidden" name="next" value={next} />
            <div className={field}>
              <label className={label} htmlFor="auth-email">
                Email
              </label>
              <input
                id="auth-email"
                className={input}
                type="email"
                name="email"
                autoComplete="email"
                required
                defaultValue={email}
              />
            </div>
            <div className={field}>
              <label className={label} htmlFor="auth-password">
                Password
              </label>
              <input
                id="auth-password"
                className={input}
                type="password"
                name="password"
                autoComplete={texts.autoComplete}
                required
                aria-describedby={mode === 'signup' ? 'auth-password-hint' : undefined}
              />
              {/* The rule is said before anyone submits; the script shows it in sign-up mode. */}
              <p id="auth-password-hint" className={s.hint} hidden={mode !== 'signup'}>
                {mode === 'signup' ? NEW_PASSWORD_HINT : null}
              </p>
            </div>
            <button type="submit" className={`${button.primary} ${s.submit}`}>
              {texts.submit}
            </button>
          </form>
          {/* Without JavaScript the toggle asks the server for the other mode; with it, the
              page's script switches in place. */}
          <form className={s.toggle} method="get" action="/auth">
            <button
              type="submit"
              className={button.link}
              name="mode"
              value={other}
              data-auth-toggle=""
            >
              {texts.toggle}
            </button>
          </form>
        </div>
      </main>
      <Island name="Toaster" component={Toaster} props={{}} />
    </>
  );
}
