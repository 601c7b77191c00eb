import type { Db } from './port';
import type { Role } from '../shared/roles';
import type { ThemeChoice } from '../shared/theme';

/** All SQL of the sessions table (docs/decisions/112-one-owner-per-table.md); the rules live in src/auth/session.ts. */

export async function insertSession(
  db: Db,
  session: { id: string; secretHash: Uint8Array; userId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO sessions (id, secret_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [session.id, session.secretHash, session.userId, session.createdAt, session.expiresAt],
  );
}

/** A session with the account it belongs to and that account's preferences (null: none stored). */
export interface SessionWithUser {
  id: string;
  secret_hash: Uint8Array;
  user_id: string;
  expires_at: Date;
  email: string;
  role: Role;
  approved: boolean;
  portfolio_view: string | null;
  theme: ThemeChoice;
}

/**
 * Read with the session because every signed-in page shows them (its theme, the portfolio's
 * remembered view): one query per request instead of two.
 */
export async function findSessionWithUser(db: Db, id: string): Promise<SessionWithUser | null> {
  const rows = await db.query<SessionWithUser>(
    `SELECT s.id, s.secret_hash, s.user_id, s.expires_at, u.email, u.role, u.approved,
            p.portfolio_view, p.theme
       FROM sessions s JOIN users u ON u.id = s.user_id
       LEFT JOIN user_preferences p ON p.user_id = s.user_id
      WHERE s.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export async function extendSession(db: Db, id: string, expiresAt: Date): Promise<void> {
  await db.query('UPDATE sessions SET expires_at = $2 WHERE id = $1', [id, expiresAt]);
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id = $1', [id]);
}

/** Ends every session of an account but one (a password changed in that session). */
export async function deleteOtherUserSessions(
  db: Db,
  userId: string,
  keepSessionId: string,
): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [userId, keepSessionId]);
}

/** Ends every session of an account (revoked, or its role changed). */
export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
}
