import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, SignedInEnv } from '../env';
import { type Ability, refusalFor } from '../shared/roles';

/**
 * A call (a path under /api/) gets 401 or 403 with `{ message }` and never a redirect; a page
 * sends a signed-out visitor to /auth and one whose role may not see it to / (docs/decisions/009).
 */
function refuse(c: Context, status: 401 | 403, message: string) {
  if (c.req.path.startsWith('/api/')) return c.json({ message }, status);
  return c.redirect(status === 401 ? '/auth' : '/', 302);
}

function guard(ability?: Ability) {
  return createMiddleware<SignedInEnv>(async (c, next) => {
    // The session middleware puts null here for a signed-out visitor; past this check, never.
    const user: AppEnv['Variables']['user'] = c.var.user;
    if (!user) return refuse(c, 401, 'You are not signed in. Sign in and try again.');
    const refusal = ability ? refusalFor(user.role, ability) : null;
    if (refusal) return refuse(c, 403, refusal);
    await next();
  });
}

/**
 * Signed in, any role: pages and calls alike.
 *
 * @example export const pages = new Hono<AppEnv>().get('/', requireUser(), (c) => c.var.user.email)
 */
export const requireUser = () => guard();

/**
 * Signed in with a role that has the ability (docs/decisions/164-roles-and-abilities.md); the
 * server enforces roles here, not only the UI. Put it before the input checks, so a caller who
 * may not act learns nothing from them and nothing changes.
 *
 * @example projectsApi.delete('/:id', requireAbility('project.remove'), valid('param', ProjectIdParam), ...)
 */
export const requireAbility = (ability: Ability) => guard(ability);
