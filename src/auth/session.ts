import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { Db } from '../db/port';
import type { UserPreferences } from '../db/preferences';
import { deleteSession, extendSession, findSessionWithUser, insertSession } from '../db/sessions';
import type { Role } from '../shared/roles';

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
  | { session: Session; user: SessionUser; preferences: UserPreferences; renewed: boolean }
  | { session: null; user: null; preferences: null; renewed: false };

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const TOKEN_PART = new RegExp(`^[${ALPHABET}]{24}$`);

/** 24 characters from a 32-letter alphabet: 120 bits from the platform CSPRNG. */
export function generateSecureRandomString(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  let out = '';
  for (const b of bytes) out += ALPHABET[b >> 3];
  return out;
}

/** SHA-256 of a token's secret part: all the database keeps of a session or reset link. */
export function hashSecret(secret: string): Uint8Array {
  return sha256(new TextEncoder().encode(secret));
}

export async function createSession(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ token: string; session: Session }> {
  const id = generateSecureRandomString();
  const secret = generateSecureRandomString();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await insertSession(db, {
    id,
    secretHash: hashSecret(secret),
    userId,
    createdAt: now,
    expiresAt,
  });
  return { token: `${id}.${secret}`, session: { id, userId, expiresAt } };
}

export async function validateSessionToken(
  db: Db,
  token: string,
  now: Date,
): Promise<SessionValidation> {
  const none = { session: null, user: null, preferences: null, renewed: false } as const;
  const parts = token.split('.');
  // Only our own alphabet reaches the database: a forged NUL byte would make PostgreSQL fail the request.
  if (parts.length !== 2 || !TOKEN_PART.test(parts[0]!) || !TOKEN_PART.test(parts[1]!)) return none;
  const [id, secret] = parts as [string, string];
  const row = await findSessionWithUser(db, id);
  if (!row) return none;
  // Constant time, so the comparison does not leak how much of the secret matched.
  if (!constantTimeEqual(hashSecret(secret), new Uint8Array(row.secret_hash))) return none;
  if (now.getTime() >= row.expires_at.getTime() || !row.approved) {
    await deleteSession(db, id);
    return none;
  }
  let expiresAt = row.expires_at;
  let renewed = false;
  if (expiresAt.getTime() - now.getTime() < RENEW_WHEN_LEFT_MS) {
    expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    await extendSession(db, id, expiresAt);
    renewed = true;
  }
  return {
    session: { id, userId: row.user_id, expiresAt },
    user: { id: row.user_id, email: row.email, role: row.role, approved: row.approved },
    preferences: { portfolioView: row.portfolio_view ?? '', theme: row.theme },
    renewed,
  };
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}

/**
 * Whether the browser reached us over HTTPS: PUBLIC_ORIGIN's scheme when it is set, otherwise
 * the request's own, or the `X-Forwarded-Proto` of a proxy that ended TLS. A browser drops a
 * `Secure` cookie on plain HTTP (a LAN address), so the flag must follow the scheme; a forged
 * header can only make the sender's own cookie Secure.
 */
export function isSecureRequest(c: Context): boolean {
  const publicOrigin = c.var.deps?.config.PUBLIC_ORIGIN;
  if (publicOrigin) return new URL(publicOrigin).protocol === 'https:';
  if (new URL(c.req.url).protocol === 'https:') return true;
  const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return forwarded === 'https';
}

export function setSessionTokenCookie(c: Context, token: string, expiresAt: Date): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: isSecureRequest(c),
    expires: expiresAt,
  });
}

export function deleteSessionTokenCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isSecureRequest(c) });
}
