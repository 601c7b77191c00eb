import type { Db } from './port';

/** Where the data came from: null is the built-in demo agency, otherwise the site's address. */
export interface DataSources {
  jiraSite: string | null;
  forecastBase: string | null;
}

export interface RecordedMode extends DataSources {
  mode: 'demo' | 'real';
  recordedAt: Date;
}

interface Row {
  mode: 'demo' | 'real';
  jira_site: string | null;
  forecast_base: string | null;
  recorded_at: Date;
}

export async function getDatabaseMode(db: Db): Promise<RecordedMode | null> {
  const [row] = await db.query<Row>(
    'SELECT mode, jira_site, forecast_base, recorded_at FROM database_mode WHERE id = 1',
  );
  return row
    ? {
        mode: row.mode,
        jiraSite: row.jira_site,
        forecastBase: row.forecast_base,
        recordedAt: row.recorded_at,
      }
    : null;
}

/**
 * Records the mode unless one is recorded already (another process may have won the race);
 * returns what is recorded afterwards.
 */
export async function recordDatabaseMode(db: Db, sources: DataSources): Promise<RecordedMode> {
  const mode = sources.jiraSite === null && sources.forecastBase === null ? 'demo' : 'real';
  await db.query(
    `INSERT INTO database_mode (id, mode, jira_site, forecast_base) VALUES (1, $1, $2, $3)
     ON CONFLICT (id) DO NOTHING`,
    [mode, sources.jiraSite, sources.forecastBase],
  );
  return (await getDatabaseMode(db))!;
}

/** Whether anything was ever stored: an account or a project. */
export async function holdsAnyData(db: Db): Promise<boolean> {
  const [row] = await db.query<{ any: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM users) OR EXISTS (SELECT 1 FROM projects) AS any',
  );
  return row!.any;
}
