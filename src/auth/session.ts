import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { Db } from '../db/port';
import type { Role } from '../db/users';

/** Sessions follow Lucia's current guide: token "<id>.<secret>", only SHA-256(secret) is stored. */
export const SESSION_COOKIE = 'session';
const DAY_MS = 24 * 60 * 60 * 1000;
/** A session ends after 30 days without use; any use in the second half of that window renews it. */
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
const RENEW_WHEN_LEFT_MS = 15 * DAY_MS;

export interface Session {
  id: string;
  userId: string;
  expiresAt: Date;
}
export interface SessionUser {
  id: string;
  email: string;
  role: Role;
  approved: boolean;
}
export type SessionValidation =
  | { session: Session; user: SessionUser; renewed: boolean }
  | { session: null; user: null; renewed: false };

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const TOKEN_PART = new RegExp(`^[${ALPHABET}]{24}$`);

/** 24 characters from a 32-letter alphabet: 120 bits from the platform CSPRNG. */
export function generateSecureRandomString(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  let out = '';
  for (const b of bytes) out += ALPHABET[b >> 3];
  return out;
}

function hashSecret(secret: string): Uint8Array {
  return sha256(new TextEncoder().encode(secret));
}

export async function createSession(db: Db, userId: string, now: Date): Promise<{ token: string; session: Session }> {
  const id = generateSecureRandomString();
  const secret = generateSecureRandomString();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await db.query('INSERT INTO sessions (id, secret_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    id,
    hashSecret(secret),
    userId,
    now,
    expiresAt,
  ]);
  return { token: `${id}.${secret}`, session: { id, userId, expiresAt } };
}

interface SessionRow {
  id: string;
  secret_hash: Uint8Array;
  user_id: string;
  expires_at: Date;
  email: string;
  role: Role;
  approved: boolean;
}

export async function validateSessionToken(db: Db, token: string, now: Date): Promise<SessionValidation> {
  const none = { session: null, user: null, renewed: false } as const;
  const parts = token.split('.');
  // Only our own alphabet reaches the database: a forged NUL byte would make PostgreSQL fail the request.
  if (parts.length !== 2 || !TOKEN_PART.test(parts[0]!) || !TOKEN_PART.test(parts[1]!)) return none;
  const [id, secret] = parts as [string, string];
  const rows = await db.query<SessionRow>(
    `SELECT s.id, s.secret_hash, s.user_id, s.expires_at, u.email, u.role, u.approved
       FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return none;
  // Constant time, so the comparison does not leak how much of the secret matched.
  if (!constantTimeEqual(hashSecret(secret), new Uint8Array(row.secret_hash))) return none;
  if (now.getTime() >= row.expires_at.getTime() || !row.approved) {
    await db.query('DELETE FROM sessions WHERE id = $1', [id]);
    return none;
  }
  let expiresAt = row.expires_at;
  let renewed = false;
  if (expiresAt.getTime() - now.getTime() < RENEW_WHEN_LEFT_MS) {
    expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    await db.query('UPDATE sessions SET expires_at = $2 WHERE id = $1', [id, expiresAt]);
    renewed = true;
  }
  return {
    session: { id, userId: row.user_id, expiresAt },
    user: { id: row.user_id, email: row.email, role: row.role, approved: row.approved },
    renewed,
  };
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id = $1', [sessionId]);
}

export async function invalidateUserSessions(db: Db, userId: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
}

function isLocalhost(c: Context): boolean {
  const host = new URL(c.req.url).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

export function setSessionTokenCookie(c: Context, token: string, expiresAt: Date): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: !isLocalhost(c),
    expires: expiresAt,
  });
}

export function deleteSessionTokenCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: !isLocalhost(c) });
}
