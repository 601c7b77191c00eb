import type { Context } from 'hono';
import { type CsvColumn, csvFileName, toCsv } from '../shared/csv';

/** A CSV download: the browser saves it under a name that says what and which dates. */
export function csvResponse<Row>(
  c: Context,
  file: { subject: string; from: string; to?: string },
  columns: readonly CsvColumn<Row>[],
  rows: readonly Row[],
): Response {
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header(
    'Content-Disposition',
    `attachment; filename="${csvFileName(file.subject, file.from, file.to)}"`,
  );
  c.header('Cache-Control', 'no-store');
  return c.body(toCsv(columns, rows));
}
