import { getUserByEmail, listUsers, updateUserAccess } from '../db/users';
import { ROLES, type Role } from '../shared/roles';
import type { Db } from '../db/port';

export const USERS_USAGE = `Usage: npm run users -- <command>
  list                      list every account
  approve <email>           let the account sign in
  revoke <email>            stop the account signing in (ends its sessions)
  role <email> <role>       set the role: ${ROLES.join(', ')}`;

/** The account commands behind `npm run users`, shared by the shell and the running server. */
export async function runUsersCommand(
  db: Db,
  args: readonly string[],
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
    await updateUserAccess(db, user.id, { approved: command === 'approve' });
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
    await updateUserAccess(db, user.id, { role: role as Role });
    return { ok: true, output: `${user.email} is now ${role}.` };
  }
  return { ok: false, output: USERS_USAGE };
}
