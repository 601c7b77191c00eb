import { describe, expect, it } from 'vitest';
import { cleanUpstreamText, parseUpstreamJson } from './upstream-text';

describe('text from upstream', () => {
  it('drops NUL, control and private-use characters and lone surrogates', () => {
    expect(cleanUpstreamText('Acme\u0000 Web\u0007site\u009F')).toBe('Acme Website');
    expect(cleanUpstreamText('Logo \uE000 Sprint \uF8FF\u{F0000}\u{10FFFD}')).toBe('Logo  Sprint ');
    expect(cleanUpstreamText('half \uD83D pair \uDE00')).toBe('half  pair ');
  });

  it('keeps words in any script, emoji, tabs and line breaks; CR becomes a line break', () => {
    const kept = 'Zürich 東京 Ελλάδα 😀\tcol\nline';
    expect(cleanUpstreamText(kept)).toBe(kept);
    expect(cleanUpstreamText('a\r\nb\rc')).toBe('a\nb\nc');
  });

  it('cleans every string of a JSON body, keys and numbers untouched', () => {
    const body = JSON.stringify({ name: 'P\u0000X', list: [{ notes: '\uE000n' }], n: 1e300 });
    expect(parseUpstreamJson(body)).toEqual({ name: 'PX', list: [{ notes: 'n' }], n: 1e300 });
    expect(parseUpstreamJson('{"a":"plain"}')).toEqual({ a: 'plain' });
  });
});
