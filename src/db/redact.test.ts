import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../tests/helpers/db';
import type { Db } from './port';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
});
afterAll(() => drop());

describe('database errors in logs', () => {
  it('keep the message and the SQL but not the parameters', async () => {
    const secret = 'hunter2-secret-token';
    const error = await db
      .query('INSERT INTO users (email, password, role) VALUES ($1, $2, $3)', [
        'someone@agency.test',
        secret,
        'no-such-role',
      ])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const logged = inspect(error, { depth: 5 });
    expect(logged).toMatch(/role|check|constraint|invalid/i);
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('someone@agency.test');
  });
});
