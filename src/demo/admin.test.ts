import { testPasswords as passwords } from '../../tests/helpers/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../tests/helpers/db';
import { loadConfig } from '../config';
import type { Db } from '../db/port';
import { getUserByEmail, updateUserAccess } from '../db/users';
import { demoCredentialsProblem, ensureDemoAdmin, isFullDemo } from './admin';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
});
afterAll(() => drop());

const REAL_FORECAST = { FORECAST_API_KEY: 'a-real-key' };

describe('the demo admin', () => {
  it('exists only in full demo mode: both services demo and the embedded database', () => {
    expect(isFullDemo(loadConfig({}))).toBe(true);
    expect(isFullDemo(loadConfig(REAL_FORECAST))).toBe(false);
    expect(isFullDemo(loadConfig({ DATABASE_URL: 'postgres://db.example/x' }))).toBe(false);
    expect(
      isFullDemo(
        loadConfig({
          JIRA_BASE_URL: 'https://a.atlassian.net',
          JIRA_EMAIL: 'a@b.c',
          JIRA_API_TOKEN: 't',
        }),
      ),
    ).toBe(false);
  });

  it('is made once and never re-approved or re-promoted after an admin revoked it', async () => {
    const config = loadConfig({});
    expect(await ensureDemoAdmin(db, config, passwords)).toBe('created');
    const made = (await getUserByEmail(db, config.DEMO_ADMIN_EMAIL))!;
    expect(made).toMatchObject({ role: 'admin', approved: true });
    await updateUserAccess(db, made.id, { approved: false, role: 'user' });
    // The next start.
    expect(await ensureDemoAdmin(db, config, passwords)).toBe('kept');
    expect(await getUserByEmail(db, config.DEMO_ADMIN_EMAIL)).toMatchObject({
      role: 'user',
      approved: false,
    });
  });
});

describe('demo credentials on real data', () => {
  it('is no problem in full demo mode', async () => {
    expect(await demoCredentialsProblem(db, loadConfig({}), {}, passwords)).toBeNull();
  });

  it('refuses the demo password given in production on real data', async () => {
    const env = { ...REAL_FORECAST, NODE_ENV: 'production', DEMO_ADMIN_PASSWORD: 'some-password' };
    expect(await demoCredentialsProblem(db, loadConfig(env), env, passwords)).toMatch(
      /DEMO_ADMIN_PASSWORD is set/,
    );
  });

  it('names a demo admin left from a demo run that still signs in with the demo password', async () => {
    const config = loadConfig(REAL_FORECAST);
    const account = (await getUserByEmail(db, config.DEMO_ADMIN_EMAIL))!;
    // Revoked (above): harmless.
    expect(await demoCredentialsProblem(db, config, REAL_FORECAST, passwords)).toBeNull();
    await updateUserAccess(db, account.id, { approved: true });
    expect(await demoCredentialsProblem(db, config, REAL_FORECAST, passwords)).toMatch(
      /admin@demo\.agency still signs in with the demo password/,
    );
    // Its password changed: no longer a problem.
    await db.query('UPDATE users SET password = $2 WHERE id = $1', [
      account.id,
      await passwords.hash('a private passphrase of its own'),
    ]);
    expect(await demoCredentialsProblem(db, config, REAL_FORECAST, passwords)).toBeNull();
  });
});
