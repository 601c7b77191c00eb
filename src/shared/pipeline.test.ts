import { describe, expect, it } from 'vitest';
import { dealProbability, pipelineByMonth, weightedValue } from './pipeline';

describe('weighted value', () => {
  it('uses the deal’s own probability first', () => {
    // 12,000 × 25 / 100.
    expect(weightedValue(12_000, 25, 60)).toBe(3_000);
  });
  it('falls back to the stage’s probability only when the deal has none', () => {
    expect(weightedValue(12_000, null, 40)).toBe(4_800);
    expect(weightedValue(12_000, 0, 40)).toBe(0);
    expect(dealProbability(null, null)).toBe(0);
  });
  it('keeps cents', () => {
    // 999.99 × 33 / 100 = 329.9967.
    expect(weightedValue(999.99, 33, null)).toBe(330);
    expect(weightedValue(1_234.5, 10, null)).toBe(123.45);
  });
});

describe('pipeline by month', () => {
  it('never adds two currencies', () => {
    expect(
      pipelineByMonth([
        { value: 10_000, currency: 'AUD', weightedValue: 5_000, expectedCloseDate: '2027-01-20' },
        { value: 4_000, currency: 'AUD', weightedValue: 1_000, expectedCloseDate: '2027-01-05' },
        { value: 8_000, currency: 'EUR', weightedValue: 2_000, expectedCloseDate: '2027-01-11' },
        { value: 2_000, currency: 'AUD', weightedValue: 200, expectedCloseDate: '2026-12-31' },
        { value: 1_000, currency: 'AUD', weightedValue: 100, expectedCloseDate: null },
      ]),
    ).toEqual([
      { month: '2026-12', currency: 'AUD', value: 2_000, weightedValue: 200 },
      { month: '2027-01', currency: 'AUD', value: 14_000, weightedValue: 6_000 },
      { month: '2027-01', currency: 'EUR', value: 8_000, weightedValue: 2_000 },
      { month: 'none', currency: 'AUD', value: 1_000, weightedValue: 100 },
    ]);
  });
});
