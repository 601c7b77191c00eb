import type { Db } from './port';

/** A sign-in under way at the OpenID provider (sql/0080): what the callback must check. */
export interface OidcLogin {
  id: string;
  secretHash: Uint8Array;
  state: string;
  nonce: string;
  codeVerifier: string;
  expiresAt: Date;
  /** The sign-in attempt it counts as (src/db/login_attempts.ts), forgiven once it signs in. */
  attemptId: number | null;
}

/** Stores a started sign-in, clearing those that ran out (they are never finished). */
export async function insertOidcLogin(db: Db, l: OidcLogin, now: Date): Promise<void> {
  await db.query('DELETE FROM oidc_logins WHERE expires_at < $1', [now]);
  await db.query(
    `INSERT INTO oidc_logins (id, secret_hash, state, nonce, code_verifier, expires_at, attempt_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [l.id, l.secretHash, l.state, l.nonce, l.codeVerifier, l.expiresAt, l.attemptId],
  );
}

/** Removes and returns a started sign-in, so each can be finished at most once. */
export async function takeOidcLogin(db: Db, id: string): Promise<OidcLogin | null> {
  const rows = await db.query<{
    id: string;
    secret_hash: Uint8Array;
    state: string;
    nonce: string;
    code_verifier: string;
    expires_at: Date;
    attempt_id: number | null;
  }>(
    `DELETE FROM oidc_logins WHERE id = $1
     RETURNING id, secret_hash, state, nonce, code_verifier, expires_at, attempt_id`,
    [id],
  );
  const r = rows[0];
  return r
    ? {
        id: r.id,
        secretHash: new Uint8Array(r.secret_hash),
        state: r.state,
        nonce: r.nonce,
        codeVerifier: r.code_verifier,
        expiresAt: r.expires_at,
        attemptId: r.attempt_id === null ? null : Number(r.attempt_id),
      }
    : null;
}
