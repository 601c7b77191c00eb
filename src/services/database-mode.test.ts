import { testPasswords as passwords } from '../../tests/helpers/app';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../tests/helpers/db';
import { loadConfig } from '../config';
import { getDatabaseMode } from '../db/database-mode';
import type { Db } from '../db/port';
import { countProjects } from '../db/projects';
import { createUser, getUserByEmail } from '../db/users';
import { ensureDemoAdmin } from '../demo/admin';
import { seedDemoDashboard } from '../demo/seed';
import { createDemoSpine } from '../mocks/agency/spine';
import { checkDatabaseMode, DatabaseModeError } from './database-mode';
import { createIntegrations } from './integrations';

const DEMO = loadConfig({});
const REAL = loadConfig({
  JIRA_BASE_URL: 'https://acme.atlassian.net',
  JIRA_EMAIL: 'ops@acme.test',
  JIRA_API_TOKEN: 'token',
  FORECAST_API_KEY: 'key',
});

let db: Db;
let drop: () => Promise<void>;
beforeEach(async () => {
  ({ db, drop } = await createTestDb());
});
afterEach(() => drop());

describe('the database knows what it holds', () => {
  it('records real mode with its sites at the first start, and refuses demo mode after', async () => {
    await checkDatabaseMode(db, REAL);
    expect(await getDatabaseMode(db)).toMatchObject({
      mode: 'real',
      jiraSite: 'https://acme.atlassian.net',
      forecastBase: 'https://api.forecast.it',
    });
    const refusal = await checkDatabaseMode(db, DEMO).catch((e: Error) => e);
    expect(refusal).toBeInstanceOf(DatabaseModeError);
    const message = (refusal as Error).message;
    expect(message).toContain(
      'real data (Jira https://acme.atlassian.net, Forecast https://api.forecast.it)',
    );
    expect(message).toContain('in demo mode');
    expect(message).toContain('npm run reset-demo');
    // The same sites again start as before.
    await expect(checkDatabaseMode(db, REAL)).resolves.toMatchObject({ mode: 'real' });
  });

  it('refuses real credentials on a demo database, naming both and the reset command', async () => {
    await checkDatabaseMode(db, DEMO);
    const refusal = await checkDatabaseMode(db, REAL).catch((e: Error) => e);
    expect((refusal as Error).message).toMatch(
      /holds the demo agency's data .* started with Jira https:\/\/acme\.atlassian\.net, Forecast https:\/\/api\.forecast\.it\. .*npm run reset-demo/,
    );
    // Half real is not demo either: real Forecast rows would join the demo's.
    const halfReal = loadConfig({ FORECAST_API_KEY: 'key' });
    await expect(checkDatabaseMode(db, halfReal)).rejects.toThrow(DatabaseModeError);
  });

  it('takes a database from before the record, with accounts but no demo admin, as real', async () => {
    await createUser(db, {
      email: 'finance@agency.test',
      passwordHash: await passwords.hash('a long real password'),
      role: 'admin',
      approved: true,
    });
    await expect(checkDatabaseMode(db, DEMO)).rejects.toThrow(/taken as real data/);
    expect(await getDatabaseMode(db)).toBeNull();
    // Started with its real credentials, it is recorded as real.
    await expect(checkDatabaseMode(db, REAL)).resolves.toMatchObject({ mode: 'real' });
  });

  it('never lets the demo admin or the demo seed write into real data', async () => {
    await checkDatabaseMode(db, REAL);
    await expect(ensureDemoAdmin(db, DEMO, passwords)).rejects.toThrow(DatabaseModeError);
    expect(await getUserByEmail(db, DEMO.DEMO_ADMIN_EMAIL)).toBeNull();
    const seeded = await seedDemoDashboard(db, createIntegrations(DEMO), {
      spine: createDemoSpine({ scale: 1 }),
      now: new Date(),
      timeZone: 'UTC',
    }).catch((e: Error) => e);
    expect(seeded).toBeInstanceOf(DatabaseModeError);
    expect(await countProjects(db)).toBe(0);
  });
});
