import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { loadConfig } from '../../src/config';
import { startDemoMocks, type DemoMocks } from '../../src/demo/mocks';
import { oidcEnv, startOidcProvider, type TestProvider } from '../helpers/oidc-provider';

/**
 * Who may reach what. One row per route the app serves: a route without a row fails the
 * first test, so every new page or call must say who may use it.
 *   public  — anyone, signed in or not
 *   guest   — pages for signed-out visitors (a signed-in user is sent to /)
 *   user    — any approved, signed-in account (user, staff, admin)
 *   staff   — staff and admins; a user gets 403 naming who may (docs/decisions/164), or is
 *             sent to / from a page
 *   admin   — admins only; others get 403 (API) or are sent to / (pages)
 *   token   — internal, needs the server's token (never a session)
 *   upstream — a webhook receiver: the upstream's signature, token or basic auth, never a
 *             session; without them 401 (or 404 while its secret is unset)
 */
type Access = 'public' | 'guest' | 'user' | 'staff' | 'admin' | 'token' | 'upstream';
interface Row {
  method: string;
  /** The route pattern as Hono lists it. */
  route: string;
  access: Access;
  /** A concrete request for the pattern (defaults to the pattern itself). */
  path?: string;
  body?: unknown;
}

export const ACCESS_MATRIX: Row[] = [
  { method: 'GET', route: '/healthz', access: 'public' },
  { method: 'GET', route: '/readyz', access: 'public' },
  // Prometheus' scrape: loopback or METRICS_TOKEN; a remote client without it gets not found.
  { method: 'GET', route: '/metrics', access: 'token' },
  { method: 'GET', route: '/auth', access: 'guest' },
  { method: 'POST', route: '/auth', access: 'public', body: {} },
  { method: 'GET', route: '/', access: 'user' },
  { method: 'GET', route: '/portfolio/projects', access: 'user' },
  { method: 'GET', route: '/projects/:id', access: 'user', path: '/projects/1' },
  { method: 'GET', route: '/developer', access: 'user' },
  { method: 'GET', route: '/capacity', access: 'staff' },
  { method: 'GET', route: '/utilisation', access: 'staff' },
  { method: 'GET', route: '/people', access: 'staff' },
  { method: 'GET', route: '/agency', access: 'admin' },
  { method: 'GET', route: '/agency/settings', access: 'user' },
  { method: 'GET', route: '/agency/users', access: 'admin' },
  { method: 'GET', route: '/agency/audit', access: 'admin' },
  { method: 'GET', route: '/account/password', access: 'user' },
  { method: 'GET', route: '/reset-password', access: 'public' },
  // A client's retainer room: the token is the credential (docs/decisions/430).
  { method: 'GET', route: '/r/:token', access: 'public', path: '/r/AAAAAAAAAAAAAAAAAAAAAA' },
  {
    method: 'GET',
    route: '/api/projects/:id/share-links',
    access: 'admin',
    path: '/api/projects/999999/share-links',
  },
  {
    method: 'POST',
    route: '/api/projects/:id/share-links',
    access: 'admin',
    path: '/api/projects/999999/share-links',
    body: {},
  },
  {
    method: 'DELETE',
    route: '/api/share-links/:id',
    access: 'admin',
    path: '/api/share-links/999999',
  },
  // Sign-in at the OpenID provider: the start sends anyone signed out there, the signed-in to /;
  // the callback without a sign-in this browser started goes back to /auth (docs/decisions/290).
  { method: 'GET', route: '/auth/oidc', access: 'public' },
  { method: 'GET', route: '/auth/oidc/callback', access: 'public' },
  {
    method: 'POST',
    route: '/api/account/password',
    access: 'user',
    body: { currentPassword: 'not the password', newPassword: 'a long fresh passphrase' },
  },
  {
    method: 'POST',
    route: '/api/password-reset',
    access: 'public',
    body: { token: 'x', newPassword: 'a long fresh passphrase' },
  },
  {
    method: 'POST',
    route: '/api/admin/users/:id/reset-link',
    access: 'admin',
    path: '/api/admin/users/00000000-0000-4000-8000-000000000000/reset-link',
  },
  { method: 'GET', route: '/api/admin/audit', access: 'admin' },
  { method: 'GET', route: '/api/admin/audit/csv', access: 'admin' },
  { method: 'GET', route: '/agency/sync', access: 'admin' },
  { method: 'GET', route: '/api/admin/sync', access: 'admin' },
  { method: 'POST', route: '/api/admin/sync', access: 'admin' },
  { method: 'GET', route: '/api/admin/sync/runs', access: 'admin' },
  { method: 'GET', route: '/api/freshness', access: 'user', path: '/api/freshness?sources=jira' },
  { method: 'GET', route: '/api/events', access: 'user' },
  { method: 'GET', route: '/api/user', access: 'user' },
  { method: 'POST', route: '/api/signup', access: 'public', body: {} },
  { method: 'POST', route: '/api/login', access: 'public', body: {} },
  { method: 'GET', route: '/api/admin/users', access: 'admin' },
  {
    method: 'GET',
    route: '/api/agency-time-entries',
    access: 'admin',
    path: '/api/agency-time-entries?weekStart=2026-11-16',
  },
  { method: 'GET', route: '/api/gross-margins', access: 'admin' },
  { method: 'GET', route: '/api/insights/trends', access: 'admin' },
  { method: 'GET', route: '/api/capacity', access: 'staff' },
  { method: 'GET', route: '/api/capacity/export.csv', access: 'staff' },
  { method: 'GET', route: '/api/pipeline', access: 'admin' },
  { method: 'GET', route: '/api/plan/deals', access: 'staff' },
  {
    method: 'GET',
    route: '/api/plan/deals/:id/fit',
    access: 'staff',
    path: '/api/plan/deals/999999/fit',
  },
  { method: 'GET', route: '/api/plan/scenarios', access: 'staff' },
  { method: 'GET', route: '/api/plan/role-mixes', access: 'staff' },
  {
    method: 'PUT',
    route: '/api/plan/role-mixes/:pipelineId',
    access: 'admin',
    path: '/api/plan/role-mixes/999999',
    body: { mix: null },
  },
  { method: 'POST', route: '/api/plan/scenarios', access: 'staff', body: {} },
  {
    method: 'GET',
    route: '/api/plan/scenarios/:id',
    access: 'staff',
    path: '/api/plan/scenarios/999999',
  },
  {
    method: 'PUT',
    route: '/api/plan/scenarios/:id',
    access: 'staff',
    path: '/api/plan/scenarios/999999',
    body: {},
  },
  {
    method: 'DELETE',
    route: '/api/plan/scenarios/:id',
    access: 'staff',
    path: '/api/plan/scenarios/999999',
  },
  { method: 'GET', route: '/api/insights/cost-per-point', access: 'admin' },
  { method: 'GET', route: '/api/insights/unbilled-work', access: 'admin' },
  { method: 'GET', route: '/api/insights/budget-burn', access: 'admin' },
  {
    method: 'GET',
    route: '/api/insights/projects/:id/budget-burn',
    access: 'admin',
    path: '/api/insights/projects/999999/budget-burn',
  },
  {
    method: 'GET',
    route: '/api/insights/projects/:id/retainer-forecast',
    access: 'admin',
    path: '/api/insights/projects/999999/retainer-forecast',
  },
  { method: 'GET', route: '/api/projects', access: 'user' },
  { method: 'POST', route: '/api/projects/import-forecast', access: 'admin', body: {} },
  {
    method: 'PATCH',
    route: '/api/projects/:id/team',
    access: 'staff',
    path: '/api/projects/999999/team',
    body: { teamName: 'Team 1' },
  },
  {
    method: 'PATCH',
    route: '/api/projects/:id/dev-status',
    access: 'admin',
    path: '/api/projects/999999/dev-status',
    body: { devStatus: 'Billing Blocked' },
  },
  {
    method: 'PATCH',
    route: '/api/projects/:id/visibility',
    access: 'staff',
    path: '/api/projects/999999/visibility',
    body: { visible: 1 },
  },
  { method: 'DELETE', route: '/api/projects/:id', access: 'admin', path: '/api/projects/999999' },
  { method: 'GET', route: '/api/projects/removed', access: 'admin' },
  {
    method: 'POST',
    route: '/api/projects/:id/restore',
    access: 'admin',
    path: '/api/projects/999999/restore',
  },
  {
    method: 'POST',
    route: '/api/projects/:id/sync-forecast',
    access: 'staff',
    path: '/api/projects/999999/sync-forecast',
  },
  {
    method: 'GET',
    route: '/api/projects/:id/retainer-periods',
    access: 'user',
    path: '/api/projects/999999/retainer-periods',
  },
  {
    method: 'GET',
    route: '/api/projects/:id/jira-data',
    access: 'user',
    path: '/api/projects/999999/jira-data',
  },
  {
    method: 'GET',
    route: '/api/projects/:id/forecast',
    access: 'user',
    path: '/api/projects/999999/forecast',
  },
  {
    method: 'GET',
    route: '/api/projects/:id/cost-breakdown',
    access: 'admin',
    path: '/api/projects/999999/cost-breakdown',
  },
  {
    method: 'POST',
    route: '/api/projects/:id/link-jira',
    access: 'staff',
    path: '/api/projects/999999/link-jira',
    body: { jiraProjectKey: 'ABC' },
  },
  { method: 'GET', route: '/api/jira/projects', access: 'user' },
  { method: 'GET', route: '/api/forecast/projects', access: 'user' },
  {
    method: 'GET',
    route: '/api/jira/tickets/completed-in-week',
    access: 'user',
    path: '/api/jira/tickets/completed-in-week?weekStart=2026-11-16',
  },
  {
    method: 'GET',
    route: '/api/developer-available-points',
    access: 'user',
    path: '/api/developer-available-points?weekStart=2026-11-16',
  },
  {
    method: 'GET',
    route: '/api/jira/tickets/completed-in-range',
    access: 'user',
    path: '/api/jira/tickets/completed-in-range?startDate=2026-11-16&endDate=2026-11-22',
  },
  { method: 'GET', route: '/api/velocity-history', access: 'user' },
  { method: 'GET', route: '/api/jira/users', access: 'user' },
  { method: 'GET', route: '/api/developer-availability', access: 'user' },
  { method: 'GET', route: '/api/people', access: 'staff' },
  { method: 'GET', route: '/api/people/names', access: 'user' },
  {
    method: 'PUT',
    route: '/api/people/:id',
    access: 'staff',
    path: '/api/people/999999',
    body: { team: 'Team 1' },
  },
  {
    method: 'POST',
    route: '/api/developer-availability',
    access: 'staff',
    body: { developers: {}, selectedDevelopersList: [], previousSelectedDevelopersList: [] },
  },
  {
    method: 'POST',
    route: '/api/developer-availability/confirm',
    access: 'staff',
    body: { weekStart: '2026-11-16' },
  },
  {
    method: 'POST',
    route: '/api/developer-end-date',
    access: 'staff',
    body: { accountId: 'no-such-account', endDate: null },
  },
  {
    method: 'POST',
    route: '/api/developer-start-date',
    access: 'staff',
    body: { accountId: 'no-such-account', startDate: null },
  },
  {
    method: 'GET',
    route: '/api/utilisation',
    access: 'staff',
    path: '/api/utilisation?from=2027-02-01&weeks=4',
  },
  {
    method: 'GET',
    route: '/api/utilisation/export.csv',
    access: 'staff',
    path: '/api/utilisation/export.csv?from=2027-02-01&weeks=4',
  },
  { method: 'GET', route: '/api/settings/utilisation-targets', access: 'staff' },
  {
    method: 'PUT',
    route: '/api/settings/utilisation-targets',
    access: 'admin',
    body: { role: 'Developer', targetPercent: 80 },
  },
  { method: 'GET', route: '/api/settings/story-points-per-developer-day', access: 'user' },
  {
    method: 'PUT',
    route: '/api/settings/story-points-per-developer-day',
    access: 'admin',
    body: { storyPointsPerDeveloperDay: 1 },
  },
  {
    method: 'PATCH',
    route: '/api/admin/users/:id',
    access: 'admin',
    path: '/api/admin/users/00000000-0000-4000-8000-000000000000',
    body: { approved: true },
  },
  {
    method: 'PUT',
    route: '/api/preferences/theme',
    access: 'user',
    body: { theme: 'dark' },
  },
  {
    method: 'PUT',
    route: '/api/preferences/portfolio-view',
    access: 'user',
    body: { query: 'view=table' },
  },
  // CSV downloads: the same access as the screens they mirror.
  { method: 'GET', route: '/api/export/portfolio.csv', access: 'user' },
  {
    method: 'GET',
    route: '/api/export/ready-for-qa.csv',
    access: 'user',
    path: '/api/export/ready-for-qa.csv?weekStart=2026-11-16',
  },
  {
    method: 'GET',
    route: '/api/export/story-points.csv',
    access: 'user',
    path: '/api/export/story-points.csv?startDate=2026-11-16&endDate=2026-11-22',
  },
  { method: 'GET', route: '/api/export/velocity-history.csv', access: 'user' },
  {
    method: 'GET',
    route: '/api/export/availability.csv',
    access: 'user',
    path: '/api/export/availability.csv?weekStart=2026-11-16',
  },
  {
    method: 'GET',
    route: '/api/admin/export/weekly-hours.csv',
    access: 'admin',
    path: '/api/admin/export/weekly-hours.csv?weekStart=2026-11-16',
  },
  { method: 'GET', route: '/api/admin/export/gross-margins.csv', access: 'admin' },
  { method: 'GET', route: '/api/admin/export/cost-breakdown.csv', access: 'admin' },
  { method: 'GET', route: '/api/admin/export/users.csv', access: 'admin' },
  { method: 'GET', route: '/api/admin/export/trends.csv', access: 'admin' },
  { method: 'GET', route: '/api/admin/export/cost-per-point.csv', access: 'admin' },
  { method: 'GET', route: '/api/admin/export/budget-burn.csv', access: 'admin' },
  { method: 'GET', route: '/api/admin/export/unbilled-work.csv', access: 'admin' },
  { method: 'GET', route: '/api/admin/export/retainer-forecasts.csv', access: 'admin' },
  { method: 'GET', route: '/alerts', access: 'user' },
  { method: 'GET', route: '/agency/outbox', access: 'admin' },
  { method: 'GET', route: '/api/alerts', access: 'user' },
  { method: 'GET', route: '/api/alerts/count', access: 'user' },
  { method: 'GET', route: '/api/alerts/export.csv', access: 'user' },
  {
    method: 'POST',
    route: '/api/alerts/acknowledge',
    access: 'user',
    body: { ids: [999999] },
  },
  {
    method: 'POST',
    route: '/api/alerts/:id/acknowledge',
    access: 'user',
    path: '/api/alerts/999999/acknowledge',
  },
  {
    method: 'POST',
    route: '/api/alerts/:id/snooze',
    access: 'user',
    path: '/api/alerts/999999/snooze',
    body: { hours: 4 },
  },
  {
    method: 'DELETE',
    route: '/api/alerts/:id/my-state',
    access: 'user',
    path: '/api/alerts/999999/my-state',
  },
  { method: 'GET', route: '/api/digest-subscription', access: 'user' },
  {
    method: 'PUT',
    route: '/api/digest-subscription',
    access: 'user',
    body: { subscribed: false },
  },
  { method: 'GET', route: '/api/admin/alert-settings', access: 'admin' },
  {
    method: 'PUT',
    route: '/api/admin/alert-settings',
    access: 'admin',
    body: {
      overdueDays: 14,
      budgetBurnPercent: 80,
      retainerPercent: 10,
      marginPercent: 30,
      velocityPercent: 60,
      blockedTickets: 5,
      staleHours: 6,
      availabilityFromWeekday: 4,
    },
  },
  { method: 'GET', route: '/api/admin/outbox', access: 'admin' },
  { method: 'POST', route: '/internal/users-command', access: 'token', body: { args: ['list'] } },
  { method: 'POST', route: '/internal/backup', access: 'token' },
  {
    method: 'POST',
    route: '/webhooks/jira',
    access: 'upstream',
    body: { webhookEvent: 'jira:issue_updated' },
  },
  {
    method: 'POST',
    route: '/webhooks/forecast/:token',
    access: 'upstream',
    path: '/webhooks/forecast/a-guessed-token-0000000000000',
    body: { event: 'time_registration_updated', object: { id: 1 } },
  },
  {
    method: 'POST',
    route: '/webhooks/pipedrive',
    access: 'upstream',
    body: { meta: { action: 'change', entity: 'deal' } },
  },
  // Last: it ends the session the rows above used.
  { method: 'POST', route: '/api/logout', access: 'public' },
];

