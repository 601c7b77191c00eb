import type { Db } from './port';
import type { Role } from '../shared/roles';
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

/** Emails are compared case-insensitively: they are stored trimmed and lower-cased. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function getUserByEmail(
  db: Db,
  email: string,
): Promise<(User & { passwordHash: string }) | null> {
  const rows = await db.query<UserRow & { password: string }>(
    'SELECT id, email, role, approved, created_at, password FROM users WHERE email = $1',
    [normaliseEmail(email)],
  );
  const row = rows[0];
  return row ? { ...toUser(row), passwordHash: row.password } : null;
}

/** Creates an account; returns null when the email is taken. */
export async function createUser(
  db: Db,
  input: { email: string; passwordHash: string; role?: Role; approved?: boolean },
): Promise<User | null> {
  const rows = await db.query<UserRow>(
    `INSERT INTO users (email, password, role, approved) VALUES ($1, $2, $3, $4)
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
    const rows = await tx.query<UserRow>(
      'UPDATE users SET approved = $2, role = $3 WHERE id = $1 RETURNING id, email, role, approved, created_at',
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
