import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from './date-time-format';

describe('dateTimeFormat', () => {
  it('formats as Intl does, and hands back the same formatter for the same locale and options', () => {
    const options = { timeZone: 'Australia/Sydney', day: 'numeric', month: 'short' } as const;
    const first = dateTimeFormat('en-GB', options);
    expect(first.format(new Date('2026-11-25T20:00:00Z'))).toBe('26 Nov');
    expect(dateTimeFormat('en-GB', { ...options })).toBe(first);
    expect(dateTimeFormat('en-GB', { ...options, timeZone: 'UTC' })).not.toBe(first);
  });

  it('refuses a zone Intl does not know, every time', () => {
    expect(() => dateTimeFormat('en-GB', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => dateTimeFormat('en-GB', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});
