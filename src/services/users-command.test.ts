import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../tests/helpers/db';
import type { Db } from '../db/port';
import { createUser, getUserByEmail } from '../db/users';
import { runUsersCommand } from './users-command';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  await createUser(db, { email: 'new@agency.test', passwordHash: 'x' });
});
afterAll(() => drop());

describe('npm run users', () => {
  it('lists accounts with their role and approval', async () => {
    const result = await runUsersCommand(db, ['list']);
    expect(result.ok).toBe(true);
    expect(result.output).toMatch(/new@agency\.test\s+user\s+awaiting approval/);
  });

  it('approves, promotes and revokes by email, ending sessions on revoke', async () => {
    expect(await runUsersCommand(db, ['approve', 'NEW@agency.test'])).toEqual({
      ok: true,
      output: 'Approved new@agency.test.',
    });
    expect((await getUserByEmail(db, 'new@agency.test'))!.approved).toBe(true);
    expect((await runUsersCommand(db, ['role', 'new@agency.test', 'admin'])).ok).toBe(true);
    expect((await getUserByEmail(db, 'new@agency.test'))!.role).toBe('admin');
    const user = (await getUserByEmail(db, 'new@agency.test'))!;
    await db.query(
      "INSERT INTO sessions (id, secret_hash, user_id, expires_at) VALUES ('s1', '\\x00', $1, now() + interval '1 day')",
      [user.id],
    );
    expect((await runUsersCommand(db, ['revoke', 'new@agency.test'])).ok).toBe(true);
    expect((await getUserByEmail(db, 'new@agency.test'))!.approved).toBe(false);
    expect(await db.query('SELECT id FROM sessions WHERE user_id = $1', [user.id])).toEqual([]);
  });

  it('says clearly what is wrong with a bad command and changes nothing', async () => {
    expect(await runUsersCommand(db, ['approve', 'ghost@agency.test'])).toEqual({
      ok: false,
      output: 'No account with the email ghost@agency.test.',
    });
    expect(await runUsersCommand(db, ['role', 'new@agency.test', 'owner'])).toEqual({
      ok: false,
      output: 'Unknown role "owner". Roles: admin, staff, user.',
    });
    expect((await runUsersCommand(db, ['delete', 'new@agency.test'])).output).toMatch(
      /^Usage: npm run users/,
    );
    expect((await getUserByEmail(db, 'new@agency.test'))!.role).toBe('admin');
  });
});
