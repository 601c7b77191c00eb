import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps, AppEnv } from './env';
import { sameOrigin } from './middleware/origin';
import { session } from './middleware/session';
import { agencyApi } from './routes/api/agency';
import { authApi } from './routes/api/auth';
import { developersApi } from './routes/api/developers';
import { internalApi } from './routes/api/internal';
import { projectsApi } from './routes/api/projects';
import { usersApi } from './routes/api/users';
import { notFoundPage, pages } from './routes/pages';

/** Largest JSON body any call accepts; the biggest is a week of availability for a team. */
export const MAX_BODY_BYTES = 256 * 1024;

function frameSource(url: string | undefined): string[] {
  return url ? [new URL(url).origin] : ["'none'"];
}

/** Builds the whole app from its dependencies. No I/O happens here or at import time. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
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
    }),
  );

  app.get('/healthz', async (c) => {
    try {
      await Promise.race([
        deps.db.query('SELECT 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('database did not answer within 2 s')), 2000)),
      ]);
      return c.json({ status: 'ok' });
    } catch (error) {
      return c.json({ status: 'unavailable', message: `Database unreachable: ${(error as Error).message}` }, 503);
    }
  });

  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ message: `Request body is too large (limit ${MAX_BODY_BYTES / 1024} KB).` }, 413),
    }),
  );
  app.use('/api/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.use('/api/*', sameOrigin({ allowed: deps.config.PUBLIC_ORIGIN ? [new URL(deps.config.PUBLIC_ORIGIN).origin] : [] }));
  app.use('*', session());

  app.route('/internal', internalApi);
  app.route('/api', authApi);
  app.route('/api', developersApi);
  app.route('/api', agencyApi);
  app.route('/api', projectsApi);
  app.route('/api/admin/users', usersApi);
  app.route('/', pages);

  app.notFound((c) => {
    if (c.req.path.startsWith('/api/')) return c.json({ message: `No such call: ${c.req.method} ${c.req.path}` }, 404);
    return notFoundPage(c);
  });

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      const status = error.status;
      return c.json({ message: error.message || 'Bad request' }, status);
    }
    console.error(`[${c.req.method} ${c.req.path}]`, error);
    const message = 'Something went wrong on the server. Please try again.';
    if (c.req.path.startsWith('/api/')) return c.json({ message }, 500);
    return c.text(message, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