let t: TestApp;
let drop: () => Promise<void>;
// The calls that list Jira or Forecast projects or users reach the demo services, answered in-process.
let mocks: DemoMocks | undefined;
// A real OpenID provider, so the app serves its sign-in routes.
let provider: TestProvider | undefined;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  const created = await createTestDb();
  drop = created.drop;
  mocks = startDemoMocks(loadConfig({ NODE_ENV: 'test' }), new Date(), {
    onUnhandledRequest: 'error',
  });
  provider = await startOidcProvider();
  provider.configure('http://localhost/auth/oidc/callback');
  t = createTestApp(created.db, { demoFetch: mocks.fetch, env: oidcEnv(provider.issuer) });
  cookies.user = await t.signIn('user');
  cookies.staff = await t.signIn('staff');
  cookies.admin = await t.signIn('admin');
  // A session whose account was revoked afterwards must count as signed out.
  cookies.revoked = await t.signIn('user', 'revoked@agency.test');
  await created.db.query("UPDATE users SET approved = false WHERE email = 'revoked@agency.test'");
});
afterAll(async () => {
  // Sync now, started by the admin row, finishes before its database goes.
  await t.idle();
  mocks?.close();
  await provider?.close();
  await drop();
});

const pathOf = (location: string | null) =>
  location ? new URL(location, 'http://localhost').pathname : null;
