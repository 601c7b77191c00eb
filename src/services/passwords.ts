/**
 * Changing one's own password and the admin-issued one-time reset link
 * (docs/decisions/167-passwords-changed-and-reset.md).
 */
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import {
  describeWait,
  LOGIN_WINDOW_MS,
  loginRetryAfter,
  RESET_ATTEMPT_KEY,
  resetRetryAfter,
} from '../auth/login-limit';
import type { PasswordHasher } from '../auth/password';
import { passwordStrengthProblem } from '../auth/password-policy';
import { generateSecureRandomString, hashSecret } from '../auth/session';
import { insertAuditEntry } from '../db/audit';
import type { Db } from '../db/port';
import { claimLoginAttempt, forgiveLoginAttempts } from '../db/login_attempts';
import {
  getPasswordReset,
  insertPasswordReset,
  lockPasswordReset,
  markPasswordResetUsed,
  type PasswordReset,
} from '../db/password-resets';
import { deleteOtherUserSessions, deleteUserSessions } from '../db/sessions';
import { getPasswordHashById, getUserById, setPasswordHash } from '../db/users';
import type { Actor } from './availability';
import { BadInputError, NotFoundError, TooManyAttemptsError } from './errors';
import type { Mailer } from './mail';

/** How long a reset link works. */
export const RESET_LINK_HOURS = 24;

export const WRONG_CURRENT_PASSWORD = 'Your current password is not right. Nothing was changed.';
export const RESET_LINK_UNUSABLE =
  'This reset link has expired or was already used. Ask an admin for a new one.';

/**
 * Sets a new password for the signed-in person after checking the current one, and signs out
 * every other session of theirs; the session that made the change stays signed in. The check
 * of the current password counts as a sign-in attempt for the account, under the same limits
 * (docs/decisions/280).
 */
export async function changeOwnPassword(
  deps: { db: Db; passwords: PasswordHasher; now: Date; clientAddress: string },
  who: { userId: string; email: string; sessionId: string },
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const { db, now, clientAddress } = deps;
  const claim = await claimLoginAttempt(db, {
    email: who.email,
    clientAddress,
    now,
    windowMs: LOGIN_WINDOW_MS,
    decide: (counts) => loginRetryAfter(counts, now),
  });
  if ('retryAfterSeconds' in claim)
    throw new TooManyAttemptsError(
      `Too many wrong current passwords. Nothing was changed. Try again in ${describeWait(claim.retryAfterSeconds)}.`,
      claim.retryAfterSeconds,
    );
  const stored = await getPasswordHashById(deps.db, who.userId);
  if (!stored || !(await deps.passwords.verify(input.currentPassword, stored)))
    throw new BadInputError(WRONG_CURRENT_PASSWORD);
  await forgiveLoginAttempts(db, { attemptId: claim.attemptId, email: who.email, clientAddress });
  if (input.currentPassword === input.newPassword)
    throw new BadInputError('The new password is the same as the current one. Choose another.');
  const weak = passwordStrengthProblem(input.newPassword, who.email);
  if (weak) throw new BadInputError(weak);
  const hash = await deps.passwords.hash(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, who.userId, hash);
    await deleteOtherUserSessions(tx, who.userId, who.sessionId);
    await insertAuditEntry(tx, {
      actor: { id: who.userId, email: who.email },
      kind: 'account.password',
      target: who.email,
      summary: 'Changed their own password; their other sessions were signed out',
    });
  });
}

export interface IssuedResetLink {
  link: string;
  email: string;
  expiresAt: Date;
  /** True when the link was also e-mailed to the account (SMTP configured). */
  emailed: boolean;
  /** Why the mail could not be sent, when it could not (the link still works). */
  mailError: string | null;
}

/**
 * Makes a one-time reset link for an account, valid RESET_LINK_HOURS and replacing any earlier
 * unused one, shown to the admin and e-mailed to the account when a mailer is set. Only the
 * hash of its secret is stored.
 */
