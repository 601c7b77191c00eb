import { describe, expect, it } from 'vitest';
import { publicHolidays, unknownRegion } from './public-holidays';

describe('publicHolidays', () => {
  it('gives England’s Christmas public holidays, with the substitute day, by date', () => {
    const days = publicHolidays({ country: 'GB', region: 'ENG' }, '2026-12-21', '2027-01-03');
    expect([...days]).toEqual([
      ['2026-12-25', 'Christmas Day'],
      ['2026-12-26', 'Boxing Day'],
      ['2026-12-28', 'Boxing Day (substitute day)'],
      ['2027-01-01', "New Year's Day"],
    ]);
  });

  it('keeps a region’s own days to that region', () => {
    // St Andrew's Day (30 November) is a Scottish holiday only.
    expect(publicHolidays({ country: 'GB', region: 'SCT' }, '2026-11-30', '2026-11-30')).toEqual(
      new Map([['2026-11-30', 'St Andrew’s Day']]),
    );
    expect(publicHolidays({ country: 'GB', region: 'ENG' }, '2026-11-30', '2026-11-30').size).toBe(
      0,
    );
  });

  it('leaves out observances that are not days off', () => {
    // Thanksgiving is a US public holiday; Halloween is only an observance.
    const days = publicHolidays({ country: 'US', region: null }, '2026-10-31', '2026-11-27');
    expect(days.get('2026-11-26')).toBe('Thanksgiving Day');
    expect(days.has('2026-10-31')).toBe(false);
  });
});

describe('unknownRegion', () => {
  it('accepts a known country, with or without a known region', () => {
    expect(unknownRegion('GB', null)).toBeNull();
    expect(unknownRegion('GB', 'SCT')).toBeNull();
  });

  it('says what is wrong with an unknown country or region', () => {
    expect(unknownRegion('XX', null)).toContain('"XX" is not a country code');
    expect(unknownRegion('GB', 'XYZ')).toContain('"XYZ" is not a region of GB; one of ');
  });
});
