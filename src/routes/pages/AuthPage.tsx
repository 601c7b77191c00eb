import { button, card, field, input, label } from '../../components/ui.css';
import Toaster from '../../islands/Toaster';
import { Island } from '../../render/Island';
import { AUTH_TEXTS, type AuthField, type AuthMode, authErrorId } from '../../shared/auth-texts';
import { NEW_PASSWORD_HINT } from '../../shared/passwords';
import * as s from './AuthPage.css';

/** What the form's own POST answered, shown in the page (docs/decisions/142). */
export interface AuthNotice {
  title: string;
  description: string;
  variant: 'default' | 'destructive';
}

/** What is wrong with each field of a refused form, in words, shown under that field. */
export type AuthFieldErrors = Partial<Record<AuthField, string>>;

/** The error line under a field; the page's script fills and empties the same element. */
function FieldError({ field, text }: { field: AuthField; text: string | undefined }) {
  return (
    <p id={authErrorId(field)} className={s.fieldError} role="alert" hidden={!text}>
      {text ?? null}
    </p>
  );
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
  fieldErrors = {},
}: {
  next: string;
  mode?: AuthMode;
  email?: string;
  notice?: AuthNotice | null;
  sso?: SsoLink | null;
  fieldErrors?: AuthFieldErrors;
}) {
  const texts = AUTH_TEXTS[mode];
  const passwordHelp = [
    mode === 'signup' ? 'auth-password-hint' : '',
    fieldErrors.password ? authErrorId('password') : '',
  ]
    .filter(Boolean)
    .join(' ');
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
                aria-invalid={fieldErrors.email ? true : undefined}
                aria-describedby={fieldErrors.email ? authErrorId('email') : undefined}
              />
              <FieldError field="email" text={fieldErrors.email} />
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
                aria-invalid={fieldErrors.password ? true : undefined}
                aria-describedby={passwordHelp || undefined}
              />
              {/* The rule is said before anyone submits; the script shows it in sign-up mode. */}
              <p id="auth-password-hint" className={s.hint} hidden={mode !== 'signup'}>
                {mode === 'signup' ? NEW_PASSWORD_HINT : null}
              </p>
              <FieldError field="password" text={fieldErrors.password} />
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
