import type { IdentityClaims } from '../auth/oidc';
import type { OidcSettings } from '../shared/oidc-settings';
import type { PasswordHasher } from '../auth/password';
import { createSession, generateSecureRandomString, type Session } from '../auth/session';
import { insertAuditEntry } from '../db/audit';
import { findIdentity, insertIdentity, touchIdentity } from '../db/identities';
import type { Db } from '../db/port';
import { createUser, getUserByEmail, getUserById, normaliseEmail, type User } from '../db/users';
import type { SsoRefusalReason } from '../shared/sso-texts';

/**
 * The account rules of OpenID Connect sign-in (docs/decisions/290): which verified identity
 * becomes which account, approved or waiting, and the audit entry of every outcome.
 */
export interface SsoDeps {
  db: Db;
  passwords: PasswordHasher;
  now: Date;
  settings: OidcSettings;
}

export type SsoOutcome =
  | { ok: true; user: User; token: string; session: Session }
  | { ok: false; reason: Extract<SsoRefusalReason, 'domain' | 'pending' | 'unverified'> };

/** The address the identity signs in as: Entra may give only its user principal name. */
export function identityEmail(settings: OidcSettings, claims: IdentityClaims): string | null {
  const email = claims.email ?? (settings.kind === 'entra' ? claims.preferredUsername : null);
  return email?.includes('@') ? normaliseEmail(email) : null;
}

/**
 * Whether the email is the person's own. Google and generic issuers say so in `email_verified`;
 * Entra ID has no such claim: its tenant manages its members' addresses, so an address from the
 * configured tenant (or one Entra marks domain-verified, `xms_edov`) counts as verified.
 */
export function emailVerified(settings: OidcSettings, claims: IdentityClaims): boolean {
  if (claims.emailVerified) return true;
  if (settings.kind !== 'entra') return false;
  return claims.xmsEdov || (!!claims.tid && claims.tid.toLowerCase() === settings.entraTenant);
}

/**
 * The allowed entry the identity matches, or null: Entra ID through its tenant (`tid`), others
 * through Google's hosted domain (`hd`) or the verified email's domain.
 */
export function matchedDomain(
  settings: OidcSettings,
  claims: IdentityClaims,
  email: string,
): string | null {
  const allowed = settings.allowedDomains;
  if (settings.kind === 'entra') {
    const tid = claims.tid?.toLowerCase();
    return tid && allowed.includes(tid) ? tid : null;
  }
  const hd = claims.hd?.toLowerCase();
  if (hd && allowed.includes(hd)) return hd;
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return allowed.includes(domain) ? domain : null;
}

/** Records a sign-in through the provider that signed nobody in, whatever the reason. */
export async function auditSsoRefusal(
  db: Db,
  settings: OidcSettings,
  who: { id: string | null; email: string },
  why: string,
): Promise<void> {
  await insertAuditEntry(db, {
    actor: who,
    kind: 'account.sso-refused',
    target: who.email,
    summary: `${settings.label} sign-in refused: ${why}`,
  });
}

/** Signs in the verified identity: finds, links or makes its account, then starts a session. */
export async function signInWithIdentity(
  deps: SsoDeps,
  claims: IdentityClaims,
): Promise<SsoOutcome> {
  const { db, settings, now } = deps;
  const label = settings.label;
  const email = identityEmail(settings, claims);
  if (!email || !emailVerified(settings, claims)) {
    await auditSsoRefusal(
      db,
      settings,
      { id: null, email: email ?? `${claims.subject} at ${claims.issuer}` },
      email ? 'email not verified' : 'no email address given',
    );
    return { ok: false, reason: 'unverified' };
  }
  const domain = matchedDomain(settings, claims, email);

  const found = await db.transaction(async (tx) => {
    const identity = await findIdentity(tx, claims.issuer, claims.subject);
    if (identity) {
      const user = await getUserById(tx, identity.userId);
      if (user) return { user, created: false, linked: false };
    }
    let user: User | null = await getUserByEmail(tx, email);
    let created = false;
    if (!user) {
      // An account made here has a password nobody knows; an admin's reset link can give it one.
      const passwordHash = await deps.passwords.hash(generateSecureRandomString());
      user = await createUser(tx, {
        email,
        passwordHash,
        role: settings.defaultRole,
        approved: domain !== null,
      });
      created = user !== null;
      // Made by another sign-in at the same moment: that account is this person's.
      user ??= await getUserByEmail(tx, email);
      if (!user) throw new Error(`the account for ${email} could be neither made nor found`);
    }
    await insertIdentity(tx, {
      issuer: claims.issuer,
      subject: claims.subject,
      userId: user.id,
      email,
      at: now,
    });
    const linked = !created;
    if (linked)
      await insertAuditEntry(tx, {
        actor: { id: user.id, email },
        kind: 'account.sso-link',
        target: email,
        summary: `${label} sign-in linked to the existing account (same verified email)`,
        after: { issuer: claims.issuer, subject: claims.subject },
      });
    return { user, created, linked };
  });

  const { user, created } = found;
  const actor = { id: user.id, email: user.email };
  const made = created
    ? `account created ${user.approved ? `approved (domain ${domain}) as ${user.role}` : 'waiting for approval'}; `
    : '';
  if (!user.approved) {
    await auditSsoRefusal(
      db,
      settings,
      actor,
      `${made}${created ? 'domain not allowed' : 'waiting for approval'}`,
    );
    return { ok: false, reason: created ? 'domain' : 'pending' };
  }
  await touchIdentity(db, { issuer: claims.issuer, subject: claims.subject, email, at: now });
  const { token, session } = await createSession(db, user.id, now);
  await insertAuditEntry(db, {
    actor,
    kind: 'account.sso-sign-in',
    target: user.email,
    summary: `${made}signed in with ${label}`,
    ...(created ? { after: { role: user.role, approved: true } } : {}),
  });
  return { ok: true, user, token, session };
}
