import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps, AppEnv } from './env';
import { sameOrigin } from './middleware/origin';
import { session } from './middleware/session';
import { agencyTimeEntriesApi, grossMarginsApi } from './routes/api/agency';
import { alertSettingsApi, alertsApi, digestSubscriptionApi, outboxApi } from './routes/api/alerts';
import { accountApi } from './routes/api/account';
import { auditApi } from './routes/api/audit';
import { capacityApi, pipelineApi } from './routes/api/capacity';
import { planApi } from './routes/api/plan';
import { authApi } from './routes/api/auth';
import {
  availabilityApi,
  confirmWeekApi,
  availablePointsApi,
  endDateApi,
  settingsApi,
  startDateApi,
  velocityHistoryApi,
} from './routes/api/developers';
import { adminExportsApi, userExportsApi } from './routes/api/exports';
import { forecastApi } from './routes/api/forecast';
import { freshnessApi } from './routes/api/freshness';
import { preferencesApi } from './routes/api/preferences';
import { insightsApi } from './routes/api/insights';
import { internalApi } from './routes/api/internal';
import { jiraApi } from './routes/api/jira';
import { peopleApi } from './routes/api/people';
import { roleTargetsApi, utilisationApi } from './routes/api/utilisation';
import { projectsApi } from './routes/api/projects';
import { syncApi } from './routes/api/sync';
import { projectShareLinksApi, shareLinksApi } from './routes/api/share-links';
import { roomRoutes } from './routes/pages/room/route';
import { usersApi } from './routes/api/users';
import { countRequests, metricsRoute } from './routes/metrics';
import { notFoundPage, pages } from './routes/pages';
import { oidcRoutes } from './routes/api/oidc';
import { webhooksApi } from './routes/webhooks';
import { eventsApi } from './routes/api/events';
import { createChangeFeed } from './services/live/feed';
import { OIDC_PATH } from './shared/sso-texts';
import { BadInputError, RefusalError, TooManyAttemptsError } from './services/errors';
import { checkReadiness } from './services/readiness';
import { UpstreamError } from './services/http';

/** Largest JSON body any call accepts; the biggest is a week of availability for a team. */
export const MAX_BODY_BYTES = 256 * 1024;

function frameSource(url: string | undefined): string[] {
  return url ? [new URL(url).origin] : ["'none'"];
}

