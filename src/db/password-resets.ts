import type { Db } from './port';

/** A one-time reset link as stored: only the hash of its secret (docs/decisions/167). */
export interface PasswordReset {
  id: string;
  secretHash: Uint8Array;
  userId: string;
  expiresAt: Date;
  usedAt: Date | null;
}

/** Ends the account's links not used yet. */
export async function deleteUnusedPasswordResets(tx: Db, userId: string): Promise<void> {
  await tx.query('DELETE FROM password_resets WHERE user_id = $1 AND used_at IS NULL', [userId]);
}

/** Stores a new link for the account, replacing its links not used yet. */
export async function insertPasswordReset(
  tx: Db,
  r: { id: string; secretHash: Uint8Array; userId: string; createdBy: string; expiresAt: Date },
): Promise<void> {
  await deleteUnusedPasswordResets(tx, r.userId);
  await tx.query(
    `INSERT INTO password_resets (id, secret_hash, user_id, created_by, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [r.id, r.secretHash, r.userId, r.createdBy, r.expiresAt],
  );
}

/** The link with this id, locked until the transaction ends, so it can be used only once. */
export function lockPasswordReset(tx: Db, id: string): Promise<PasswordReset | null> {
  return readPasswordReset(tx, id, true);
}

/** The link with this id as stored now, without a lock (to refuse a bad link before hashing). */
export function getPasswordReset(db: Db, id: string): Promise<PasswordReset | null> {
  return readPasswordReset(db, id, false);
}

async function readPasswordReset(
  tx: Db,
  id: string,
  forUpdate: boolean,
): Promise<PasswordReset | null> {
  const rows = await tx.query<{
    id: string;
    secret_hash: Uint8Array;
    user_id: string;
    expires_at: Date;
    used_at: Date | null;
  }>(
    `SELECT id, secret_hash, user_id, expires_at, used_at FROM password_resets WHERE id = $1${
      forUpdate ? ' FOR UPDATE' : ''
    }`,
    [id],
  );
  const r = rows[0];
  return r
    ? {
        id: r.id,
        secretHash: new Uint8Array(r.secret_hash),
        userId: r.user_id,
        expiresAt: r.expires_at,
        usedAt: r.used_at,
      }
    : null;
}

export async function markPasswordResetUsed(tx: Db, id: string, at: Date): Promise<void> {
  await tx.query('UPDATE password_resets SET used_at = $2 WHERE id = $1', [id, at]);
}
