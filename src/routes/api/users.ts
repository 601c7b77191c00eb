import { Hono } from 'hono';
import { z } from 'zod';
import { listUsers } from '../../db/users';
import { ROLES } from '../../shared/roles';
import type { AppEnv } from '../../env';
import { requireAbility } from '../../middleware/guards';
import { issueResetLink } from '../../services/passwords';
import { changeUserAccess, toUserJson } from '../../services/users';
import { actorOf } from '../actor';
import { valid } from '../validation';

export const UserAccessSchema = z
  .strictObject({ approved: z.boolean().optional(), role: z.enum(ROLES).optional() })
  .refine((v) => v.approved !== undefined || v.role !== undefined, 'Give approved or role');
const UserIdParam = z.object({ id: z.uuid('Unknown user id') });

/** Admin-only account management, mounted at /api/admin/users: approve, revoke, and set roles. */
export const usersApi = new Hono<AppEnv>()
  .use(requireAbility('accounts.manage'))
  .get('/', async (c) => c.json({ users: (await listUsers(c.var.deps.db)).map(toUserJson) }))
  .patch('/:id', valid('param', UserIdParam), valid('json', UserAccessSchema), async (c) => {
    const user = await changeUserAccess(
      c.var.deps.db,
      actorOf(c),
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json({ user: toUserJson(user) });
  })
  // A one-time link to set a new password: shown to the admin, e-mailed when SMTP is set.
  .post('/:id/reset-link', valid('param', UserIdParam), async (c) => {
    const { db, mailer, clock, config } = c.var.deps;
    const issued = await issueResetLink(
      {
        db,
        mailer,
        now: clock(),
        origin: config.PUBLIC_ORIGIN
          ? new URL(config.PUBLIC_ORIGIN).origin
          : new URL(c.req.url).origin,
      },
      actorOf(c),
      c.req.valid('param').id,
    );
    return c.json(
      {
        link: issued.link,
        email: issued.email,
        expiresAt: issued.expiresAt.toISOString(),
        emailed: issued.emailed,
        mailError: issued.mailError,
      },
      201,
    );
  });
