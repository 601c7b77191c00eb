import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each table's SQL has one owner in src/db/ (docs/decisions/106-sql-only-in-db.md): no file
 * elsewhere under src/ runs a statement or holds one. Services, routes, the demo seed and the
 * CLIs call the functions of src/db/ instead. Tests may still write SQL to set up their data.
 */

const root = path.resolve(import.meta.dirname, '../..');

/** Files allowed some SQL outside src/db/, with how many statements: none today. */
const ALLOWED: Record<string, number> = {};

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

// A call that runs SQL on a Db (`db.query(`, `tx.query<Row>(`), never Hono's `c.req.query(`.
const RUNS_SQL = /(?<!\breq)\.query\s*(?:<[^>(]*>)?\s*\(/g;
// A string or template that opens with a statement.
const HOLDS_SQL =
  /['"`]\s*(?:SELECT\s|INSERT\s+INTO\s|UPDATE\s+\w+\s+SET\s|DELETE\s+FROM\s|WITH\s+\w+\s+AS\b|ANALYZE\s)/g;

/** How many statements `text` runs or holds. */
function sqlIn(text: string): number {
  return (text.match(RUNS_SQL)?.length ?? 0) + (text.match(HOLDS_SQL)?.length ?? 0);
}

function outsideDb(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles('src')) {
    if (file.startsWith('src/db/')) continue;
    const count = sqlIn(readFileSync(path.join(root, file), 'utf8'));
    if (count > (ALLOWED[file] ?? 0)) found.push(`${file}: ${count}`);
  }
  return found.sort();
}

describe('SQL lives in src/db/', () => {
  it('recognises the statements it looks for', () => {
    // Guards the patterns themselves: a broken one would find nothing and pass everything.
    expect(sqlIn(readFileSync(path.join(root, 'src/db/jira.ts'), 'utf8'))).toBeGreaterThan(10);
    expect(sqlIn("await tx.query<{ n: number }>('SELECT count(*) AS n FROM projects')")).toBe(2);
    expect(sqlIn('const WEEK = `\n  WITH week AS MATERIALIZED (SELECT 1)`;')).toBe(1);
    expect(sqlIn('db.query(`DELETE FROM jira_epics WHERE project_id = $1`, [id])')).toBe(2);
    expect(sqlIn("const week = c.req.query('week'); // selects a week")).toBe(0);
    expect(sqlIn("'Update the settings', 'Select a project', 'Delete from the list'")).toBe(0);
  });

  it('finds no SQL in services, routes, the demo or anywhere else outside src/db/', () => {
    expect(outsideDb()).toEqual([]);
  });
});
