import { Hono, type Context } from 'hono';
import type { ReactElement } from 'react';
import { listUsers } from '../../db/users';
import type { AppEnv } from '../../env';
import { requirePageUser } from '../../middleware/guards';
import { renderDocument } from '../../render/document';
import { toUserJson } from '../api/users';
import { AgencyPage, loadAgencyPage } from './AgencyPage';
import { AuthPage } from './AuthPage';
import { NotFoundPage } from './NotFoundPage';
import { loadPortfolio, PortfolioPage } from './PortfolioPage';
import { loadSettings, SettingsPage } from './SettingsPage';
import { UsersPage } from './UsersPage';
import { loadWeeklyHistory, WeeklyHistoryPage } from './WeeklyHistoryPage';

/** Renders a page element to a full document; pages hold private data, so nothing is cached. */
export function renderPage(c: Context<AppEnv>, element: ReactElement, title: string, status: 200 | 404 = 200) {
  c.header('Cache-Control', 'no-store');
  return c.html(renderDocument(element, { title, assets: c.var.deps.assets }), status);
}

/** The server-rendered screens of spec section 2, with route protection done here on the server. */
export const pages = new Hono<AppEnv>()
  .get('/auth', (c) => {
    if (c.var.user) return c.redirect('/', 302);
    return renderPage(c, <AuthPage next="/" />, 'Sign in');
  })
  .get('/', requirePageUser(), async (c) => renderPage(c, <PortfolioPage user={c.var.user!} {...await loadPortfolio(c.var.deps)} />, 'Projects'))
  .get('/developer', requirePageUser(), async (c) => renderPage(c, <WeeklyHistoryPage user={c.var.user!} data={await loadWeeklyHistory(c.var.deps, c.req.query('week'))} />, 'Weekly History'))
  .get('/agency', requirePageUser('admin'), async (c) => renderPage(c, <AgencyPage user={c.var.user!} data={await loadAgencyPage(c.var.deps, c.req.query())} />, 'Agency Dashboard'))
  .get('/agency/settings', requirePageUser(), async (c) => renderPage(c, <SettingsPage user={c.var.user!} data={await loadSettings(c.var.deps)} />, 'Agency Settings'))
  .get('/agency/users', requirePageUser('admin'), async (c) => {
    const users = (await listUsers(c.var.deps.db)).map(toUserJson);
    return renderPage(c, <UsersPage user={c.var.user!} users={users} />, 'Users');
  });

export function notFoundPage(c: Context<AppEnv>) {
  return renderPage(c, <NotFoundPage />, 'Page not found', 404);
}