/** Builds the whole app from its dependencies. No I/O happens here or at import time. */
export function createApp(given: AppDeps) {
  // The feed polls only while a page follows it: making it here does no I/O.
  const deps: AppDeps =
    given.changes === undefined ? { ...given, changes: createChangeFeed(given.db) } : given;
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use('*', countRequests);
  const appHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // Pages link their stylesheet and modules from /assets/ and inline none (docs/decisions/360).
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      // React sets widths of bars and rings as style attributes; attributes cannot run script.
      styleSrcAttr: ["'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      frameSrc: frameSource(deps.config.PIPEDRIVE_DASHBOARD_URL),
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
  });
  // A client's retainer room (docs/decisions/430): nothing but its own HTML and the app's
  // stylesheet, and no address of it sent on anywhere.
  const roomHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      styleSrc: ["'self'"],
      imgSrc: ['data:'],
      baseUri: ["'none'"],
      formAction: ["'none'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'no-referrer',
  });
  app.use('*', (c, next) =>
    c.req.path.startsWith('/r/') ? roomHeaders(c, next) : appHeaders(c, next),
  );

  // Liveness: the process answers. Readiness: it can serve pages (docs/decisions/272).
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    const readiness = await checkReadiness(deps.db, {
      now: deps.clock(),
      refreshIntervalMs: deps.refresh.settings.intervalMs,
    });
    return readiness.ready
      ? c.json({ status: 'ready' })
      : c.json({ status: 'unavailable', message: readiness.message }, 503);
  });

  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    // The rest of the body is never read, so the connection cannot carry another request:
    // say so, and Node closes it after the answer.
    onError: (c) => {
      c.header('Connection', 'close');
      return c.json(
        { message: `Request body is too large (limit ${MAX_BODY_BYTES / 1024} KB).` },
        413,
      );
    },
  });
  // A GET or HEAD has no body; asking for one builds the whole Request (about 4% of the main
  // thread under load), so only calls that may carry one are measured.
  app.use('*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next),
  );
  app.use('/api/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  const ownOrigin = sameOrigin({
    allowed: deps.config.PUBLIC_ORIGIN ? [new URL(deps.config.PUBLIC_ORIGIN).origin] : [],
  });
  app.use('/api/*', ownOrigin);
  // The sign-in form's own POST (docs/decisions/142) is checked the same way.
  app.use('/auth', ownOrigin);
  // Public and sessionless: before the session middleware, so no cookie is read, renewed or set.
  app.route('/', roomRoutes());
  app.use('*', session());

  // One sub-app per resource, mounted at its own path; each applies its guard once to every
  // route it holds, so a route added to a resource cannot miss it (docs/decisions/111-resources-mounted-with-their-guard.md).
  app.route('/', metricsRoute); // loopback or the METRICS_TOKEN; others get not found
  app.route('/internal', internalApi); // the server's token, checked by the call
  app.route('/webhooks', webhooksApi); // the upstreams: a signature, a token or basic auth each
  app.route('/api', authApi); // public: sign-up, sign-in, sign-out and who is signed in
  app.route('/api/account', accountApi); // signed in, any role: their own password
  app.route('/api/admin/users', usersApi); // admin
  app.route('/api/admin/audit', auditApi); // admin: the audit log and its CSV
  app.route('/api/admin/sync', syncApi); // admin
  app.route('/api/freshness', freshnessApi); // signed in: the freshness line's ages
  app.route('/api/events', eventsApi); // signed in: changes for open pages, by role
  app.route('/api/agency-time-entries', agencyTimeEntriesApi); // admin
  app.route('/api/gross-margins', grossMarginsApi); // admin
  app.route('/api/insights', insightsApi); // admin
  app.route('/api/capacity', capacityApi); // staff and admins
  app.route('/api/pipeline', pipelineApi); // admin
  app.route('/api/plan', planApi); // staff and admins; deal values admins only
  app.route('/api/projects', projectsApi); // signed in
  app.route('/api/projects', projectShareLinksApi); // admin: a project's client room links
  app.route('/api/share-links', shareLinksApi); // admin
  app.route('/api/jira', jiraApi); // signed in
  app.route('/api/forecast', forecastApi); // signed in
  app.route('/api/developer-availability/confirm', confirmWeekApi); // staff and admins
  app.route('/api/developer-availability', availabilityApi); // signed in
  app.route('/api/people', peopleApi); // staff and admins; the palette's names for everyone
  app.route('/api/developer-available-points', availablePointsApi); // signed in
  app.route('/api/developer-start-date', startDateApi); // signed in
  app.route('/api/developer-end-date', endDateApi); // signed in
  app.route('/api/velocity-history', velocityHistoryApi); // signed in
  app.route('/api/utilisation', utilisationApi); // staff and admins: people's hours
  app.route('/api/settings/utilisation-targets', roleTargetsApi); // staff read, admins change
  app.route('/api/settings', settingsApi); // signed in
  app.route('/api/preferences', preferencesApi); // signed in: the person's own choices
  app.route('/api/export', userExportsApi); // signed in: CSV of what everyone sees
  app.route('/api/admin/export', adminExportsApi); // admin: CSV of money tables
  app.route('/api/alerts', alertsApi); // signed in; money alerts for admins only
  app.route('/api/digest-subscription', digestSubscriptionApi); // signed in
  app.route('/api/admin/alert-settings', alertSettingsApi); // admin
  app.route('/api/admin/outbox', outboxApi); // admin
  app.route(OIDC_PATH, oidcRoutes(deps.config.oidc)); // public: sign-in at the OpenID provider
  app.route('/', pages);

  app.notFound((c) => {
    if (c.req.path.startsWith('/api/'))
      return c.json({ message: `No such call: ${c.req.method} ${c.req.path}` }, 404);
    return notFoundPage(c);
  });

  // Every refusal and upstream failure becomes its status and { message } here, and only here
  // (docs/decisions/110-errors-mapped-once.md).
  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      const status = error.status;
      return c.json({ message: error.message || 'Bad request' }, status);
    }
    if (error instanceof TooManyAttemptsError)
      c.header('Retry-After', String(error.retryAfterSeconds));
    if (error instanceof BadInputError && Object.keys(error.fields).length > 0)
      return c.json({ message: error.message, fields: error.fields }, 400);
    if (error instanceof RefusalError) return c.json({ message: error.message }, error.status);
    // 502 naming the service, or 504 when it did not answer in time.
    if (error instanceof UpstreamError) return c.json({ message: error.message }, error.httpStatus);
    console.error(`[${c.req.method} ${c.req.path}]`, error);
    const message = 'Something went wrong on the server. Please try again.';
    if (c.req.path.startsWith('/api/')) return c.json({ message }, 500);
    return c.text(message, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
