import m0001 from '../../sql/0001_initial.sql';

/** Every migration in order. Files in sql/ are append-only: add a new one, never edit an applied one. */
export const migrations: readonly { name: string; sql: string }[] = [
  { name: '0001_initial', sql: m0001 },
];
