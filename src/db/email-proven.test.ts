import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../tests/helpers/db';
import { insertAuditEntry } from './audit';
import { insertIdentity } from './identities';
import { migrations } from './migrations';
import type { Db } from './port';
import {
  createUser,
  getUserByEmail,
  markEmailProven,
  takeOverUnprovenAccount,
  updateUserAccess,
} from './users';

/** Which accounts count as proven, before and after sql/0100 (docs/decisions/290, "Linking"). */
let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
});
afterAll(() => drop());

const proven = async (email: string) => (await getUserByEmail(db, email))!.emailProvenAt !== null;
const make = async (email: string, approved = false) =>
  (await createUser(db, { email, passwordHash: 'x', approved }))!;

describe('an account whose email is proven', () => {
  it('is one made approved, or approved later; a sign-up waiting is not', async () => {
    await make('made-approved@agency.test', true);
    const waiting = await make('waiting@agency.test');
    expect(await proven('made-approved@agency.test')).toBe(true);
    expect(await proven('waiting@agency.test')).toBe(false);
    await updateUserAccess(db, waiting.id, { role: 'staff' });
    expect(await proven('waiting@agency.test')).toBe(false);
    await updateUserAccess(db, waiting.id, { approved: true });
    await updateUserAccess(db, waiting.id, { approved: false });
    // Revoked, but its holder was vouched for once: a provider's sign-in links, never takes over.
    expect(await proven('waiting@agency.test')).toBe(true);
  });

  it('is not taken over once proven, even by a sign-in racing an approval', async () => {
    const user = await make('race@agency.test');
    await markEmailProven(db, user.id, new Date());
    expect(
      await takeOverUnprovenAccount(db, user.id, {
        passwordHash: 'y',
        role: 'user',
        approved: true,
        at: new Date(),
      }),
    ).toBeNull();
    expect((await getUserByEmail(db, 'race@agency.test'))!.passwordHash).toBe('x');
  });
});

describe('sql/0100 on accounts made before it', () => {
  it('marks proven the approved, the linked and the ones acted on, and ends look-alike sessions', async () => {
    const m0100 = migrations.find((m) => m.name === '0100_email_proven')!;
    const approved = await make('old-approved@agency.test', true);
    const linked = await make('old-linked@agency.test');
    await insertIdentity(db, {
      issuer: 'https://issuer.test',
      subject: 'old-linked',
      userId: linked.id,
      email: 'old-linked@agency.test',
      at: new Date(),
    });
    const revoked = await make('old-revoked@agency.test');
    await insertAuditEntry(db, {
      actor: { id: approved.id, email: approved.email },
      kind: 'account.access',
      target: revoked.email,
      summary: 'Revoked',
    });
    await make('old-waiting@agency.test');
    // Stored by the former lower-casing from a provider's fullwidth address.
    const lookalike = await db.query<{ id: string }>(
      "INSERT INTO users (email, password) VALUES ('ｋim@agency.test', 'x') RETURNING id",
    );
    await db.query(
      "INSERT INTO sessions (id, secret_hash, user_id, expires_at) VALUES ('s-lookalike', '\\x00', $1, now() + interval '1 day'), ('s-plain', '\\x00', $2, now() + interval '1 day')",
      [lookalike[0]!.id, approved.id],
    );

    // As the database was before 0100, then 0100 itself.
    await db.exec('ALTER TABLE users DROP COLUMN email_proven_at');
    await db.exec(m0100.sql);

    expect(await proven('old-approved@agency.test')).toBe(true);
    expect(await proven('old-linked@agency.test')).toBe(true);
    expect(await proven('old-revoked@agency.test')).toBe(true);
    expect(await proven('old-waiting@agency.test')).toBe(false);
    expect(await db.query('SELECT id FROM sessions ORDER BY id')).toEqual([{ id: 's-plain' }]);
    // Kept in its own form: folding it would merge it into the address it imitates.
    expect(await db.query("SELECT 1 FROM users WHERE email = 'ｋim@agency.test'")).toHaveLength(1);
  });
});
