import {
  getUserByEmail,
  getUserById,
  listUsers,
  lockAccountAccess,
  updateUserAccess,
  type User,
} from '../db/users';
import { ROLES, type Role } from '../shared/roles';
import type { Db } from '../db/port';
import type { Actor } from './availability';
import { auditAccessChange } from './users';

export const USERS_USAGE = `Usage: npm run users -- <command>
  list                      list every account
  approve <email>           let the account sign in
  revoke <email>            stop the account signing in (ends its sessions)
  role <email> <role>       set the role: ${ROLES.join(', ')}`;

/** A shell user's name as the audit log takes it: letters, digits and . _ @ $ -, at most 100. */
export const SHELL_USER_NAME = /^[\p{L}\p{N}._@$-]{0,100}$/u;

/**
 * Who the audit log names for a change made with `npm run users`: the command and the shell's
 * user, since no account signed in made it. An admin searching the log by person finds it as
 * "npm run users".
 */
export const usersCommandActor = (shellUser: string): Actor => ({
  id: null,
  email: `npm run users (${shellUser || 'unknown shell user'})`,
});

/** An approval or role change, with its audit entry in the same transaction. */
const changeAccess = (
  db: Db,
  actor: Actor,
  user: User,
  change: { approved?: boolean; role?: Role },
): Promise<void> =>
  db.transaction(async (tx) => {
    // Under the Users screen's lock, so the entry's "before" is what this change replaced.
    await lockAccountAccess(tx);
    const before = await getUserById(tx, user.id);
    const after = await updateUserAccess(tx, user.id, change);
    if (before && after) await auditAccessChange(tx, actor, before, after);
  });

/**
 * The account commands behind `npm run users`, shared by the shell and the running server. Every
 * change is in the audit log under `actor` (usersCommandActor). Unlike the Users screen it may
 * revoke the last admin: the shell is where access is mended when no admin can sign in.
 */
export async function runUsersCommand(
  db: Db,
  args: readonly string[],
  actor: Actor,
): Promise<{ ok: boolean; output: string }> {
  const [command, email, role] = args;
  if (command === 'list') {
    const users = await listUsers(db);
    if (users.length === 0) return { ok: true, output: 'No accounts yet.' };
    const lines = users.map(
      (u) =>
        `${u.email.padEnd(40)} ${u.role.padEnd(6)} ${u.approved ? 'approved' : 'awaiting approval'}`,
    );
    return { ok: true, output: lines.join('\n') };
  }
  if ((command === 'approve' || command === 'revoke') && email && args.length === 2) {
    const user = await getUserByEmail(db, email);
    if (!user) return { ok: false, output: `No account with the email ${email}.` };
    await changeAccess(db, actor, user, { approved: command === 'approve' });
    return {
      ok: true,
      output:
        command === 'approve'
          ? `Approved ${user.email}.`
          : `Revoked ${user.email}; their sessions have ended.`,
    };
  }
  if (command === 'role' && email && role && args.length === 3) {
    if (!(ROLES as readonly string[]).includes(role))
      return { ok: false, output: `Unknown role "${role}". Roles: ${ROLES.join(', ')}.` };
    const user = await getUserByEmail(db, email);
    if (!user) return { ok: false, output: `No account with the email ${email}.` };
    await changeAccess(db, actor, user, { role: role as Role });
    return { ok: true, output: `${user.email} is now ${role}.` };
  }
  return { ok: false, output: USERS_USAGE };
}
