import type { Db } from './port';

/** What the sign-in limits look at for one attempt, over the window (src/auth/login-limit.ts). */
export interface LoginAttemptCounts {
  /** Attempts for this email from this address still counted (failed, or being checked now). */
  pairFailures: number;
  oldestPairFailure: Date | null;
  /** The newest attempt for this email from this address, for the per-email slowdown. */
  lastPairAttempt: Date | null;
  /** Attempts for this email from any address. */
  emailFailures: number;
  /** Attempts from this address for any email. */
  addressFailures: number;
  oldestAddressFailure: Date | null;
}

/** The claim on one password check, or how long to wait before the next may be made. */
export type LoginClaim = { attemptId: number } | { retryAfterSeconds: number };

/**
 * Checks the limits and counts the attempt in one transaction, before the password is
 * verified: the attempt is stored as a failure up front and forgiven if the password was
 * right. Advisory locks on the address, then on the email (always in that order, so two
 * claims never wait on each other in a cycle) make parallel guesses queue here, so no more
 * than the limit ever reach the password check.
 */
export async function claimLoginAttempt(
  db: Db,
  input: {
    email: string;
    clientAddress: string;
    now: Date;
    windowMs: number;
    decide: (counts: LoginAttemptCounts) => number | null;
  },
): Promise<LoginClaim> {
  const { email, clientAddress, now, windowMs } = input;
  const since = new Date(now.getTime() - windowMs);
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('login-address:' || $1, 0))", [
      clientAddress,
    ]);
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('login-email:' || $1, 0))", [
      email,
    ]);
    const [row] = await tx.query<{
      pair: number;
      oldest_pair: Date | null;
      last_pair: Date | null;
      by_email: number;
      by_address: number;
      oldest_address: Date | null;
    }>(
      `SELECT
         count(*) FILTER (WHERE email = $1 AND client_address = $2)::int AS pair,
         min(attempted_at) FILTER (WHERE email = $1 AND client_address = $2) AS oldest_pair,
         max(attempted_at) FILTER (WHERE email = $1 AND client_address = $2) AS last_pair,
         count(*) FILTER (WHERE email = $1)::int AS by_email,
         count(*) FILTER (WHERE client_address = $2)::int AS by_address,
         min(attempted_at) FILTER (WHERE client_address = $2) AS oldest_address
       FROM login_attempts
       WHERE attempted_at > $3 AND (email = $1 OR client_address = $2)`,
      [email, clientAddress, since],
    );
    const wait = input.decide({
      pairFailures: Number(row!.pair),
      oldestPairFailure: row!.oldest_pair,
      lastPairAttempt: row!.last_pair,
      emailFailures: Number(row!.by_email),
      addressFailures: Number(row!.by_address),
      oldestAddressFailure: row!.oldest_address,
    });
    if (wait !== null) return { retryAfterSeconds: wait };
    const [inserted] = await tx.query<{ id: number }>(
      'INSERT INTO login_attempts (email, client_address, attempted_at) VALUES ($1, $2, $3) RETURNING id',
      [email, clientAddress, now],
    );
    // Keep the table small: anything older than the window no longer counts.
    await tx.query('DELETE FROM login_attempts WHERE attempted_at <= $1', [since]);
    return { attemptId: Number(inserted!.id) };
  });
}

/**
 * The right password: the attempt is forgiven, and so are this pair's earlier failures (the
 * owner's own typos from this address). Failures from other addresses still count.
 */
export async function forgiveLoginAttempts(
  db: Db,
  input: { attemptId: number; email: string; clientAddress: string },
): Promise<void> {
  await db.query(
    'DELETE FROM login_attempts WHERE id = $1 OR (email = $2 AND client_address = $3)',
    [input.attemptId, input.email, input.clientAddress],
  );
}

/** Forgives one attempt alone: a sign-in started at the OpenID provider that signed someone in. */
export async function forgiveLoginAttempt(db: Db, attemptId: number): Promise<void> {
  await db.query('DELETE FROM login_attempts WHERE id = $1', [attemptId]);
}

/** Counts one sign-up from the address unless it already made `limit` in the window; true when counted. */
export async function claimSignupAttempt(
  db: Db,
  input: { clientAddress: string; now: Date; windowMs: number; limit: number },
): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  const since = new Date(input.now.getTime() - input.windowMs);
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('signup-address:' || $1, 0))", [
      input.clientAddress,
    ]);
    const [row] = await tx.query<{ n: number; oldest: Date | null }>(
      `SELECT count(*)::int AS n, min(attempted_at) AS oldest FROM signup_attempts
        WHERE client_address = $1 AND attempted_at > $2`,
      [input.clientAddress, since],
    );
    if (Number(row!.n) >= input.limit && row!.oldest) {
      const until = row!.oldest.getTime() + input.windowMs;
      return {
        ok: false,
        retryAfterSeconds: Math.max(1, Math.ceil((until - input.now.getTime()) / 1000)),
      };
    }
    await tx.query('INSERT INTO signup_attempts (client_address, attempted_at) VALUES ($1, $2)', [
      input.clientAddress,
      input.now,
    ]);
    await tx.query('DELETE FROM signup_attempts WHERE attempted_at <= $1', [since]);
    return { ok: true };
  });
}
