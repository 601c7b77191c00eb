/**
 * The database knows what it holds (docs/decisions/270-the-database-knows-what-it-holds.md):
 * the demo agency's data or real data from named sites. A server whose configuration would mix
 * the two stops before it writes anything.
 */
import type { Config } from '../config';
import {
  type DataSources,
  getDatabaseMode,
  holdsAnyData,
  type RecordedMode,
  recordDatabaseMode,
} from '../db/database-mode';
import type { Db } from '../db/port';
import { getUserByEmail } from '../db/users';

/** The command that deletes a demo data folder so it can start afresh (src/cli/reset-demo.ts). */
export const RESET_DEMO_COMMAND = 'npm run reset-demo';

export class DatabaseModeError extends Error {
  override name = 'DatabaseModeError';
}

/** The sources this configuration reads from. */
export function sourcesOf(
  config: Pick<Config, 'jiraDemo' | 'forecastDemo' | 'JIRA_BASE_URL' | 'FORECAST_BASE_URL'>,
): DataSources {
  return {
    jiraSite: config.jiraDemo ? null : (config.JIRA_BASE_URL ?? null),
    forecastBase: config.forecastDemo ? null : config.FORECAST_BASE_URL,
  };
}

/** "Jira https://acme.atlassian.net and Forecast from the demo agency", for messages. */
export function describeSources(s: DataSources): string {
  if (s.jiraSite === null && s.forecastBase === null)
    return 'Jira and Forecast from the built-in demo agency';
  const jira = s.jiraSite === null ? 'Jira from the built-in demo agency' : `Jira ${s.jiraSite}`;
  const forecast =
    s.forecastBase === null
      ? 'Forecast from the built-in demo agency'
      : `Forecast ${s.forecastBase}`;
  return `${jira}, ${forecast}`;
}

const isDemo = (s: DataSources) => s.jiraSite === null && s.forecastBase === null;

/**
 * Why this configuration may not open this database, or null. Each service must be demo, or
 * real, as it was when the database was first started: demo rows never join real ones.
 */
export function modeConflict(recorded: DataSources, current: DataSources): string | null {
  const same =
    (recorded.jiraSite === null) === (current.jiraSite === null) &&
    (recorded.forecastBase === null) === (current.forecastBase === null);
  if (same) return null;
  const held = isDemo(recorded)
    ? `the demo agency's data (${describeSources(recorded)})`
    : `real data (${describeSources(recorded)})`;
  const now = isDemo(current)
    ? `in demo mode (${describeSources(current)}: JIRA_API_TOKEN and FORECAST_API_KEY are unset)`
    : `with ${describeSources(current)}`;
  const advice = isDemo(recorded)
    ? `Real data needs a database of its own: point DATA_DIR (or DATABASE_URL) at an empty one, or delete this demo folder with \`${RESET_DEMO_COMMAND}\` first.`
    : `Start it with the credentials of the sites it was linked to, or give the demo its own empty DATA_DIR. (\`${RESET_DEMO_COMMAND}\` deletes a demo folder only; it refuses this one.)`;
  return `The server did not start: this database holds ${held}, but the server was started ${now}. Nothing was written. ${advice}`;
}

/**
 * Records the mode at the first start and refuses a configuration that does not match it.
 * A database from before the mode was recorded, holding accounts or projects but no demo admin,
 * is taken as real data: the demo never ran on it.
 */
export async function checkDatabaseMode(
  db: Db,
  config: Pick<
    Config,
    'jiraDemo' | 'forecastDemo' | 'JIRA_BASE_URL' | 'FORECAST_BASE_URL' | 'DEMO_ADMIN_EMAIL'
  >,
): Promise<RecordedMode> {
  const current = sourcesOf(config);
  let recorded = await getDatabaseMode(db);
  if (!recorded) {
    if (
      !isDemo(current) ||
      !(await holdsAnyData(db)) ||
      (await getUserByEmail(db, config.DEMO_ADMIN_EMAIL))
    ) {
      recorded = await recordDatabaseMode(db, current);
    } else {
      const unknownReal: DataSources = { jiraSite: 'a real site', forecastBase: 'a real account' };
      throw new DatabaseModeError(
        `${modeConflict(unknownReal, current)} (It holds accounts or projects from before the dashboard recorded where its data came from, and no demo admin, so it is taken as real data.)`,
      );
    }
  }
  const conflict = modeConflict(recorded, current);
  if (conflict) throw new DatabaseModeError(conflict);
  return recorded;
}

/** Demo seeding and the demo admin call this before they write: never into real data. */
export async function refuseIfRealDatabase(db: Db, what: string): Promise<void> {
  const recorded = await getDatabaseMode(db);
  if (recorded && recorded.mode === 'real')
    throw new DatabaseModeError(
      `${what} was not written: this database holds real data (${describeSources(recorded)}).`,
    );
}
