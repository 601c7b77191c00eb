import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence: every state-changing request must come from our own origin. Browsers always
 * send Origin on such requests; a request without it (or from elsewhere) is refused.
 * Hono's csrf() only checks form content types, and our calls send JSON, hence this check.
 *
 * @example app.use('/api/*', sameOrigin({ allowed: ['https://dash.example'] }))
 */
export function sameOrigin(options: { allowed?: string[] } = {}): MiddlewareHandler<AppEnv> {
  return async function sameOrigin(c, next) {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const own = new URL(c.req.url).origin;
    const ok = origin !== undefined && (origin === own || (options.allowed ?? []).includes(origin));
    if (!ok) return c.json({ message: 'Cross-origin request refused.' }, 403);
    await next();
  };
}
