import { Hono, type Context } from 'hono';
import type { ReactElement } from 'react';
import { listUsers } from '../../db/users';
import type { AppEnv } from '../../env';
import { requirePageUser } from '../../middleware/guards';
import { PortfolioProjects } from './portfolio/PortfolioProjects';
import { renderDocument, renderFragment } from '../../render/document';
import { toUserJson } from '../../services/users';
import { loadFreshnessOrNull } from '../../services/freshness';
import { AGENCY_TAB_SOURCES, AgencyPage, loadAgencyPage } from './AgencyPage';
import { AuthPage } from './AuthPage';
import { NotFoundPage } from './NotFoundPage';
import { loadPortfolio, PortfolioPage } from './PortfolioPage';
import { loadSettings, SettingsPage } from './SettingsPage';
import { loadSyncPage, SyncPage } from './SyncPage';
import { UsersPage } from './UsersPage';
import { loadWeeklyHistory, WeeklyHistoryPage } from './WeeklyHistoryPage';

/** Renders a page element to a full document; pages hold private data, so nothing is cached. */
export function renderPage(
  c: Context<AppEnv>,
  element: ReactElement,
  title: string,
  status: 200 | 404 = 200,
) {
  c.header('Cache-Control', 'no-store');
  return c.html(renderDocument(element, { title, assets: c.var.deps.assets }), status);
}

/**
 * The server-rendered screens of docs/product-spec.md, "Screens and routes", with route protection
 * done here on the server.
 */
export const pages = new Hono<AppEnv>()
  .get('/auth', (c) => {
    if (c.var.user) return c.redirect('/', 302);
    return renderPage(c, <AuthPage next="/" />, 'Sign in');
  })
  .get('/', requirePageUser(), async (c) =>
    renderPage(
      c,
      <PortfolioPage
        user={c.var.user!}
        {...(await loadPortfolio(c.var.deps, { isAdmin: c.var.user!.role === 'admin' }))}
        freshness={await loadFreshnessOrNull(c.var.deps, ['jira', 'billing'], c.var.user!)}
      />,
      'Projects',
    ),
  )
  // The portfolio's cards alone, for the page to put in place after a change (docs/decisions/140).
  .get('/portfolio/projects', requirePageUser(), async (c) => {
    const { projects, now, forecasts, budgetsUsed } = await loadPortfolio(c.var.deps, {
      isAdmin: c.var.user!.role === 'admin',
    });
    c.header('Cache-Control', 'no-store');
    if (!projects) return c.json({ message: 'Failed to fetch project data.' }, 503);
    return c.html(
      renderFragment(
        <PortfolioProjects
          projects={projects}
          now={new Date(now)}
          forecasts={forecasts}
          budgetsUsed={budgetsUsed}
          role={c.var.user!.role}
        />,
      ),
    );
  })
  .get('/developer', requirePageUser(), async (c) =>
    renderPage(
      c,
      <WeeklyHistoryPage
        user={c.var.user!}
        data={await loadWeeklyHistory(c.var.deps, c.req.query('week'))}
        freshness={await loadFreshnessOrNull(c.var.deps, ['jira'], c.var.user!)}
      />,
      'Weekly History',
    ),
  )
  .get('/agency', requirePageUser('admin'), async (c) => {
    const data = await loadAgencyPage(c.var.deps, c.req.query());
    const sources = AGENCY_TAB_SOURCES[data.tab];
    const freshness = sources.length
      ? await loadFreshnessOrNull(c.var.deps, sources, c.var.user!)
      : null;
    return renderPage(
      c,
      <AgencyPage user={c.var.user!} data={data} freshness={freshness} />,
      'Agency Dashboard',
    );
  })
  .get('/agency/settings', requirePageUser(), async (c) =>
    renderPage(
      c,
      <SettingsPage user={c.var.user!} data={await loadSettings(c.var.deps)} />,
      'Agency Settings',
    ),
  )
  .get('/agency/users', requirePageUser('admin'), async (c) => {
    const users = (await listUsers(c.var.deps.db)).map(toUserJson);
    return renderPage(c, <UsersPage user={c.var.user!} users={users} />, 'Users');
  })
  .get('/agency/sync', requirePageUser('admin'), async (c) =>
    renderPage(
      c,
      <SyncPage user={c.var.user!} data={await loadSyncPage(c.var.deps, c.var.user!)} />,
      'Sync',
    ),
  );

export function notFoundPage(c: Context<AppEnv>) {
  return renderPage(c, <NotFoundPage />, 'Page not found', 404);
}
