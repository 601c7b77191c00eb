import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, toCsv } from './csv';

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks, doubling inner quotes (RFC 4180)', () => {
    expect(csvCell('Acme, Inc.')).toBe('"Acme, Inc."');
    expect(csvCell('The "big" one')).toBe('"The ""big"" one"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
  });

  it('writes numbers plain, negative numbers included, and leaves empty values empty', () => {
    expect(csvCell(-1200.5)).toBe('-1200.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
  });
});

describe('toCsv', () => {
  it('starts with a byte-order mark and ends every line with CRLF', () => {
    const csv = toCsv(
      [
        { header: 'Project', value: (row: { name: string; hours: number }) => row.name },
        { header: 'Hours', value: (row) => row.hours },
      ],
      [
        { name: 'Café', hours: 7.5 },
        { name: '=1+1', hours: -2 },
      ],
    );
    expect(csv).toBe("\uFEFFProject,Hours\r\nCafé,7.5\r\n'=1+1,-2\r\n");
  });

  it('writes only the header line when there are no rows', () => {
    expect(toCsv([{ header: 'Name', value: (row: { n: string }) => row.n }], [])).toBe(
      '\uFEFFName\r\n',
    );
  });
});

describe('csvFileName', () => {
  it('names the subject and the date range', () => {
    expect(csvFileName('Weekly hours', '2026-11-16', '2026-11-22')).toBe(
      'weekly-hours_2026-11-16_2026-11-22.csv',
    );
    expect(csvFileName('Portfolio', '2026-11-23')).toBe('portfolio_2026-11-23.csv');
    expect(csvFileName('Portfolio', '2026-11-23', '2026-11-23')).toBe('portfolio_2026-11-23.csv');
  });
});