const isApi = (row: Row) => row.route.startsWith('/api/') || row.route.startsWith('/internal/');

function expectedStatus(
  row: Row,
  who: 'anonymous' | 'revoked' | 'user' | 'staff' | 'admin',
): (status: number, location: string | null) => boolean {
  const signedIn = who === 'user' || who === 'staff' || who === 'admin';
  const allowed = (s: number) => s !== 401 && s !== 403 && s !== 302 && s < 500;
  switch (row.access) {
    case 'public':
      return (s) => s < 500 && s !== 401 && s !== 403;
    case 'guest':
      return signedIn ? (s, loc) => s === 302 && pathOf(loc) === '/' : (s) => s === 200;
    case 'token':
      return (s) => s === 404;
    case 'upstream':
      return (s) => s === 401 || s === 404;
    case 'user':
      if (signedIn) return allowed;
      return isApi(row) ? (s) => s === 401 : (s, loc) => s === 302 && pathOf(loc) === '/auth';
    case 'staff':
      if (who === 'staff' || who === 'admin') return allowed;
      if (!signedIn)
        return isApi(row) ? (s) => s === 401 : (s, loc) => s === 302 && pathOf(loc) === '/auth';
      return isApi(row) ? (s) => s === 403 : (s, loc) => s === 302 && pathOf(loc) === '/';
    case 'admin':
      if (who === 'admin') return allowed;
      if (!signedIn)
        return isApi(row) ? (s) => s === 401 : (s, loc) => s === 302 && pathOf(loc) === '/auth';
      return isApi(row) ? (s) => s === 403 : (s, loc) => s === 302 && pathOf(loc) === '/';
  }
}

