import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../tests/helpers/db';
import type { Db } from '../db/port';
import { createUser, getUserByEmail } from '../db/users';
import { listAuditEntries } from '../db/audit';
import { runUsersCommand, usersCommandActor } from './users-command';

const actor = usersCommandActor('alice');
const auditOf = async (email: string) =>
  (await listAuditEntries(db, { timeZone: 'UTC', limit: 50 }))
    .filter((e) => e.target === email)
    .map((e) => ({ by: e.actorEmail, kind: e.kind, summary: e.summary }))
    .reverse();

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  await createUser(db, { email: 'new@agency.test', passwordHash: 'x' });
});
afterAll(() => drop());

describe('npm run users', () => {
  it('lists accounts with their role and approval', async () => {
    const result = await runUsersCommand(db, ['list'], actor);
    expect(result.ok).toBe(true);
    expect(result.output).toMatch(/new@agency\.test\s+user\s+awaiting approval/);
  });

  it('approves, promotes and revokes by email, ending sessions on revoke', async () => {
    expect(await runUsersCommand(db, ['approve', 'NEW@agency.test'], actor)).toEqual({
      ok: true,
      output: 'Approved new@agency.test.',
    });
    expect((await getUserByEmail(db, 'new@agency.test'))!.approved).toBe(true);
    expect((await runUsersCommand(db, ['role', 'new@agency.test', 'admin'], actor)).ok).toBe(true);
    expect((await getUserByEmail(db, 'new@agency.test'))!.role).toBe('admin');
    const user = (await getUserByEmail(db, 'new@agency.test'))!;
    await db.query(
      "INSERT INTO sessions (id, secret_hash, user_id, expires_at) VALUES ('s1', '\\x00', $1, now() + interval '1 day')",
      [user.id],
    );
    expect((await runUsersCommand(db, ['revoke', 'new@agency.test'], actor)).ok).toBe(true);
    expect((await getUserByEmail(db, 'new@agency.test'))!.approved).toBe(false);
    expect(await db.query('SELECT id FROM sessions WHERE user_id = $1', [user.id])).toEqual([]);
  });

  it('puts every change in the audit log under the command and the shell user, and no-ops not', async () => {
    await createUser(db, { email: 'audited@agency.test', passwordHash: 'x' });
    await runUsersCommand(db, ['approve', 'audited@agency.test'], actor);
    await runUsersCommand(db, ['approve', 'audited@agency.test'], actor);
    await runUsersCommand(db, ['role', 'audited@agency.test', 'staff'], actor);
    await runUsersCommand(db, ['revoke', 'audited@agency.test'], actor);
    await runUsersCommand(db, ['role', 'audited@agency.test', 'owner'], actor);
    const by = 'npm run users (alice)';
    expect(await auditOf('audited@agency.test')).toEqual([
      { by, kind: 'account.access', summary: 'Approved' },
      { by, kind: 'account.access', summary: 'Role user → staff' },
      { by, kind: 'account.access', summary: 'Revoked' },
    ]);
  });

  it('says clearly what is wrong with a bad command and changes nothing', async () => {
    expect(await runUsersCommand(db, ['approve', 'ghost@agency.test'], actor)).toEqual({
      ok: false,
      output: 'No account with the email ghost@agency.test.',
    });
    expect(await runUsersCommand(db, ['role', 'new@agency.test', 'owner'], actor)).toEqual({
      ok: false,
      output: 'Unknown role "owner". Roles: admin, staff, user.',
    });
    expect((await runUsersCommand(db, ['delete', 'new@agency.test'], actor)).output).toMatch(
      /^Usage: npm run users/,
    );
    expect((await getUserByEmail(db, 'new@agency.test'))!.role).toBe('admin');
  });
});
