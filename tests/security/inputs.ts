import fc from 'fast-check';

/**
 * Values a caller might send that no call should accept as they are: script and markup
 * fragments, SQL, template syntax, path tricks, control characters (NUL cannot be stored in
 * PostgreSQL text), look-alike unicode, and words JavaScript treats specially.
 */
export const HOSTILE_STRINGS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '</app-island><script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "'); DELETE FROM projects; --",
  '1 OR 1=1',
  "'; SELECT pg_sleep(5); --",
  '${7*7}',
  '{{7*7}}',
  '../../../etc/passwd',
  '%2e%2e%2f',
  '\u0000',
  'null\u0000byte',
  '\u202Egnp.exe',
  'Ω≈ç√∫˜µ≤≥÷',
  'ＴＥＡＭ　１',
  '😀😃😄',
  'e\u0301\u0301\u0301',
  '\uD800',
  '\t\r\n',
  ' ',
  '',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-0',
  'null',
  'undefined',
  'true',
] as const;

export const hostileString = fc.constantFrom(...HOSTILE_STRINGS);

/** Any text at all: hostile fragments, arbitrary unicode (lone surrogates included), and very long strings. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  hostileString,
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ minLength: 300, maxLength: 3000 }),
  fc.constant('x'.repeat(100_000)),
);

/** True only for a real calendar date written YYYY-MM-DD (independent of the app's own check). */
export function isRealIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Dates that are impossible, in the wrong format, or not dates at all. */
export const BAD_DATES = [
  '2026-02-30',
  '2026-13-01',
  '20261121',
  '2025-02-29',
  '2026-00-10',
  '2026-01-32',
  '2026-1-5',
  '26-01-05',
  '2026/01/05',
  '05-01-2026',
  '2026-01-05T00:00:00Z',
  ' 2026-01-05',
  '2026-01-05 ',
  '+2026-01-05',
  '2026-W02',
  '２０２６-０１-０５',
  '9999-99-99',
  'today',
  '',
] as const;
export const badDate: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...BAD_DATES),
  anyText.filter((s) => !isRealIsoDate(s)),
);

/** Not an email address by any definition: no '@' between non-blank parts, or over RFC 5321's 254 characters. */
export const badEmail: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'not-an-email',
    '@agency.test',
    'someone@',
    'some one@agency.test',
    `${'a'.repeat(250)}@agency.test`,
  ),
  anyText.filter((s) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s)),
);

/** Ids in a path that are not positive whole numbers, or whole numbers far beyond any stored row. */
export const badNumericId: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '-1',
    '0',
    '-0',
    '1.5',
    '0.1',
    '1e3',
    '0x1F',
    '01',
    '+1',
    ' 1',
    'NaN',
    'Infinity',
    '99999999999999999999',
    '2147483648',
  ),
  fc.integer({ max: 0 }).map(String),
  fc
    .double({ noNaN: true })
    .filter((n) => !Number.isInteger(n))
    .map(String),
  fc.integer({ min: 100_000_000, max: 999_999_999 }).map(String),
  anyText.filter((s) => !/^\d+$/.test(s)),
);

/** Numbers that are not positive whole numbers within PostgreSQL's integer range. */
export const badPositiveInt: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    0.5,
    1.5,
    -0.5,
    2 ** 31,
    2 ** 53,
    1e21,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
  ),
  fc.integer({ max: 0 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)),
);

type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';
const JSON_TYPES: JsonType[] = ['string', 'number', 'boolean', 'null', 'array', 'object'];
const valueOfType: Record<JsonType, fc.Arbitrary<unknown>> = {
  string: fc.oneof(hostileString, fc.string({ maxLength: 20 })),
  number: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
  boolean: fc.boolean(),
  null: fc.constant(null),
  array: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  object: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
};

/** A JSON value of any type but the ones given. */
export function jsonNotOfType(...allowed: JsonType[]): fc.Arbitrary<unknown> {
  return fc.oneof(...JSON_TYPES.filter((t) => !allowed.includes(t)).map((t) => valueOfType[t]));
}

/** Text that is not JSON a server could parse. */
export const malformedJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    '{a:1}',
    '[1,2',
    'NaN',
    'undefined',
    '{"a":1}}',
    '\u0000',
    '{"a":"\\x"}',
    '{"a":01}',
    '1e400e',
  ),
  fc
    .jsonValue()
    .map((v) => JSON.stringify(v))
    .filter((s) => s.length > 1)
    .map((s) => s.slice(0, -1))
    .filter((s) => !parses(s)),
  fc.string({ maxLength: 30 }).filter((s) => !parses(s)),
);

/** JSON that parses, but is not an object. */
export const nonObjectJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('null', 'true', '0', '""', '[]', '[{}]', '1e400'),
  jsonNotOfType('object').map((v) => JSON.stringify(v)),
);

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
