import type { Db } from './port';
import type { Role } from '../shared/roles';
import { normaliseEmail } from '../shared/email';
import { deleteUserSessions } from './sessions';

/** A user as the app shows it; the password hash never leaves this module's callers on the server. */
export interface User {
  id: string;
  email: string;
  role: Role;
  approved: boolean;
  createdAt: Date;
}

interface UserRow {
  id: string;
  email: string;
  role: Role;
  approved: boolean;
  created_at: Date;
}
const toUser = (r: UserRow): User => ({
  id: r.id,
  email: r.email,
  role: r.role,
  approved: r.approved,
  createdAt: r.created_at,
});

/** The account with this email (in its normalised form), with what sign-in needs to know. */
export async function getUserByEmail(
  db: Db,
  email: string,
): Promise<(User & { passwordHash: string; emailProvenAt: Date | null }) | null> {
  const rows = await db.query<UserRow & { password: string; email_proven_at: Date | null }>(
    `SELECT id, email, role, approved, created_at, password, email_proven_at
       FROM users WHERE email = $1`,
    [normaliseEmail(email)],
  );
  const row = rows[0];
  return row
    ? { ...toUser(row), passwordHash: row.password, emailProvenAt: row.email_proven_at }
    : null;
}

/**
 * Creates an account; returns null when the email is taken. One made approved (by an admin, or
 * by its provider's domain) has its email proven from the start (docs/decisions/290).
 */
export async function createUser(
  db: Db,
  input: { email: string; passwordHash: string; role?: Role; approved?: boolean },
): Promise<User | null> {
  const rows = await db.query<UserRow>(
    `INSERT INTO users (email, password, role, approved, email_proven_at)
     VALUES ($1, $2, $3, $4, CASE WHEN $4 THEN now() END)
     ON CONFLICT (email) DO NOTHING
     RETURNING id, email, role, approved, created_at`,
    [
      normaliseEmail(input.email),
      input.passwordHash,
      input.role ?? 'user',
      input.approved ?? false,
    ],
  );
  return rows[0] ? toUser(rows[0]) : null;
}

/**
 * Records that the account's email is its holder's: a sign-in succeeded on it, or an OpenID
 * provider vouched for it. The first time counts; later ones change nothing.
 */
export async function markEmailProven(db: Db, id: string, at: Date): Promise<void> {
  await db.query(
    'UPDATE users SET email_proven_at = $2 WHERE id = $1 AND email_proven_at IS NULL',
    [id, at],
  );
}

/**
 * Single sign-on reaching an account whose email nobody proved (a password sign-up waiting for
 * approval): the account becomes the provider's person's, as if made now. The password someone
 * else chose is replaced, and the role and approval are a new account's; the caller ends its
 * unused reset links. Null when the account was proven meanwhile (an admin approved it): it is
 * then linked as it is (docs/decisions/290, "Linking").
 */
export async function takeOverUnprovenAccount(
  tx: Db,
  id: string,
  change: { passwordHash: string; role: Role; approved: boolean; at: Date },
): Promise<User | null> {
  const rows = await tx.query<UserRow>(
    `UPDATE users SET password = $2, role = $3, approved = $4, email_proven_at = $5
      WHERE id = $1 AND email_proven_at IS NULL
      RETURNING id, email, role, approved, created_at`,
    [id, change.passwordHash, change.role, change.approved, change.at],
  );
  if (!rows[0]) return null;
  await deleteUserSessions(tx, id);
  return toUser(rows[0]);
}

export async function listUsers(db: Db): Promise<User[]> {
  const rows = await db.query<UserRow>(
    'SELECT id, email, role, approved, created_at FROM users ORDER BY created_at, email',
  );
  return rows.map(toUser);
}

export async function getUserById(db: Db, id: string): Promise<User | null> {
  const rows = await db.query<UserRow>(
    'SELECT id, email, role, approved, created_at FROM users WHERE id = $1',
    [id],
  );
  return rows[0] ? toUser(rows[0]) : null;
}

/**
 * Serialises every change of who is an admin until the transaction ends (an advisory lock, on
 * PGlite and PostgreSQL alike), so two admins revoking each other at once are checked one
 * after the other (docs/decisions/281).
 */
export async function lockAccountAccess(tx: Db): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('account-access', 0))");
}

/** Approved admins other than the given account, as committed now. */
export async function countOtherApprovedAdmins(db: Db, exceptId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM users WHERE role = 'admin' AND approved AND id <> $1",
    [exceptId],
  );
  return Number(row!.n);
}

/**
 * Approves, revokes or changes the role of an account. Revoking or changing the role ends
 * every session of that account, so the new rights apply at once.
 */
export async function updateUserAccess(
  db: Db,
  id: string,
  change: { approved?: boolean; role?: Role },
): Promise<User | null> {
  return db.transaction(async (tx) => {
    const before = await getUserById(tx, id);
    if (!before) return null;
    const approved = change.approved ?? before.approved;
    const role = change.role ?? before.role;
    // An approval proves the email: the admin vouched for the account's holder.
    const rows = await tx.query<UserRow>(
      `UPDATE users SET approved = $2, role = $3,
              email_proven_at = CASE WHEN $2 THEN coalesce(email_proven_at, now()) ELSE email_proven_at END
        WHERE id = $1 RETURNING id, email, role, approved, created_at`,
      [id, approved, role],
    );
    if (!approved || role !== before.role) {
      await deleteUserSessions(tx, id);
    }
    return toUser(rows[0]!);
  });
}

/** The stored password hash of an account, or null for an unknown id. */
export async function getPasswordHashById(db: Db, id: string): Promise<string | null> {
  const rows = await db.query<{ password: string }>('SELECT password FROM users WHERE id = $1', [
    id,
  ]);
  return rows[0]?.password ?? null;
}

/** Replaces an account's password hash; false for an unknown id. */
export async function setPasswordHash(db: Db, id: string, passwordHash: string): Promise<boolean> {
  const rows = await db.query('UPDATE users SET password = $2 WHERE id = $1 RETURNING id', [
    id,
    passwordHash,
  ]);
  return rows.length > 0;
}
