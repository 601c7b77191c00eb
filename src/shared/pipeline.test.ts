import { describe, expect, it } from 'vitest';
import {
  clientKey,
  renewedProjects,
  dealProbability,
  pipelineByMonth,
  pipelineFunnel,
  pipelineTotals,
  weightedValue,
} from './pipeline';

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
  it('uses the stage’s probability where the pipeline has deal probability turned off', () => {
    expect(dealProbability(25, 60, false)).toBe(60);
    expect(weightedValue(12_000, 25, 60, false)).toBe(7_200);
    expect(dealProbability(25, null, false)).toBe(0);
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

describe('the funnel and the totals', () => {
  const usd = (amount: number, currency: string) =>
    currency === 'USD' ? amount : currency === 'EUR' ? amount * 1.1 : null;

  it('totals each currency, converts those with a rate and names the ones left out', () => {
    expect(
      pipelineTotals(
        [
          { currency: 'EUR', value: 10_000, weightedValue: 2_500 },
          { currency: 'USD', value: 4_000, weightedValue: 3_600 },
          { currency: 'EUR', value: 1_000, weightedValue: 500 },
          { currency: 'USDT', value: 50_000, weightedValue: 25_000 },
        ],
        usd,
      ),
    ).toEqual({
      currencies: [
        {
          currency: 'EUR',
          deals: 2,
          value: 11_000,
          weightedValue: 3_000,
          valueInAgencyCurrency: 12_100,
          weightedInAgencyCurrency: 3_300,
        },
        {
          currency: 'USD',
          deals: 1,
          value: 4_000,
          weightedValue: 3_600,
          valueInAgencyCurrency: 4_000,
          weightedInAgencyCurrency: 3_600,
        },
        {
          currency: 'USDT',
          deals: 1,
          value: 50_000,
          weightedValue: 25_000,
          valueInAgencyCurrency: null,
          weightedInAgencyCurrency: null,
        },
      ],
      converted: { value: 16_100, weightedValue: 6_900, leftOut: ['USDT'] },
    });
  });

  it('counts deals by stage in the stages’ order, adding only converted values', () => {
    const deal = (stage: string, stageOrder: number, value: number | null) => ({
      pipeline: 'New business',
      stage,
      stageOrder,
      value: value ?? 1,
      weightedValue: value ?? 1,
      valueInAgencyCurrency: value,
      weightedInAgencyCurrency: value === null ? null : value / 2,
    });
    expect(
      pipelineFunnel([
        deal('Proposal', 3, 100),
        deal('Qualified', 1, 50),
        deal('Proposal', 3, null),
        deal('Qualified', 1, 30),
      ]),
    ).toEqual([
      {
        pipeline: 'New business',
        stage: 'Qualified',
        deals: 2,
        value: 80,
        weightedValue: 40,
        unconverted: 0,
      },
      {
        pipeline: 'New business',
        stage: 'Proposal',
        deals: 2,
        value: 100,
        weightedValue: 50,
        unconverted: 1,
      },
    ]);
  });
});

describe('the client project a deal renews', () => {
  it("matches the deal's organisation to a Forecast client by name, spaces and case aside", () => {
    expect(clientKey('  Wayne   Foundation ')).toBe('wayne foundation');
    const byClient = new Map([
      [
        'acme',
        [
          { id: 4, name: 'Brightside Portal' },
          { id: 1, name: 'Acme Support Retainer' },
        ],
      ],
    ]);
    expect(renewedProjects('ACME', byClient).map((p) => p.id)).toEqual([1, 4]);
    expect(renewedProjects('Acme Pty', byClient)).toEqual([]);
    expect(renewedProjects(null, byClient)).toEqual([]);
  });
});
