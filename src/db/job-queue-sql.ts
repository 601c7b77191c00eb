/**
 * pg-boss's one way into the database (its `db` option: `executeSql(text, values)`), over our
 * own port, so the queue runs on the same connections as the app: PGlite's single one, or the
 * postgres.js pool (docs/decisions/400-live-webhooks-inbox-and-queue.md). pg-boss's own
 * statements; none of ours.
 */
import type { Db } from './port';

export interface ExecuteSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** pg-boss runs its schema changes and maintenance as one `BEGIN; …; COMMIT;` text without parameters. */
const SCRIPT = /^\s*BEGIN;/i;

const UNIQUE_VIOLATION = '23505';

/** pg-boss's jsonb columns: a job's data and output, a schedule's data and options. */
const JSON_COLUMNS = ['data', 'output', 'options'] as const;

/** A plain object parameter becomes JSON text; PostgreSQL casts it where pg-boss says `::jsonb`. */
function parameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (Array.isArray(value))
    // uuid[] and text[] parameters: an array literal, cast by the statement.
    return `{${value.map((v) => `"${String(v).replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;
  if (value !== null && typeof value === 'object' && !(value instanceof Date))
    return JSON.stringify(value);
  return value;
}

export function jobQueueSql(db: Db): ExecuteSql {
  return {
    async executeSql(text, values) {
      if (SCRIPT.test(text) && (!values || values.length === 0)) {
        // Our port's transaction instead of its BEGIN and COMMIT: a pool's connections are shared.
        const body = text.replace(SCRIPT, '').replace(/COMMIT;?\s*$/i, '');
        try {
          await db.transaction((tx) => tx.exec(body));
        } catch (error) {
          // Two processes installing the schema at once: the one that waited on pg-boss's advisory
          // lock can still miss the other's new schema (its catalog cache is older than the lock)
          // and fail on pg_namespace's unique index. A new transaction sees the schema, and
          // pg-boss takes the "already exists" that follows as the race it expects.
          if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
          await db.transaction((tx) => tx.exec(body));
        }
        return { rows: [] };
      }
      const rows = await db.query<Record<string, unknown>>(text, (values ?? []).map(parameter));
      // pg-boss expects objects. On PostgreSQL, jobs stored before src/db/postgres.ts took JSON
      // text as JSON hold their data as a JSON string, read back as text: parsed once more.
      for (const row of rows)
        for (const column of JSON_COLUMNS)
          if (typeof row[column] === 'string') row[column] = JSON.parse(row[column] as string);
      return { rows };
    },
  };
}
