import { createContext, type ReactNode, useContext } from 'react';
import type { SessionUser } from '../../auth/session';
import { Island } from '../../render/Island';
import LogoutButton from '../../islands/LogoutButton';
import Toaster from '../../islands/Toaster';
import AlertBell from '../../islands/AlertBell';
import ThemeToggle from '../../islands/ThemeToggle';
import TopMenu from '../../islands/TopMenu';
import CommandPalette from '../../islands/CommandPalette';
import type { ThemeChoice } from '../../shared/theme';
import { can } from '../../shared/roles';
import { ChevronDownIcon, GearIcon } from '../../components/icons';
import * as s from './Layout.css';

export type Tab =
  | 'projects'
  | 'developers'
  | 'capacity'
  | 'utilisation'
  | 'people'
  | 'insights'
  | 'settings'
  | 'users'
  | 'sync'
  | 'alerts'
  | 'outbox'
  | 'audit'
  | 'password'
  | null;

const ADMIN_TABS: readonly Tab[] = ['users', 'sync', 'audit', 'outbox'];

/** The person's colour theme, read once per page by renderPage (null: follow the system). */
export const ThemeContext = createContext<ThemeChoice>(null);

/** The Jira site of the data, read once per page by renderPage ('' when unknown): the palette opens ticket keys there. */
export const JiraSiteOfPageContext = createContext('');

/** The bell's count for the signed-in person, read once per page by renderPage (null: unknown). */
export const AlertCountContext = createContext<number | null>(null);

/**
 * The signed-in shell: top bar (docs/product-spec.md, "What the product does and for whom") above
 * the page, and the notification area.
 */
export function Layout({
  user,
  active,
  children,
}: {
  user: SessionUser;
  active: Tab;
  children: ReactNode;
}) {
  const isAdmin = user.role === 'admin';
  const alertCount = useContext(AlertCountContext);
  const theme = useContext(ThemeContext);
  const jiraSite = useContext(JiraSiteOfPageContext);
  const tabLink = (tab: Tab, href: string, text: string) => (
    <a className={s.tab} href={href} aria-current={active === tab ? 'page' : undefined}>
      {text}
    </a>
  );
  return (
    <>
      <header className={s.topBar} data-testid="top-bar">
        <div className={s.topBarInner}>
          <a className={s.brand} href="/">
            Agency Dashboard
          </a>
          <Island name="TopMenu" component={TopMenu} props={{ menuId: 'top-menu' }} />
          {/* Folds behind the Menu button on a narrow screen (docs/decisions/184). */}
          <div id="top-menu" className={s.menu}>
            <nav className={s.tabs} aria-label="Main">
              {tabLink('projects', '/', 'Projects')}
              {tabLink('developers', '/developer', 'Developers')}
              {can(user.role, 'capacity.view')
                ? tabLink('capacity', '/capacity', 'Capacity')
                : null}
              {can(user.role, 'people.view')
                ? tabLink('utilisation', '/utilisation', 'Utilisation')
                : null}
              {can(user.role, 'people.view') ? tabLink('people', '/people', 'People') : null}
              {isAdmin ? tabLink('insights', '/agency', 'Insights') : null}
              {isAdmin ? (
                // The admin's pages under one menu, so the bar stays one row (docs/decisions/310).
                <details className={s.adminMenu} data-menu="">
                  <summary
                    className={s.tab}
                    aria-current={ADMIN_TABS.includes(active) ? 'page' : undefined}
                  >
                    Admin
                    <ChevronDownIcon />
                  </summary>
                  <div className={s.adminList}>
                    {tabLink('users', '/agency/users', 'Users')}
                    {tabLink('sync', '/agency/sync', 'Sync')}
                    {tabLink('audit', '/agency/audit', 'Audit')}
                    {tabLink('outbox', '/agency/outbox', 'Outbox')}
                  </div>
                </details>
              ) : null}
            </nav>
            <div className={s.right}>
              <Island
                name="CommandPalette"
                component={CommandPalette}
                props={{ jiraSite, role: user.role }}
              />
              <Island
                name="AlertBell"
                component={AlertBell}
                props={{ count: alertCount, current: active === 'alerts' }}
              />
              <Island name="ThemeToggle" component={ThemeToggle} props={{ theme }} />
              <a
                className={s.gear}
                href="/agency/settings"
                aria-label="Settings"
                title="Settings"
                aria-current={active === 'settings' ? 'page' : undefined}
              >
                <GearIcon />
              </a>
              <span className={s.email} data-testid="user-email" title={user.email}>
                {user.email}
              </span>
              {tabLink('password', '/account/password', 'Change password')}
              <Island name="LogoutButton" component={LogoutButton} props={{}} />
            </div>
          </div>
        </div>
      </header>
      <main>{children}</main>
      <Island name="Toaster" component={Toaster} props={{}} />
    </>
  );
}
