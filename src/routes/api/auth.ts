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

function refused(c: Context<AppEnv>, refusal: SignInRefusal) {
  if (refusal.retryAfterSeconds) c.header('Retry-After', String(refusal.retryAfterSeconds));
  return c.json({ message: refusal.message }, refusal.status);
}

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
  .post('/logout', async (c) => {
    const session = c.var.session;
    if (session) await invalidateSession(c.var.deps.db, session.id);
    deleteSessionTokenCookie(c);
    return c.json({ message: 'Signed out' });
  });
