import m0001 from '../../sql/0001_initial.sql';
import m0002 from '../../sql/0002_jira.sql';
import m0003 from '../../sql/0003_forecast.sql';

/** Every migration in order. Files in sql/ are append-only: add a new one, never edit an applied one. */
export const migrations: readonly { name: string; sql: string }[] = [
  { name: '0001_initial', sql: m0001 },
  { name: '0002_jira', sql: m0002 },
  { name: '0003_forecast', sql: m0003 },
];
