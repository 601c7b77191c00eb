import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/auth/session';
import type { Db } from '../../src/db/port';
import { createUser } from '../../src/db/users';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';

// The last approved admin cannot be taken away (docs/decisions/281), even by two admins acting
// at the same moment: the attack run left no admin in 8 rounds of 8 with mutual revokes. On
// PostgreSQL the requests run on separate connections of the pool.
let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db);
});
afterAll(() => drop());

const approvedAdmins = async () =>
  (
    await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE role = 'admin' AND approved",
    )
  )[0]!.n;

/** An approved admin with a session (made directly: sign-in's hashing is not under test). */
async function admin(email: string) {
  const user = await createUser(db, {
    email,
    passwordHash: 'scrypt$1024$8$1$AAAA$AAAA',
    role: 'admin',
    approved: true,
  });
  const { token } = await createSession(db, user!.id, new Date());
  return { id: user!.id, cookie: `session=${encodeURIComponent(token)}` };
}

async function pairOfAdmins(round: string) {
  // Every earlier admin steps down first, so these two are the only ones.
  await db.query("UPDATE users SET approved = false WHERE role = 'admin'");
  const first = await admin(`first-${round}@agency.test`);
  const second = await admin(`second-${round}@agency.test`);
  expect(await approvedAdmins()).toBe(2);
  return { cookies: [first.cookie, second.cookie], ids: [first.id, second.id] };
}

describe('the last admin', () => {
  for (const [what, body] of [
    ['revoke', { approved: false }],
    ['demote', { role: 'staff' }],
  ] as const)
    it(`survives two admins who ${what} each other at once, in 8 rounds`, async () => {
      const outcomes: number[][] = [];
      for (let round = 0; round < 8; round++) {
        const { cookies, ids } = await pairOfAdmins(`${what}-${round}`);
        const answers = await Promise.all([
          t.request('PATCH', `/api/admin/users/${ids[1]}`, { cookie: cookies[0], body }),
          t.request('PATCH', `/api/admin/users/${ids[0]}`, { cookie: cookies[1], body }),
        ]);
        outcomes.push(answers.map((r) => r.status).sort());
        expect(await approvedAdmins(), `round ${round}`).toBe(1);
        // The other is refused: 409 when both were in flight, 401 when its session had ended.
        const refusal = answers.find((r) => r.status !== 200)!;
        expect([401, 409]).toContain(refusal.status);
        if (refusal.status === 409)
          expect(((await refusal.json()) as { message: string }).message).toBe(
            'The dashboard must keep at least one approved admin: make another account admin first. Nothing was changed.',
          );
      }
      for (const o of outcomes) expect(o[0]).toBe(200);
    });
});
