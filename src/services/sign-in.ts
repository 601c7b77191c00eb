import { normaliseEmail } from '../shared/email';
import {
  describeWait,
  LOGIN_WINDOW_MS,
  loginRetryAfter,
  MAX_SIGNUPS_PER_ADDRESS,
  SIGNUP_WINDOW_MS,
} from '../auth/login-limit';
import type { PasswordHasher } from '../auth/password';
import { NewPasswordSchema, passwordStrengthProblem } from '../auth/password-policy';
import { createSession, type Session } from '../auth/session';
import { claimLoginAttempt, claimSignupAttempt, forgiveLoginAttempts } from '../db/login_attempts';
import type { Db } from '../db/port';
import { createUser, getUserByEmail, markEmailProven, type User } from '../db/users';
import { z } from 'zod';

/**
 * Sign-in and sign-up as one set of rules for both ways in: the JSON calls the sign-in form
 * makes with JavaScript, and the form's own POST to /auth without it (docs/decisions/142).
 */
export interface SignInDeps {
  db: Db;
  passwords: PasswordHasher;
  now: Date;
  clientAddress: string;
  /**
   * PASSWORD_SIGN_IN=admins-only: passwords sign in admins alone and make no accounts; everyone
   * else signs in at this provider (docs/decisions/290). Null when passwords are for everyone.
   */
  passwordsForAdminsOnly?: { provider: string } | null;
}

/** The sign-in form's input, for the JSON calls and the form's POST alike. */
/* Email per RFC 5321's 254-character limit; passwords bounded so hashing cost stays bounded. */
export const CredentialsSchema = z.strictObject({
  email: z.email('Enter a valid email address').max(254, 'Email must be at most 254 characters'),
  password: z
    .string()
    .min(1, 'Password is required')
    .max(256, 'Password must be at most 256 characters'),
});
const strongEnough = (input: { email: string; password: string }, ctx: z.RefinementCtx) => {
  const problem = passwordStrengthProblem(input.password, input.email);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
};
export const SignupSchema = CredentialsSchema.extend({ password: NewPasswordSchema }).superRefine(
  strongEnough,
);

/**
 * The sign-in page's own form POST (docs/decisions/142): the same rules as the JSON calls for its
 * mode, the mode itself, and `next`, where to go after.
 */
/** Any `next` the form sends: the route keeps it only as a local path. */
const NextPath = z.string().optional().catch(undefined);
export const AuthFormSchema = z.discriminatedUnion(
  'mode',
  [
    z.object({ ...CredentialsSchema.shape, mode: z.literal('signin'), next: NextPath }),
    z
      .object({
        ...CredentialsSchema.shape,
        password: NewPasswordSchema,
        mode: z.literal('signup'),
        next: NextPath,
      })
      .superRefine(strongEnough),
  ],
  { error: 'Choose whether to sign in or to sign up, then send the form again.' },
);

/** A refusal: its status and the message the form shows. */
export interface SignInRefusal {
  ok: false;
  status: 401 | 403 | 429;
  message: string;
  retryAfterSeconds?: number;
}

/**
 * The one answer to every accepted sign-up, whether or not the email already had an account,
 * so sign-up cannot be used to find out who has one.
 */
export const SIGNUP_ACCEPTED =
  'Account created. An admin will review it; you can sign in once it is approved. If this email already has an account, sign in with it instead.';

const tooMany = (seconds: number, what: string): SignInRefusal => ({
  ok: false,
  status: 429,
  message: `${what} Try again in ${describeWait(seconds)}.`,
  retryAfterSeconds: seconds,
});

/** Checks the password under the sign-in limits and, for an approved account, starts a session. */
export async function signInWithPassword(
  deps: SignInDeps,
  input: { email: string; password: string },
): Promise<{ ok: true; user: User; token: string; session: Session } | SignInRefusal> {
  const { db, passwords, now, clientAddress } = deps;
  const email = normaliseEmail(input.email);
  const claim = await claimLoginAttempt(db, {
    email,
    clientAddress,
    now,
    windowMs: LOGIN_WINDOW_MS,
    decide: (counts) => loginRetryAfter(counts, now),
  });
  if ('retryAfterSeconds' in claim)
    return tooMany(claim.retryAfterSeconds, 'Too many failed sign-in attempts.');
  const user = await getUserByEmail(db, email);
  const ok = await passwords.verify(input.password, user?.passwordHash ?? null);
  // A wrong password stays counted; the right one is forgiven (with this address's typos).
  if (!user || !ok) return { ok: false, status: 401, message: 'Invalid email or password.' };
  await forgiveLoginAttempts(db, { attemptId: claim.attemptId, email, clientAddress });
  if (!user.approved)
    return {
      ok: false,
      status: 403,
      message:
        'Your account is awaiting approval by an admin. You can sign in once it is approved.',
    };
  if (deps.passwordsForAdminsOnly && user.role !== 'admin')
    return {
      ok: false,
      status: 403,
      message: `Passwords are for admins only here. Sign in with ${deps.passwordsForAdminsOnly.provider}.`,
    };
  const { token, session } = await createSession(db, user.id, now);
  // A sign-in with its password proves the account's email (docs/decisions/290, "Linking").
  await markEmailProven(db, user.id, now);
  return { ok: true, user, token, session };
}

/** Makes an account awaiting approval, under the sign-up limit per network address. */
export async function signUpWithPassword(
  deps: SignInDeps,
  input: { email: string; password: string },
): Promise<{ ok: true; message: string } | SignInRefusal> {
  const { db, passwords, now, clientAddress } = deps;
  if (deps.passwordsForAdminsOnly)
    return {
      ok: false,
      status: 403,
      message: `Accounts are not made with a password here. Sign in with ${deps.passwordsForAdminsOnly.provider} instead.`,
    };
  const claim = await claimSignupAttempt(db, {
    clientAddress,
    now,
    windowMs: SIGNUP_WINDOW_MS,
    limit: MAX_SIGNUPS_PER_ADDRESS,
  });
  if (!claim.ok)
    return tooMany(claim.retryAfterSeconds, 'Too many accounts were created from your network.');
  // Hashed either way, so a taken email answers as slowly as a new one.
  await createUser(db, { email: input.email, passwordHash: await passwords.hash(input.password) });
  return { ok: true, message: SIGNUP_ACCEPTED };
}
