import type { IdentityClaims } from '../auth/oidc';
import type { OidcSettings } from '../shared/oidc-settings';
import type { PasswordHasher } from '../auth/password';
import {
  describeCharacter,
  lookalikeCharacter,
  normaliseDomain,
  normaliseEmail,
} from '../shared/email';
import { MAX_SIGNUPS_PER_ADDRESS, SIGNUP_WINDOW_MS } from '../auth/login-limit';
import { createSession, generateSecureRandomString, type Session } from '../auth/session';
import { insertAuditEntry } from '../db/audit';
import { findIdentity, insertIdentity, touchIdentity } from '../db/identities';
import { claimSignupAttempt } from '../db/login_attempts';
import { deleteUnusedPasswordResets } from '../db/password-resets';
import type { Db } from '../db/port';
import {
  createUser,
  getUserByEmail,
  getUserById,
  markEmailProven,
  takeOverUnprovenAccount,
  type User,
} from '../db/users';
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
  /** The browser's network address: accounts made waiting count against its sign-up limit. */
  clientAddress: string;
}

export type SsoOutcome =
  | { ok: true; user: User; token: string; session: Session }
  | {
      ok: false;
      reason: Extract<SsoRefusalReason, 'domain' | 'pending' | 'unverified' | 'lookalike'>;
    }
  | { ok: false; reason: Extract<SsoRefusalReason, 'signups'>; retryAfterSeconds: number };

/** The address as the provider wrote it: Entra may give only its user principal name. */
function identityAddress(settings: OidcSettings, claims: IdentityClaims): string | null {
  const email = claims.email ?? (settings.kind === 'entra' ? claims.preferredUsername : null);
  return email?.includes('@') ? email : null;
}

/** The address the identity signs in as, in the one form emails are compared in. */
export function identityEmail(settings: OidcSettings, claims: IdentityClaims): string | null {
  const address = identityAddress(settings, claims);
  return address ? normaliseEmail(address) : null;
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
  // A look-alike hosted domain (`o\u212A.test`) is no allowed domain, whatever it folds to.
  const hd = claims.hd && !lookalikeCharacter(claims.hd) ? normaliseDomain(claims.hd) : null;
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

/** What a first sign-in did to an account that already had the identity's email. */
type Link =
  | { kind: 'proven' }
  | { kind: 'taken-over'; before: { approved: boolean; role: User['role'] } };

/**
 * Signs in the verified identity: finds, links or makes its account, then starts a session.
 * An account with the same email is linked only when its email was proven (approved, or signed
 * in before); an unproven one is taken over, its password discarded (docs/decisions/290).
 */
export async function signInWithIdentity(
  deps: SsoDeps,
  claims: IdentityClaims,
): Promise<SsoOutcome> {
  const { db, settings, now } = deps;
  const label = settings.label;
  const address = identityAddress(settings, claims);
  const email = address ? normaliseEmail(address) : null;
  if (!address || !email || !emailVerified(settings, claims)) {
    await auditSsoRefusal(
      db,
      settings,
      { id: null, email: email ?? `${claims.subject} at ${claims.issuer}` },
      email ? 'email not verified' : 'no email address given',
    );
    return { ok: false, reason: 'unverified' };
  }
  const lookalike = lookalikeCharacter(address);
  if (lookalike) {
    await auditSsoRefusal(
      db,
      settings,
      { id: null, email: address },
      `the email has a look-alike character, ${describeCharacter(lookalike)}`,
    );
    return { ok: false, reason: 'lookalike' };
  }
  const domain = matchedDomain(settings, claims, email);

  // An account made waiting counts against its address's sign-up limit, as a password sign-up
  // does; one its domain approves does not (a whole office may join on its first day).
  if (
    domain === null &&
    !(await findIdentity(db, claims.issuer, claims.subject)) &&
    !(await getUserByEmail(db, email))
  ) {
    const claim = await claimSignupAttempt(db, {
      clientAddress: deps.clientAddress,
      now,
      windowMs: SIGNUP_WINDOW_MS,
      limit: MAX_SIGNUPS_PER_ADDRESS,
    });
    if (!claim.ok)
      return { ok: false, reason: 'signups', retryAfterSeconds: claim.retryAfterSeconds };
  }

  const found = await db.transaction(async (tx) => {
    const identity = await findIdentity(tx, claims.issuer, claims.subject);
    if (identity) {
      const user = await getUserById(tx, identity.userId);
      if (user) return { user, created: false, link: null };
    }
    // An account made or taken over here has a password nobody knows; an admin's reset link can
    // give it one.
    const unknownPassword = async () => deps.passwords.hash(generateSecureRandomString());
    let existing = await getUserByEmail(tx, email);
    let user: User | null = null;
    let created = false;
    if (!existing) {
      user = await createUser(tx, {
        email,
        passwordHash: await unknownPassword(),
        role: settings.defaultRole,
        approved: domain !== null,
      });
      created = user !== null;
      // Made by another sign-in at the same moment: that account is this person's.
      if (!user) existing = await getUserByEmail(tx, email);
      if (!user && !existing)
        throw new Error(`the account for ${email} could be neither made nor found`);
    }
    let link: Link | null = null;
    if (existing) {
      if (!existing.emailProvenAt) {
        user = await takeOverUnprovenAccount(tx, existing.id, {
          passwordHash: await unknownPassword(),
          role: settings.defaultRole,
          approved: domain !== null,
          at: now,
        });
        if (user) {
          await deleteUnusedPasswordResets(tx, user.id);
          link = {
            kind: 'taken-over',
            before: { approved: existing.approved, role: existing.role },
          };
        }
      }
      // Proven (or proven meanwhile, by an admin's approval): linked as it is.
      user ??= await getUserById(tx, existing.id);
      link ??= { kind: 'proven' };
    }
    if (!user) throw new Error(`the account for ${email} was removed during the sign-in`);
    await insertIdentity(tx, {
      issuer: claims.issuer,
      subject: claims.subject,
      userId: user.id,
      email,
      at: now,
    });
    // The provider vouched for the address.
    await markEmailProven(tx, user.id, now);
    if (link?.kind === 'proven')
      await insertAuditEntry(tx, {
        actor: { id: user.id, email },
        kind: 'account.sso-link',
        target: email,
        summary: `${label} sign-in linked to the existing account (same verified email)`,
        after: { issuer: claims.issuer, subject: claims.subject },
      });
    if (link?.kind === 'taken-over')
      await insertAuditEntry(tx, {
        actor: { id: user.id, email },
        kind: 'account.sso-link',
        target: email,
        summary: `${label} sign-in took over the waiting account of the same email, which nobody had proven: the password it was signed up with was discarded${
          user.approved ? `; approved (domain ${domain}) as ${user.role}` : ''
        }`,
        before: { ...link.before, password: 'set at sign-up' },
        after: {
          approved: user.approved,
          role: user.role,
          password: 'discarded',
          issuer: claims.issuer,
          subject: claims.subject,
        },
      });
    return { user, created, link };
  });

  const { user, created, link } = found;
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
    ...(created || link?.kind === 'taken-over'
      ? { after: { role: user.role, approved: true } }
      : {}),
  });
  return { ok: true, user, token, session };
}
