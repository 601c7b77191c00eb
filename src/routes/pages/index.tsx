import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import { createElement, type ReactElement } from 'react';
import { listUsers } from '../../db/users';
import type { AppEnv } from '../../env';
import { requireAbility, requireUser } from '../../middleware/guards';
import { CapacityPage, loadCapacityPage } from './CapacityPage';
import { loadUtilisationPage, UtilisationPage } from './UtilisationPage';
import { loadPeoplePage, PeoplePage } from './PeoplePage';
import { PortfolioProjects } from './portfolio/PortfolioProjects';
import { renderDocument, renderFragment } from '../../render/document';
import { toUserJson } from '../../services/users';
import { loadFreshnessOrNull } from '../../services/freshness';
import { choosePortfolioView } from '../../services/preferences';
import { parsePortfolioView } from '../../shared/portfolio-table';
import { AGENCY_TAB_SOURCES, AgencyPage, loadAgencyPage } from './AgencyPage';
import { type AuthFieldErrors, type AuthNotice, AuthPage } from './AuthPage';
import { setSessionTokenCookie } from '../../auth/session';
import {
  ACCOUNT_CREATED,
  AUTH_FIELDS,
  AUTH_TEXTS,
  type AuthMode,
  isAuthMode,
} from '../../shared/auth-texts';
import { describeZodError, fieldProblems } from '../../services/errors';
import {
  AuthFormSchema,
  type SignInRefusal,
  signInWithPassword,
  signUpWithPassword,
} from '../../services/sign-in';
import { signInDeps } from '../sign-in';
import { AuditPage, loadAuditPage } from './AuditPage';
import { ChangePasswordPage, ResetPasswordPage } from './PasswordPages';
import { NotFoundPage } from './NotFoundPage';
import { loadPortfolio, PORTFOLIO_SOURCES, PortfolioPage } from './PortfolioPage';
import { loadSettings, SettingsPage } from './SettingsPage';
import { loadSyncPage, SyncPage } from './SyncPage';
import { UsersPage } from './UsersPage';
import { AlertCountContext, JiraSiteOfPageContext, ThemeContext } from './Layout';
import { forecastSiteOf, jiraSiteOf } from '../../services/integrations';
import { ForecastSiteContext } from '../../components/SourceLink';
import { loadProjectPage, ProjectPage } from './ProjectPage';
import { projectIdOfPath } from '../../shared/projects';
import { AlertsPage, loadAlertsPage } from './AlertsPage';
import { OutboxPage } from './OutboxPage';
import { bellCount, viewerOf } from '../../services/alerts';
import { listOutbox } from '../../db/alerts';
import { loadWeeklyHistory, WEEKLY_HISTORY_SOURCES, WeeklyHistoryPage } from './WeeklyHistoryPage';
import { ticketFiltersIn } from '../../shared/story-points';
import { ssoLinkOf, ssoNoticeOf } from './sso';

/**
 * Renders a page element to a full document; pages hold private data, so nothing is cached.
 * A signed-in page gets the bell's count for its top bar, read while the page's own data loads
 * (the element may be given as the promise of its loading), and the theme the session read.
 */
export async function renderPage<E extends AppEnv>(
  c: Context<E>,
  element: ReactElement | Promise<ReactElement>,
  title: string,
  status: 200 | 400 | 401 | 403 | 404 | 429 = 200,
  options: {
    entry?: 'auth';
    /** The bell's count when the page's own loading already counts the alerts. */
    bell?: Promise<number | null>;
  } = {},
) {
  const { user } = c.var;
  const theme = c.var.preferences?.theme ?? null;
  const [count, content] = await Promise.all([
    user && status === 200
      ? (options.bell ?? bellCount(c.var.deps.db, viewerOf(user), c.var.deps.clock()))
      : Promise.resolve(null),
    element,
  ]);
  c.header('Cache-Control', 'no-store');
  const page = createElement(
    ThemeContext.Provider,
    { value: theme },
    createElement(
      JiraSiteOfPageContext.Provider,
      { value: jiraSiteOf(c.var.deps.config) },
      createElement(
        ForecastSiteContext.Provider,
        { value: forecastSiteOf(c.var.deps.config) },
        createElement(AlertCountContext.Provider, { value: count }, content),
      ),
    ),
  );
  return c.html(
    renderDocument(page, {
      title,
      assets: c.var.deps.assets,
      entry: options.entry,
      theme,
    }),
    status,
  );
}

/**
 * Where to go after signing in: a path on this site only, never another origin. Control
 * characters are refused outright: browsers drop tabs and newlines, so `/\t/evil.example`
 * would become `//evil.example`, and a header cannot hold a newline.
 */
function localPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.includes('\\')) return '/';
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return '/';
  }
  const here = 'http://here.invalid';
  return URL.canParse(value, here) && new URL(value, here).origin === here ? value : '/';
}

/**
 * The sign-in page answering its own form (docs/decisions/142): the page again, in `form.mode`,
 * with the outcome above the fields.
 */
