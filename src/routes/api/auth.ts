import { Hono } from 'hono';
import { z } from 'zod';
import { clearLoginFailures, loginRetryAfter, recordLoginFailure } from '../../auth/login-limit';
import { createSession, deleteSessionTokenCookie, invalidateSession, setSessionTokenCookie } from '../../auth/session';
import { createUser, getUserByEmail, normaliseEmail } from '../../db/users';
import type { AppEnv } from '../../env';
import { valid } from '../validation';

/** Email per RFC 5321's 254-character limit; passwords bounded so hashing cost stays bounded. */
export const CredentialsSchema = z.strictObject({
  email: z.email('Enter a valid email address').max(254, 'Email must be at most 254 characters'),
  password: z.string().min(1, 'Password is required').max(256, 'Password must be at most 256 characters'),
});
export const SignupSchema = CredentialsSchema.extend({
  password: z.string().min(8, 'Password must be at least 8 characters').max(256, 'Password must be at most 256 characters'),
});

// Verified against when the email is unknown, so a wrong email takes as long as a wrong
// password. A fixed valid hash (of a random password), so no extra hashing is ever needed.
const DUMMY_HASH = 'scrypt$32768$8$3$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export const authApi = new Hono<AppEnv>()
  .get('/user', (c) => {
    const user = c.var.user;
    if (!user) return c.json({ message: 'Not signed in' }, 401);
    return c.json({ id: user.id, email: user.email, role: user.role, approved: user.approved });
  })
  .post('/signup', valid('json', SignupSchema), async (c) => {
    const { db, passwords } = c.var.deps;
    const { email, password } = c.req.valid('json');
    const user = await createUser(db, { email, passwordHash: await passwords.hash(password) });
    if (!user) return c.json({ message: 'An account with this email already exists.' }, 409);
    return c.json(
      {
        message: 'Account created. An admin will review it; you can sign in once it is approved.',
        user: { id: user.id, email: user.email, role: user.role, approved: user.approved },
      },
      201,
    );
  })
  .post('/login', valid('json', CredentialsSchema), async (c) => {
    const { db, passwords, clock, clientAddress } = c.var.deps;
    const { password } = c.req.valid('json');
    const email = normaliseEmail(c.req.valid('json').email);
    const address = clientAddress(c);
    const wait = await loginRetryAfter(db, email, address, clock());
    if (wait !== null) {
      c.header('Retry-After', String(wait));
      return c.json({ message: `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minutes.` }, 429);
    }
    const user = await getUserByEmail(db, email);
    const ok = await passwords.verify(password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !ok) {
      await recordLoginFailure(db, email, address, clock());
      return c.json({ message: 'Invalid email or password.' }, 401);
    }
    if (!user.approved) {
      return c.json({ message: 'Your account is awaiting approval by an admin. You can sign in once it is approved.' }, 403);
    }
    await clearLoginFailures(db, email);
    const { token, session } = await createSession(db, user.id, clock());
    setSessionTokenCookie(c, token, session.expiresAt);
    return c.json({ id: user.id, email: user.email, role: user.role, approved: user.approved });
  })
  .post('/logout', async (c) => {
    const session = c.var.session;
    if (session) await invalidateSession(c.var.deps.db, session.id);
    deleteSessionTokenCookie(c);
    return c.json({ message: 'Signed out' });
  });
