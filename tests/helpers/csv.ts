/**
 * Reads a CSV download back the way a spreadsheet would (RFC 4180: quoted fields, doubled
 * quotes, CRLF lines), independently of the writer in src/shared/csv.ts, so a test of an export
 * checks the file and not the writer against itself.
 */
export interface ParsedCsv {
  /** True when the file starts with the UTF-8 byte-order mark. */
  bom: boolean;
  header: string[];
  rows: string[][];
  /** Rows as objects keyed by header. */
  records: Record<string, string>[];
}

export function parseCsv(text: string): ParsedCsv {
  const bom = text.startsWith('\uFEFF');
  const body = bom ? text.slice(1) : text;
  const lines: string[][] = [];
  let field = '';
  let line: string[] = [];
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      line.push(field);
      field = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      line.push(field);
      lines.push(line);
      line = [];
      field = '';
      i++;
    } else if (ch === '\n') throw new Error(`bare LF at ${i}: lines must end with CRLF`);
    else field += ch;
  }
  if (quoted) throw new Error('unterminated quoted field');
  if (field !== '' || line.length > 0) throw new Error('the last line does not end with CRLF');
  const [header = [], ...rows] = lines;
  for (const [i, row] of rows.entries())
    if (row.length !== header.length)
      throw new Error(`row ${i + 1} has ${row.length} fields, the header ${header.length}`);
  const records = rows.map((row) => Object.fromEntries(header.map((h, i) => [h, row[i]!])));
  return { bom, header, rows, records };
}

/** Fetches a CSV export and reads it back, with its file name. */
export async function readCsvResponse(res: Response): Promise<ParsedCsv & { fileName: string }> {
  const disposition = res.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? '';
  // Response.text() would drop the byte-order mark; decode by hand to see it.
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
  return { ...parseCsv(text), fileName };
}
