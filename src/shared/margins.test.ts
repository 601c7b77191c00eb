import { describe, expect, it } from 'vitest';
import { marginFigures } from './margins';

describe('marginFigures (docs/product-spec.md, "Business constants and limits")', () => {
  const withCost = (cost: number, invoiced: number, paid: number) =>
    marginFigures({
      totalHours: 1,
      totalInvoiced: invoiced,
      totalPaid: paid,
      costBreakdown: [{ personId: 1, personName: 'A', hours: 1, hourlyRate: cost, cost }],
    });

  it('takes margin as invoiced minus cost and margin % to one decimal', () => {
    // 10 000 − 6 667 = 3 333 → 33.33 % → 33.3.
    expect(withCost(6667, 10000, 0)).toMatchObject({
      internalCost: 6667,
      grossMargin: 3333,
      marginPercent: 33.3,
    });
  });

  it('shows margin % 0 when nothing is invoiced, even with a loss', () => {
    expect(withCost(500, 0, 0)).toMatchObject({ grossMargin: -500, marginPercent: 0 });
  });

  it('computes the live margin from the paid amount, with no percentage when nothing is paid', () => {
    expect(withCost(300, 1000, 400).live).toEqual({ margin: 100, percent: 25 });
    expect(withCost(300, 1000, 0).live).toEqual({ margin: -300, percent: null });
  });
});
