import { Hono } from 'hono';
import { z } from 'zod';
import { listUsers, ROLES, updateUserAccess, type User } from '../../db/users';
import type { AppEnv } from '../../env';
import { requireRole } from '../../middleware/guards';
import { valid } from '../validation';

export const UserAccessSchema = z
  .strictObject({ approved: z.boolean().optional(), role: z.enum(ROLES).optional() })
  .refine((v) => v.approved !== undefined || v.role !== undefined, 'Give approved or role');
const UserIdParam = z.object({ id: z.uuid('Unknown user id') });

export const toUserJson = (u: User) => ({ id: u.id, email: u.email, role: u.role, approved: u.approved, createdAt: u.createdAt.toISOString() });

/** Admin-only account management: approve, revoke, and set roles. */
export const usersApi = new Hono<AppEnv>()
  .use('*', requireRole('admin'))
  .get('/', async (c) => c.json({ users: (await listUsers(c.var.deps.db)).map(toUserJson) }))
  .patch('/:id', valid('param', UserIdParam), valid('json', UserAccessSchema), async (c) => {
    const { id } = c.req.valid('param');
    const change = c.req.valid('json');
    if (id === c.var.user!.id && (change.approved === false || (change.role && change.role !== 'admin'))) {
      return c.json({ message: 'You cannot revoke your own access or remove your own admin role.' }, 400);
    }
    const user = await updateUserAccess(c.var.deps.db, id, change);
    if (!user) return c.json({ message: 'No such user.' }, 404);
    return c.json({ user: toUserJson(user) });
  });
