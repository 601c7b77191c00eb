/**
 * Client retainer room links (docs/decisions/430-client-retainer-room.md): made, listed and
 * revoked by admins, opened by anyone holding the token. Tokens work like the sessions
 * (src/auth/session.ts): 128 bits from the platform's secure random source, stored only as their
 * SHA-256, compared in constant time.
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeBase64urlNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { insertAuditEntry } from '../db/audit';
import type { Db } from '../db/port';
import { getProject } from '../db/projects';
import {
  findShareLinksByLookup,
  getShareLink,
  insertShareLink,
  listShareLinks,
  readRoomProject,
  recordShareLinkOpen,
  revokeShareLink,
  type StoredShareLink,
} from '../db/share-links';
import type { IsoDate } from '../shared/calendar';
import {
  SHARE_TOKEN_PATTERN,
  shareLinkState,
  type ShareLinkJson,
  ROOM_OPENS_PER_WINDOW,
  ROOM_WINDOW_MS,
} from '../shared/share-links';
import type { Actor } from './availability';
import { NotFoundError, ProjectNotFoundError } from './errors';

/** The first bytes of a token's hash, by which its link is found before the full compare. */
const LOOKUP_BYTES = 8;

const hashToken = (token: string) => sha256(new TextEncoder().encode(token));

/** 16 bytes (128 bits) from the platform CSPRNG, as 22 base64url characters. */
export function generateShareToken(): string {
  return encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(16)));
}

export function shareLinkJson(link: StoredShareLink, today: IsoDate): ShareLinkJson {
  return {
    id: link.id,
    label: link.label,
    rolling: link.rolling,
    from: link.from,
    to: link.to,
    expiresAt: link.expiresOn,
    createdAt: link.createdAt.toISOString(),
    createdBy: link.createdBy,
    lastOpenedAt: link.lastOpenedAt?.toISOString() ?? null,
    opens: link.opens,
    revokedAt: link.revokedAt?.toISOString() ?? null,
    state: shareLinkState(link, today),
  };
}

const linkTarget = (project: { id: number; name: string }, link: { label: string }) =>
  `${project.name} (project ${project.id}): ${link.label}`;

export interface NewShareLinkInput {
  label: string;
  expiresAt: IsoDate;
  rolling: boolean;
  from?: IsoDate | undefined;
  to?: IsoDate | undefined;
}

/**
 * Makes a link for a project on the dashboard and records it in the audit log, in one
 * transaction. The token is returned once, here; only its hash is kept.
 */
export async function createShareLink(
  db: Db,
  projectId: number,
  input: NewShareLinkInput,
  actor: Actor,
  now: Date,
): Promise<{ link: StoredShareLink; token: string }> {
  const token = generateShareToken();
  const hash = hashToken(token);
  return db.transaction(async (tx) => {
    const project = await getProject(tx, projectId);
    if (project?.visible !== 1) throw new ProjectNotFoundError(projectId);
    const link = await insertShareLink(tx, {
      projectId,
      tokenLookup: hash.slice(0, LOOKUP_BYTES),
      tokenHash: hash,
      label: input.label,
      rolling: input.rolling,
      from: input.rolling ? null : (input.from ?? null),
      to: input.rolling ? null : (input.to ?? null),
      expiresOn: input.expiresAt,
      createdAt: now,
      createdBy: actor.email,
    });
    await insertAuditEntry(tx, {
      actor,
      kind: 'share-link.create',
      target: linkTarget(project, link),
      summary: `Client link "${link.label}" made, open until ${link.expiresOn}`,
      after: {
        label: link.label,
        rolling: link.rolling,
        from: link.from,
        to: link.to,
        expiresAt: link.expiresOn,
      },
    });
    return { link, token };
  });
}

