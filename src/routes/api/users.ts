import { Hono } from 'hono';
import { z } from 'zod';
import { insertAuditEntry } from '../../db/audit';
import { getUserById, listUsers, updateUserAccess } from '../../db/users';
import { ROLES } from '../../shared/roles';
import type { AppEnv } from '../../env';
import { requireAbility } from '../../middleware/guards';
import { BadInputError, NotFoundError } from '../../services/errors';
import { issueResetLink } from '../../services/passwords';
import { toUserJson } from '../../services/users';
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
    const { id } = c.req.valid('param');
    const change = c.req.valid('json');
    if (
      id === c.var.user!.id &&
      (change.approved === false || (change.role && change.role !== 'admin'))
    )
      throw new BadInputError('You cannot revoke your own access or remove your own admin role.');
    const user = await c.var.deps.db.transaction(async (tx) => {
      const before = await getUserById(tx, id);
      const after = await updateUserAccess(tx, id, change);
      if (before && after && (before.approved !== after.approved || before.role !== after.role))
        await insertAuditEntry(tx, {
          actor: actorOf(c),
          kind: 'account.access',
          target: after.email,
          summary: [
            before.approved !== after.approved ? (after.approved ? 'Approved' : 'Revoked') : '',
            before.role !== after.role ? `Role ${before.role} → ${after.role}` : '',
          ]
            .filter(Boolean)
            .join('; '),
          before: { approved: before.approved, role: before.role },
          after: { approved: after.approved, role: after.role },
        });
      return after;
    });
    if (!user) throw new NotFoundError('No such user.');
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
