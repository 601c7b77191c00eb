import type { PasswordHasher } from '../auth/password';
import type { Config } from '../config';
import type { Db } from '../db/port';
import { createUser, getUserByEmail } from '../db/users';
import { refuseIfRealDatabase } from '../services/database-mode';

/** The password the demo admin gets unless DEMO_ADMIN_PASSWORD says otherwise. */
export const DEFAULT_DEMO_ADMIN_PASSWORD = 'demo-admin-password';

/**
 * Full demo mode: both services are the built-in demo agency and the data lives in the
 * embedded database. Only then is there a demo admin (docs/decisions/163-demo-credentials.md).
 */
export const isFullDemo = (config: Pick<Config, 'jiraDemo' | 'forecastDemo' | 'DATABASE_URL'>) =>
  config.jiraDemo && config.forecastDemo && !config.DATABASE_URL;

/**
 * Makes the demo admin once, on a database that has none. An existing account with that email
 * is left as it is: an admin who revoked it or changed its role keeps that decision. Never on a
 * database that holds real data.
 */
export async function ensureDemoAdmin(
  db: Db,
  config: Pick<Config, 'DEMO_ADMIN_EMAIL' | 'DEMO_ADMIN_PASSWORD'>,
  passwords: PasswordHasher,
): Promise<'created' | 'kept'> {
  await refuseIfRealDatabase(db, 'The demo admin');
  if (await getUserByEmail(db, config.DEMO_ADMIN_EMAIL)) return 'kept';
  const created = await createUser(db, {
    email: config.DEMO_ADMIN_EMAIL,
    passwordHash: await passwords.hash(config.DEMO_ADMIN_PASSWORD),
    role: 'admin',
    approved: true,
  });
  return created ? 'created' : 'kept';
}

/**
 * Real data (a real Jira or Forecast) must not open with the demo credentials: an approved
 * account that signs in with them (left from an earlier demo run on this database) is a
 * problem, and in production so is the demo password given at all. Returns the reason, or null.
 */
export async function demoCredentialsProblem(
  db: Db,
  config: Config,
  env: Record<string, string | undefined>,
  passwords: PasswordHasher,
): Promise<string | null> {
  if (config.jiraDemo && config.forecastDemo) return null;
  if (config.NODE_ENV === 'production' && env.DEMO_ADMIN_PASSWORD !== undefined)
    return 'DEMO_ADMIN_PASSWORD is set, but this server runs on real data in production: unset it.';
  const account = await getUserByEmail(db, config.DEMO_ADMIN_EMAIL);
  if (!account?.approved) return null;
  for (const password of new Set([config.DEMO_ADMIN_PASSWORD, DEFAULT_DEMO_ADMIN_PASSWORD])) {
    if (await passwords.verify(password, account.passwordHash))
      return `The demo admin ${account.email} still signs in with the demo password on this real data. Revoke it (npm run users -- revoke ${account.email}) or change its password, then start again.`;
  }
  return null;
}
