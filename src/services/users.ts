import { insertAuditEntry } from '../db/audit';
import type { Db } from '../db/port';
import {
  countOtherApprovedAdmins,
  getUserById,
  lockAccountAccess,
  updateUserAccess,
  type User,
} from '../db/users';
import type { Role } from '../shared/roles';
import type { Actor } from './availability';
import { BadInputError, ConflictError, NotFoundError } from './errors';

/** An account as the Users screen and its calls show it. */
export const toUserJson = (u: User) => ({
  id: u.id,
  email: u.email,
  role: u.role,
  approved: u.approved,
  createdAt: u.createdAt.toISOString(),
});

export const LAST_ADMIN =
  'The dashboard must keep at least one approved admin: make another account admin first. Nothing was changed.';

/**
 * Records an account's change of approval or role in the audit log, when there was one. Call it
 * with the transaction that makes the change. The Users screen and `npm run users` both use it.
 */
export async function auditAccessChange(
  tx: Db,
  actor: Actor,
  before: Pick<User, 'approved' | 'role'>,
  after: User,
): Promise<void> {
  if (before.approved === after.approved && before.role === after.role) return;
  await insertAuditEntry(tx, {
    actor,
    kind: 'account.access',
    target: after.email,
    summary: [
      before.approved !== after.approved ? (after.approved ? 'Approved' : 'Revoked') : '',
      before.role !== after.role ? `Role ${before.role} → ${after.role}` : '',
    ]
      .filter(Boolean)
      .join('; '),
    before: { approved: before.approved, role: before.role },
    after: { approved: after.approved, role: after.role },
  });
}

/**
 * An admin approves, revokes or changes the role of an account, with its audit entry. Nobody
 * revokes or demotes themselves, and the last approved admin cannot be taken away: the check
 * and the change run under one lock, so concurrent changes cannot each leave the other as the
 * last admin and then remove it (docs/decisions/281).
 */
export async function changeUserAccess(
  db: Db,
  actor: Actor,
  id: string,
  change: { approved?: boolean; role?: Role },
): Promise<User> {
  if (id === actor.id && (change.approved === false || (change.role && change.role !== 'admin')))
    throw new BadInputError('You cannot revoke your own access or remove your own admin role.');
  const user = await db.transaction(async (tx) => {
    await lockAccountAccess(tx);
    const before = await getUserById(tx, id);
    if (!before) return null;
    const staysAdmin =
      (change.approved ?? before.approved) && (change.role ?? before.role) === 'admin';
    if (before.role === 'admin' && before.approved && !staysAdmin)
      if ((await countOtherApprovedAdmins(tx, id)) === 0) throw new ConflictError(LAST_ADMIN);
    const after = await updateUserAccess(tx, id, change);
    if (after) await auditAccessChange(tx, actor, before, after);
    return after;
  });
  if (!user) throw new NotFoundError('No such user.');
  return user;
}
