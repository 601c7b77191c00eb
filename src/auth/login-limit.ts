import type { Db } from '../db/port';

/** Failed logins allowed per email in the window; the next attempt is refused with 429. */
export const MAX_FAILURES_PER_EMAIL = 10;
/** Per client address the allowance is larger: an office shares one address. */
export const MAX_FAILURES_PER_ADDRESS = 50;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** Seconds until the oldest counted failure leaves the window, or null when login may be tried. */
export async function loginRetryAfter(db: Db, email: string, clientAddress: string, now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const rows = await db.query<{ by_email: number; by_address: number; oldest_email: Date | null; oldest_address: Date | null }>(
    `SELECT
       count(*) FILTER (WHERE email = $1) AS by_email,
       count(*) FILTER (WHERE client_address = $2) AS by_address,
       min(attempted_at) FILTER (WHERE email = $1) AS oldest_email,
       min(attempted_at) FILTER (WHERE client_address = $2) AS oldest_address
     FROM login_attempts
     WHERE attempted_at > $3 AND (email = $1 OR client_address = $2)`,
    [email, clientAddress, since],
  );
  const r = rows[0]!;
  const waits: number[] = [];
  if (Number(r.by_email) >= MAX_FAILURES_PER_EMAIL && r.oldest_email) waits.push(r.oldest_email.getTime());
  if (Number(r.by_address) >= MAX_FAILURES_PER_ADDRESS && r.oldest_address) waits.push(r.oldest_address.getTime());
  if (waits.length === 0) return null;
  return Math.max(1, Math.ceil((Math.max(...waits) + LOGIN_WINDOW_MS - now.getTime()) / 1000));
}

export async function recordLoginFailure(db: Db, email: string, clientAddress: string, now: Date): Promise<void> {
  await db.query('INSERT INTO login_attempts (email, client_address, attempted_at) VALUES ($1, $2, $3)', [
    email,
    clientAddress,
    now,
  ]);
  // Keep the table small: anything older than the window no longer counts.
  await db.query('DELETE FROM login_attempts WHERE attempted_at < $1', [new Date(now.getTime() - LOGIN_WINDOW_MS)]);
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.query('DELETE FROM login_attempts WHERE email = $1', [email]);
}