function answerAuthForm(
  c: Context<AppEnv>,
  form: { mode: AuthMode; next: string; email: string },
  status: 200 | 400 | 401 | 403 | 429,
  notice: AuthNotice | null,
  fieldErrors: AuthFieldErrors = {},
) {
  const page = (
    <AuthPage
      next={form.next}
      mode={form.mode}
      email={form.email}
      notice={notice}
      sso={ssoLinkOf(c)}
      fieldErrors={fieldErrors}
    />
  );
  return renderPage(c, page, 'Sign in', status, { entry: 'auth' });
}

/**
 * The server-rendered screens of docs/product-spec.md, "Screens and routes", with route protection
 * done here on the server.
 */
export const pages = new Hono<AppEnv>()
  .get('/auth', (c) => {
    if (c.var.user) return c.redirect('/', 302);
    const mode = c.req.query('mode');
    return renderPage(
      c,
      <AuthPage
        next="/"
        mode={isAuthMode(mode) ? mode : 'signin'}
        notice={ssoNoticeOf(c)}
        sso={ssoLinkOf(c)}
      />,
      'Sign in',
      200,
      { entry: 'auth' },
    );
  })
  // The form's own POST, for a browser without JavaScript (docs/decisions/142): the same rules
  // as the JSON calls, the outcome rendered into the page, a refused form included.
  .post(
    '/auth',
    zValidator('form', AuthFormSchema, (result, c) => {
      if (result.success) return;
      const raw = result.data as Record<string, unknown>;
      const mode = isAuthMode(raw.mode) ? raw.mode : null;
      const email = typeof raw.email === 'string' ? raw.email : '';
      // The hook is typed with Hono's base env; it runs in this app's context.
      const app = c as unknown as Context<AppEnv>;
      const form = { mode: mode ?? 'signin', next: localPath(raw.next), email };
      // With a mode, each field's problem is said under that field (docs/decisions/383).
      const fields = fieldProblems(result.error);
      const named = Object.keys(fields);
      if (
        mode &&
        named.length > 0 &&
        named.every((f) => (AUTH_FIELDS as readonly string[]).includes(f))
      )
        return answerAuthForm(app, form, 400, null, fields);
      return answerAuthForm(app, form, 400, {
        title: AUTH_TEXTS[mode ?? 'signin'].failed,
        // Without a mode, its one sentence.
        description: mode ? describeZodError(result.error) : result.error.issues[0]!.message,
        variant: 'destructive',
      });
    }),
    async (c) => {
      const { mode, email, password, next } = c.req.valid('form');
      const form = { mode, next: localPath(next), email };
      const refused = (refusal: SignInRefusal) => {
        if (refusal.retryAfterSeconds) c.header('Retry-After', String(refusal.retryAfterSeconds));
        return answerAuthForm(c, form, refusal.status, {
          title: AUTH_TEXTS[mode].failed,
          description: refusal.message,
          variant: 'destructive',
        });
      };
      if (mode === 'signin') {
        const result = await signInWithPassword(signInDeps(c), { email, password });
        if (!result.ok) return refused(result);
        setSessionTokenCookie(c, result.token, result.session.expiresAt);
        return c.redirect(form.next, 303);
      }
      const result = await signUpWithPassword(signInDeps(c), { email, password });
      if (!result.ok) return refused(result);
      return answerAuthForm(c, { ...form, mode: 'signin' }, 200, {
        ...ACCOUNT_CREATED,
        variant: 'default',
      });
    },
  )
  .get('/', requireUser(), async (c) => {
    const user = c.var.user;
    // The view in the address, else the person's remembered one (docs/decisions/181).
    const { view, redirectTo } = choosePortfolioView(c.var.preferences, c.req.query());
    if (redirectTo) return c.redirect(redirectTo, 302);
    // The view decides a redirect first; everything else the page shows is read at once.
    const portfolio = loadPortfolio(c.var.deps, viewerOf(user));
    return renderPage(
      c,
      Promise.all([portfolio, loadFreshnessOrNull(c.var.deps, PORTFOLIO_SOURCES, user)]).then(
        ([cards, freshness]) => (
          <PortfolioPage user={user} {...cards} freshness={freshness} view={view} />
        ),
      ),
      'Projects',
      200,
      // The cards' badges count the alerts already: the bell reads that total.
      { bell: portfolio.then((p) => p.attentionTotal) },
    );
  })
  // The portfolio's cards alone, for the page to put in place after a change (docs/decisions/140).
  .get('/portfolio/projects', requireUser(), async (c) => {
    const { projects, now, forecasts, alertCounts, companyCurrency } = await loadPortfolio(
      c.var.deps,
      viewerOf(c.var.user),
    );
    // The page asks with its own address's view; nothing is remembered from here.
    const view = parsePortfolioView(c.req.query());
    c.header('Cache-Control', 'no-store');
    if (!projects) return c.json({ message: 'Failed to fetch project data.' }, 503);
    return c.html(
      renderFragment(
        <ForecastSiteContext.Provider value={forecastSiteOf(c.var.deps.config)}>
          <PortfolioProjects
            projects={projects}
            now={new Date(now)}
            forecasts={forecasts}
            companyCurrency={companyCurrency}
            role={c.var.user.role}
            alertCounts={alertCounts}
            view={view}
          />
        </ForecastSiteContext.Provider>,
      ),
    );
  })
  // A project's own page (docs/decisions/345). An id that cannot name a project, or names one
  // not on the dashboard, is a page that does not exist.
  .get('/projects/:id', requireUser(), async (c) => {
    const id = projectIdOfPath(c.req.path);
    if (id === null) return notFoundPage(c);
    const user = c.var.user;
    const data = await loadProjectPage(c.var.deps, user, id, c.req.query('tab'));
    if (!data) return notFoundPage(c);
    return renderPage(c, <ProjectPage user={user} data={data} />, data.project.name);
  })
  .get('/developer', requireUser(), (c) =>
    renderPage(
      c,
      Promise.all([
        loadWeeklyHistory(
          c.var.deps,
          c.var.user,
          c.req.query('week'),
          ticketFiltersIn((name) => c.req.query(name)),
        ),
        loadFreshnessOrNull(c.var.deps, WEEKLY_HISTORY_SOURCES, c.var.user),
      ]).then(([data, freshness]) => (
        <WeeklyHistoryPage user={c.var.user} data={data} freshness={freshness} />
      )),
      'Weekly History',
    ),
  )
  // Staff and admins; hours only, money for admins (docs/decisions/330).
  .get('/capacity', requireAbility('capacity.view'), (c) =>
    renderPage(
      c,
      loadCapacityPage(c.var.deps, c.var.user, c.req.query()).then((data) => (
        <CapacityPage user={c.var.user} data={data} />
      )),
      'Capacity',
    ),
  )
  // Staff and admins; hours only, targets changed by admins (docs/decisions/395).
  .get('/utilisation', requireAbility('people.view'), (c) =>
    renderPage(
      c,
      loadUtilisationPage(c.var.deps, c.var.user, c.req.query()).then((data) => (
        <UtilisationPage user={c.var.user} data={data} />
      )),
      'Utilisation',
    ),
  )
  // Staff and admins: the roster names working hours (docs/decisions/396).
  .get('/people', requireAbility('people.view'), (c) =>
    renderPage(
      c,
      loadPeoplePage(c.var.deps).then((people) => <PeoplePage user={c.var.user} people={people} />),
      'People',
    ),
  )
  .get('/agency', requireAbility('money.view'), (c) =>
    renderPage(
      c,
      loadAgencyPage(c.var.deps, c.req.query()).then(async (data) => {
        const sources = AGENCY_TAB_SOURCES[data.tab];
        const freshness = sources.length
          ? await loadFreshnessOrNull(c.var.deps, sources, c.var.user)
          : null;
        return <AgencyPage user={c.var.user} data={data} freshness={freshness} />;
      }),
      'Agency Dashboard',
    ),
  )
  .get('/agency/settings', requireUser(), (c) =>
    renderPage(
      c,
      loadSettings(c.var.deps, c.var.user).then((data) => (
        <SettingsPage user={c.var.user} data={data} />
      )),
      'Agency Settings',
    ),
  )
  .get('/alerts', requireUser(), (c) =>
    renderPage(
      c,
      loadAlertsPage(c.var.deps, c.var.user, c.req.query()).then((data) => (
        <AlertsPage user={c.var.user} data={data} />
      )),
      'Alerts',
    ),
  )
  .get('/agency/outbox', requireAbility('money.view'), (c) =>
    renderPage(
      c,
      listOutbox(c.var.deps.db).then((mails) => (
        <OutboxPage
          user={c.var.user}
          mails={mails.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }))}
          smtp={!!c.var.deps.mailer}
        />
      )),
      'Outbox',
    ),
  )
  .get('/agency/users', requireAbility('accounts.manage'), (c) =>
    renderPage(
      c,
      listUsers(c.var.deps.db).then((users) => (
        <UsersPage user={c.var.user} users={users.map(toUserJson)} />
      )),
      'Users',
    ),
  )
  .get('/agency/audit', requireAbility('audit.view'), (c) =>
    renderPage(
      c,
      loadAuditPage(c.var.deps, c.req.query()).then((data) => (
        <AuditPage user={c.var.user} data={data} />
      )),
      'Audit log',
    ),
  )
  .get('/account/password', requireUser(), (c) =>
    renderPage(c, <ChangePasswordPage user={c.var.user} />, 'Change password'),
  )
  // Public: the one-time link in the address is the credential (docs/decisions/167).
  .get('/reset-password', (c) => {
    const token = c.req.query('token');
    return renderPage(
      c,
      <ResetPasswordPage token={typeof token === 'string' && token.length <= 100 ? token : null} />,
      'Set a new password',
    );
  })
  .get('/agency/sync', requireAbility('sync.run'), (c) =>
    renderPage(
      c,
      loadSyncPage(c.var.deps, c.var.user).then((data) => (
        <SyncPage user={c.var.user} data={data} />
      )),
      'Sync',
    ),
  );

export function notFoundPage<E extends AppEnv>(c: Context<E>) {
  return renderPage(c, <NotFoundPage />, 'Page not found', 404);
}
