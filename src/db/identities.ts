import type { Db } from './port';

/** An account's identity at an OpenID issuer (sql/0080). */
export interface Identity {
  issuer: string;
  subject: string;
  userId: string;
}

export async function findIdentity(
  db: Db,
  issuer: string,
  subject: string,
): Promise<Identity | null> {
  const rows = await db.query<{ user_id: string }>(
    'SELECT user_id FROM user_identities WHERE issuer = $1 AND subject = $2',
    [issuer, subject],
  );
  return rows[0] ? { issuer, subject, userId: rows[0].user_id } : null;
}

/** Links an identity to an account; false when the identity is already linked. */
export async function insertIdentity(
  tx: Db,
  i: Identity & { email: string; at: Date },
): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO user_identities (issuer, subject, user_id, email, created_at, last_sign_in_at)
     VALUES ($1, $2, $3, $4, $5, $5)
     ON CONFLICT (issuer, subject) DO NOTHING
     RETURNING user_id`,
    [i.issuer, i.subject, i.userId, i.email, i.at],
  );
  return rows.length > 0;
}

export async function touchIdentity(
  db: Db,
  i: { issuer: string; subject: string; email: string; at: Date },
): Promise<void> {
  await db.query(
    'UPDATE user_identities SET email = $3, last_sign_in_at = $4 WHERE issuer = $1 AND subject = $2',
    [i.issuer, i.subject, i.email, i.at],
  );
}
