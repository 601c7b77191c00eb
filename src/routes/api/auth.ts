import { type Context, Hono } from 'hono';
import { z } from 'zod';
import {
  describeWait,
  LOGIN_WINDOW_MS,
  loginRetryAfter,
  MAX_SIGNUPS_PER_ADDRESS,
  SIGNUP_WINDOW_MS,
} from '../../auth/login-limit';
import { NewPasswordSchema } from '../../auth/password-policy';
import {
  createSession,
  deleteSessionTokenCookie,
  invalidateSession,
  setSessionTokenCookie,
} from '../../auth/session';
import {
  claimLoginAttempt,
  claimSignupAttempt,
  forgiveLoginAttempts,
} from '../../db/login_attempts';
import { createUser, getUserByEmail, normaliseEmail } from '../../db/users';
import type { AppEnv } from '../../env';
import { valid } from '../validation';

/** Email per RFC 5321's 254-character limit; passwords bounded so hashing cost stays bounded. */
export const CredentialsSchema = z.strictObject({
  email: z.email('Enter a valid email address').max(254, 'Email must be at most 254 characters'),
  password: z
    .string()
    .min(1, 'Password is required')
    .max(256, 'Password must be at most 256 characters'),
});
export const SignupSchema = CredentialsSchema.extend({ password: NewPasswordSchema });

/**
 * The one answer to every accepted sign-up, whether or not the email already had an account,
 * so sign-up cannot be used to find out who has one.
 */
export const SIGNUP_ACCEPTED =
  'Account created. An admin will review it; you can sign in once it is approved. If this email already has an account, sign in with it instead.';

function tooMany(c: Context<AppEnv>, seconds: number, what: string) {
  c.header('Retry-After', String(seconds));
  return c.json({ message: `${what} Try again in ${describeWait(seconds)}.` }, 429);
}

// Verified against when the email is unknown, so a wrong email takes as long as a wrong
// password. A fixed valid hash (of a random password), so no extra hashing is ever needed.
const DUMMY_HASH =
  'scrypt$32768$8$3$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export const authApi = new Hono<AppEnv>()
  .get('/user', (c) => {
    const user = c.var.user;
    if (!user) return c.json({ message: 'Not signed in' }, 401);
    return c.json({ id: user.id, email: user.email, role: user.role, approved: user.approved });
  })
  .post('/signup', valid('json', SignupSchema), async (c) => {
    const { db, passwords, clock, clientAddress } = c.var.deps;
    const { email, password } = c.req.valid('json');
    const claim = await claimSignupAttempt(db, {
      clientAddress: clientAddress(c),
      now: clock(),
      windowMs: SIGNUP_WINDOW_MS,
      limit: MAX_SIGNUPS_PER_ADDRESS,
    });
    if (!claim.ok)
      return tooMany(
        c,
        claim.retryAfterSeconds,
        'Too many accounts were created from your network.',
      );
    // Hashed either way, so a taken email answers as slowly as a new one.
    await createUser(db, { email, passwordHash: await passwords.hash(password) });
    return c.json({ message: SIGNUP_ACCEPTED }, 201);
  })
  .post('/login', valid('json', CredentialsSchema), async (c) => {
    const { db, passwords, clock, clientAddress } = c.var.deps;
    const { password } = c.req.valid('json');
    const email = normaliseEmail(c.req.valid('json').email);
    const address = clientAddress(c);
    const claim = await claimLoginAttempt(db, {
      email,
      clientAddress: address,
      now: clock(),
      windowMs: LOGIN_WINDOW_MS,
      decide: (counts) => loginRetryAfter(counts, clock()),
    });
    if ('retryAfterSeconds' in claim)
      return tooMany(c, claim.retryAfterSeconds, 'Too many failed sign-in attempts.');
    const user = await getUserByEmail(db, email);
    const ok = await passwords.verify(password, user?.passwordHash ?? DUMMY_HASH);
    // A wrong password stays counted; the right one is forgiven (with this address's typos).
    if (!user || !ok) return c.json({ message: 'Invalid email or password.' }, 401);
    await forgiveLoginAttempts(db, { attemptId: claim.attemptId, email, clientAddress: address });
    if (!user.approved) {
      return c.json(
        {
          message:
            'Your account is awaiting approval by an admin. You can sign in once it is approved.',
        },
        403,
      );
    }
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
