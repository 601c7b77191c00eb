/**
 * CSV as spreadsheets expect it: RFC 4180 quoting, CRLF line ends, UTF-8 with a byte-order mark
 * (so Excel reads accents right), plain numbers and ISO dates. A text cell that starts with
 * `=`, `+`, `-`, `@`, tab or carriage return is prefixed with `'` so a spreadsheet shows it as text
 * instead of running it as a formula (see docs/decisions/105-csv-export.md).
 */

/** One column: its header and how to read the cell from a row. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

const BYTE_ORDER_MARK = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell made safe: formula starts neutralised, then quoted when it needs quoting. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: byte-order mark, header line, one line per row, each ended by CRLF. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(',')];
  for (const row of rows) {
    lines.push(columns.map((column) => csvCell(column.value(row))).join(','));
  }
  return `${BYTE_ORDER_MARK}${lines.join('\r\n')}\r\n`;
}

/** `portfolio_2026-11-23.csv`, `weekly-hours_2026-11-16_2026-11-22.csv`: what and which dates. */
export function csvFileName(subject: string, from: string, to?: string): string {
  const slug = subject
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug}_${from}${to && to !== from ? `_${to}` : ''}.csv`;
}
