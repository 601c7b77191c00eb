import type { MiddlewareHandler } from 'hono';
import { type Ability, refusalFor, type Role } from '../shared/roles';
import type { AppEnv } from '../env';

/** API calls: 401 without a session. */
export function requireUser(): MiddlewareHandler<AppEnv> {
  return async function requireUser(c, next) {
    if (!c.var.user)
      return c.json({ message: 'You are not signed in. Sign in and try again.' }, 401);
    await next();
  };
}

/** API calls: 401 without a session, 403 without the role. Roles are enforced here, not only hidden in the UI. */
export function requireRole(role: Role): MiddlewareHandler<AppEnv> {
  return async function requireRole(c, next) {
    if (!c.var.user)
      return c.json({ message: 'You are not signed in. Sign in and try again.' }, 401);
    if (c.var.user.role !== role) return c.json({ message: `This needs the ${role} role.` }, 403);
    await next();
  };
}

/**
 * API calls: 401 without a session, 403 with the reason when the role lacks the ability
 * (docs/decisions/164-roles-and-abilities.md). Put it before the input checks, so a caller who
 * may not act learns nothing from them and nothing changes.
 *
 * @example projectsApi.delete('/:id', requireAbility('project.remove'), valid('param', ProjectIdParam), ...)
 */
export function requireAbility(ability: Ability): MiddlewareHandler<AppEnv> {
  return async function requireAbility(c, next) {
    if (!c.var.user)
      return c.json({ message: 'You are not signed in. Sign in and try again.' }, 401);
    const refusal = refusalFor(c.var.user.role, ability);
    if (refusal) return c.json({ message: refusal }, 403);
    await next();
  };
}

/** Pages: a signed-out visitor goes to /auth; one without the role goes to /. */
export function requirePageUser(role?: Role): MiddlewareHandler<AppEnv> {
  return async function requirePageUser(c, next) {
    if (!c.var.user) return c.redirect('/auth', 302);
    if (role && c.var.user.role !== role) return c.redirect('/', 302);
    await next();
  };
}

/**
 * Pages for the lowest role with an ability and those above it (staff and admins): a signed-out
 * visitor goes to /auth, one whose role lacks it to /, as the admins' pages refuse.
 */
export function requirePageAbility(ability: Ability): MiddlewareHandler<AppEnv> {
  return async function requirePageAbility(c, next) {
    if (!c.var.user) return c.redirect('/auth', 302);
    if (refusalFor(c.var.user.role, ability)) return c.redirect('/', 302);
    await next();
  };
}
