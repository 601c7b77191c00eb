import { Hono } from 'hono';
import { z } from 'zod';
import { listUsers, updateUserAccess } from '../../db/users';
import { ROLES } from '../../shared/roles';
import type { AppEnv } from '../../env';
import { requireAbility } from '../../middleware/guards';
import { BadInputError, NotFoundError } from '../../services/errors';
import { toUserJson } from '../../services/users';
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
    const { id } = c.req.valid('param');
    const change = c.req.valid('json');
    if (
      id === c.var.user!.id &&
      (change.approved === false || (change.role && change.role !== 'admin'))
    )
      throw new BadInputError('You cannot revoke your own access or remove your own admin role.');
    const user = await updateUserAccess(c.var.deps.db, id, change);
    if (!user) throw new NotFoundError('No such user.');
    return c.json({ user: toUserJson(user) });
  });