describe('the access matrix', () => {
  it('has a row for every route the app serves', () => {
    const served = new Set(
      t.app.routes
        .filter((r) => r.method !== 'ALL')
        .map((r) => `${r.method} ${r.path.replace(/\/$/, '') || '/'}`),
    );
    const covered = new Set(ACCESS_MATRIX.map((r) => `${r.method} ${r.route}`));
    expect([...served].filter((r) => !covered.has(r)).sort()).toEqual([]);
  });

  for (const who of ['anonymous', 'revoked', 'user', 'staff', 'admin'] as const) {
    it(`lets ${who === 'anonymous' ? 'a signed-out visitor' : `a ${who}`} reach exactly what they may`, async () => {
      const failures: string[] = [];
      for (const row of ACCESS_MATRIX) {
        const res = await t.request(row.method, row.path ?? row.route, {
          cookie: cookies[who],
          body: row.body,
        });
        const ok = expectedStatus(row, who)(res.status, res.headers.get('location'));
        // A refusal by role says who may: "Only staff and admins can ..." / "Only admins can ...".
        if (ok && res.status === 403 && isApi(row) && row.access !== 'admin') {
          const { message } = (await res.json()) as { message?: string };
          if (!/^Only (staff and admins|admins) can .+\. Your role is \w+\.$/.test(message ?? ''))
            failures.push(
              `${row.method} ${row.path ?? row.route} refused without a clear reason: ${message}`,
            );
        }
        if (!ok)
          failures.push(
            `${row.method} ${row.path ?? row.route} (${row.access}) answered ${res.status} ${res.headers.get('location') ?? ''}`,
          );
      }
      expect(failures).toEqual([]);
    });
  }
});