export async function listProjectShareLinks(
  db: Db,
  projectId: number,
  today: IsoDate,
): Promise<ShareLinkJson[]> {
  const project = await getProject(db, projectId);
  if (project?.visible !== 1) throw new ProjectNotFoundError(projectId);
  return (await listShareLinks(db, projectId)).map((l) => shareLinkJson(l, today));
}

/** Revokes a link for good and records it; a link revoked already is not found. */
export async function revokeProjectShareLink(
  db: Db,
  id: number,
  actor: Actor,
  now: Date,
  today: IsoDate,
): Promise<ShareLinkJson> {
  return db.transaction(async (tx) => {
    const link = await revokeShareLink(tx, id, actor.email, now);
    if (!link) {
      const existing = await getShareLink(tx, id);
      throw new NotFoundError(
        existing
          ? `The client link ${id} was revoked already.`
          : `There is no client link with id ${id}.`,
      );
    }
    const project = await getProject(tx, link.projectId);
    await insertAuditEntry(tx, {
      actor,
      kind: 'share-link.revoke',
      target: linkTarget(project ?? { id: link.projectId, name: 'Removed project' }, link),
      summary: `Client link "${link.label}" revoked`,
      before: { label: link.label, state: 'active' },
      after: { label: link.label, state: 'revoked' },
    });
    return shareLinkJson(link, today);
  });
}

/** A pseudonym of the opener's address: the same address on one link reads the same. */
export function addressHash(linkId: number, address: string): string {
  return encodeHexLowerCase(
    sha256(new TextEncoder().encode(`share-link ${linkId} ${address}`)),
  ).slice(0, 16);
}

/**
 * The link a token opens today, counted and audited as an open; null for a token that is
 * malformed, unknown, revoked, expired, or whose project left the dashboard: all of them are
 * the room's one plain 404. The revocation is read from the database on every open, so it holds
 * in every process at once.
 */
export async function openShareLink(
  db: Db,
  token: string,
  opener: { address: string; now: Date; today: IsoDate },
): Promise<StoredShareLink | null> {
  if (!SHARE_TOKEN_PATTERN.test(token)) return null;
  const hash = hashToken(token);
  const candidates = await findShareLinksByLookup(db, hash.slice(0, LOOKUP_BYTES));
  // Constant time, so the comparison does not leak how much of the hash matched.
  const link = candidates.find((c) => constantTimeEqual(c.tokenHash, hash));
  if (!link || shareLinkState(link, opener.today) !== 'active') return null;
  return db.transaction(async (tx) => {
    const project = await readRoomProject(tx, link.projectId);
    if (!project?.visible) return null;
    if (!(await recordShareLinkOpen(tx, link.id, opener.now))) return null;
    await insertAuditEntry(tx, {
      actor: { id: null, email: 'client link' },
      kind: 'share-link.open',
      target: linkTarget(project, link),
      summary: `Client link "${link.label}" opened`,
      after: { at: opener.now.toISOString(), addressHash: addressHash(link.id, opener.address) },
    });
    const { tokenHash: _hash, ...stored } = link;
    return { ...stored, opens: stored.opens + 1, lastOpenedAt: opener.now };
  });
}

/**
 * Opens per address in a fixed window, in this process's memory: a bulk fetcher is slowed
 * before it costs the database anything, and guesses at tokens (128 bits: hopeless anyway) no
 * faster. Bounded: when it holds too many addresses it starts afresh.
 */
export function createRoomLimiter(
  limit = ROOM_OPENS_PER_WINDOW,
  windowMs = ROOM_WINDOW_MS,
  maxAddresses = 10_000,
) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** Seconds to wait before this address may open again, or null when it may open now. */
    take(address: string, now: number): number | null {
      let w = windows.get(address);
      if (!w || now - w.start >= windowMs) {
        if (!w && windows.size >= maxAddresses) windows.clear();
        w = { start: now, count: 0 };
        windows.set(address, w);
      }
      if (w.count >= limit) return Math.max(1, Math.ceil((w.start + windowMs - now) / 1000));
      w.count++;
      return null;
    },
  };
}