export async function issueResetLink(
  deps: { db: Db; mailer?: Mailer | undefined; now: Date; origin: string },
  admin: Actor,
  userId: string,
): Promise<IssuedResetLink> {
  const user = await getUserById(deps.db, userId);
  if (!user) throw new NotFoundError('No such user.');
  const id = generateSecureRandomString();
  const secret = generateSecureRandomString();
  const expiresAt = new Date(deps.now.getTime() + RESET_LINK_HOURS * 3_600_000);
  await deps.db.transaction(async (tx) => {
    await insertPasswordReset(tx, {
      id,
      secretHash: hashSecret(secret),
      userId,
      createdBy: admin.email,
      expiresAt,
    });
    await insertAuditEntry(tx, {
      actor: admin,
      kind: 'account.reset-link',
      target: user.email,
      summary: `Issued a password reset link valid for ${RESET_LINK_HOURS} hours`,
      after: { expiresAt: expiresAt.toISOString() },
    });
  });
  const link = `${deps.origin}/reset-password?token=${id}.${secret}`;
  let emailed = false;
  let mailError: string | null = null;
  if (deps.mailer) {
    try {
      await deps.mailer.send({
        to: [user.email],
        subject: 'Agency Dashboard: reset your password',
        text: [
          `An admin (${admin.email}) made a link for you to set a new password for the Agency Dashboard:`,
          '',
          link,
          '',
          `It works once, until ${expiresAt.toISOString().replace('T', ' ').slice(0, 16)} UTC.`,
          'If you did not ask for it, tell your admin; your password stays as it is until the link is used.',
        ].join('\n'),
      });
      emailed = true;
    } catch (error) {
      mailError = (error as Error).message;
    }
  }
  return { link, email: user.email, expiresAt, emailed, mailError };
}

const usable = (reset: PasswordReset | null, secret: string, now: Date): reset is PasswordReset =>
  reset !== null &&
  constantTimeEqual(hashSecret(secret), reset.secretHash) &&
  reset.usedAt === null &&
  reset.expiresAt.getTime() > now.getTime();

/**
 * Sets a new password with a reset link: once, before it expires. Every session of the account
 * ends, so whoever had it signed in must sign in again. The link is checked before the new
 * password is hashed, so bogus links cost no hashing, and an address may try only
 * MAX_RESET_FAILURES_PER_ADDRESS bad links in the window (docs/decisions/280).
 */
export async function resetPasswordWithLink(
  deps: { db: Db; passwords: PasswordHasher; now: Date; clientAddress: string },
  token: string,
  newPassword: string,
): Promise<{ email: string }> {
  const { db, now, clientAddress } = deps;
  const claim = await claimLoginAttempt(db, {
    email: RESET_ATTEMPT_KEY,
    clientAddress,
    now,
    windowMs: LOGIN_WINDOW_MS,
    decide: (counts) => resetRetryAfter(counts, now),
  });
  if ('retryAfterSeconds' in claim)
    throw new TooManyAttemptsError(
      `Too many password reset attempts from your network. Try again in ${describeWait(claim.retryAfterSeconds)}.`,
      claim.retryAfterSeconds,
    );
  const [id = '', secret = ''] = token.split('.');
  const link = id && secret ? await getPasswordReset(db, id) : null;
  if (!usable(link, secret, now)) throw new BadInputError(RESET_LINK_UNUSABLE);
  const owner = await getUserById(db, link.userId);
  const weak = owner && passwordStrengthProblem(newPassword, owner.email);
  if (weak) throw new BadInputError(weak);
  const hash = await deps.passwords.hash(newPassword);
  const done = await db.transaction(async (tx) => {
    // Checked again under the lock: two uses of one link at once, only one wins.
    const reset = await lockPasswordReset(tx, id);
    if (!usable(reset, secret, now)) throw new BadInputError(RESET_LINK_UNUSABLE);
    const user = await getUserById(tx, reset.userId);
    if (!user) throw new BadInputError(RESET_LINK_UNUSABLE);
    await markPasswordResetUsed(tx, reset.id, deps.now);
    await setPasswordHash(tx, user.id, hash);
    await deleteUserSessions(tx, user.id);
    await insertAuditEntry(tx, {
      actor: { id: user.id, email: user.email },
      kind: 'account.password',
      target: user.email,
      summary: 'Set a new password with a reset link; every session was signed out',
    });
    return { email: user.email };
  });
  await forgiveLoginAttempts(db, {
    attemptId: claim.attemptId,
    email: RESET_ATTEMPT_KEY,
    clientAddress,
  });
  return done;
}
