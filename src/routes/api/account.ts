import { Hono } from 'hono';
import { z } from 'zod';
import { NewPasswordSchema } from '../../auth/password-policy';
import type { AppEnv } from '../../env';
import { requireUser } from '../../middleware/guards';
import { changeOwnPassword } from '../../services/passwords';
import { valid } from '../validation';

export const ChangePasswordSchema = z.strictObject({
  currentPassword: z
    .string({ message: 'currentPassword is required' })
    .min(1, 'Enter your current password')
    .max(256, 'Password must be at most 256 characters'),
  newPassword: NewPasswordSchema,
});

/**
 * The signed-in person's own account, mounted at /api/account, for every role: changing one's
 * password (docs/decisions/167-passwords-changed-and-reset.md).
 */
export const accountApi = new Hono<AppEnv>()
  .use(requireUser())
  .post('/password', valid('json', ChangePasswordSchema), async (c) => {
    const { db, passwords, clock, clientAddress } = c.var.deps;
    await changeOwnPassword(
      { db, passwords, now: clock(), clientAddress: clientAddress(c) },
      { userId: c.var.user.id, email: c.var.user.email, sessionId: c.var.session.id },
      c.req.valid('json'),
    );
    return c.json({ message: 'Password changed. Your other sessions were signed out.' });
  });
