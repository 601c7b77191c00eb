import { type Context, Hono } from 'hono';
import {
  deleteSessionTokenCookie,
  invalidateSession,
  setSessionTokenCookie,
} from '../../auth/session';
import type { AppEnv } from '../../env';
import {
  CredentialsSchema,
  type SignInRefusal,
  SignupSchema,
  signInWithPassword,
  signUpWithPassword,
} from '../../services/sign-in';
import { signInDeps } from '../sign-in';
import { valid } from '../validation';
import { z } from 'zod';
import { NewPasswordSchema } from '../../auth/password-policy';
import { resetPasswordWithLink } from '../../services/passwords';

function refused(c: Context<AppEnv>, refusal: SignInRefusal) {
  if (refusal.retryAfterSeconds) c.header('Retry-After', String(refusal.retryAfterSeconds));
  return c.json({ message: refusal.message }, refusal.status);
}

/** A one-time reset link's token and the new password (docs/decisions/167). */
export const ResetPasswordSchema = z.strictObject({
  token: z
    .string({ message: 'token is required: open the whole link the admin gave you' })
    .regex(
      /^[a-km-np-z2-9]{24}\.[a-km-np-z2-9]{24}$/,
      'This reset link is incomplete or mistyped: open the whole link the admin gave you',
    ),
  newPassword: NewPasswordSchema,
});

export const authApi = new Hono<AppEnv>()
  .get('/user', (c) => {
    const user = c.var.user;
    if (!user) return c.json({ message: 'Not signed in' }, 401);
    return c.json({ id: user.id, email: user.email, role: user.role, approved: user.approved });
  })
  .post('/signup', valid('json', SignupSchema), async (c) => {
    const result = await signUpWithPassword(signInDeps(c), c.req.valid('json'));
    if (!result.ok) return refused(c, result);
    return c.json({ message: result.message }, 201);
  })
  .post('/login', valid('json', CredentialsSchema), async (c) => {
    const result = await signInWithPassword(signInDeps(c), c.req.valid('json'));
    if (!result.ok) return refused(c, result);
    const { user, token, session } = result;
    setSessionTokenCookie(c, token, session.expiresAt);
    return c.json({ id: user.id, email: user.email, role: user.role, approved: user.approved });
  })
  // Public: the one-time link is the credential (docs/decisions/167).
  .post('/password-reset', valid('json', ResetPasswordSchema), async (c) => {
    const { db, passwords, clock, clientAddress } = c.var.deps;
    const { token, newPassword } = c.req.valid('json');
    const { email } = await resetPasswordWithLink(
      { db, passwords, now: clock(), clientAddress: clientAddress(c) },
      token,
      newPassword,
    );
    return c.json({ message: `Password set for ${email}. Sign in with it now.` });
  })
  .post('/logout', async (c) => {
    const session = c.var.session;
    if (session) await invalidateSession(c.var.deps.db, session.id);
    deleteSessionTokenCookie(c);
    return c.json({ message: 'Signed out' });
  });
