import { describe, expect, it } from 'vitest';
import { type GrossMarginProject, grossMarginTotals, hasMargin, marginFigures } from './margins';

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

describe('grossMarginTotals: the totals row', () => {
  const project = (
    id: number,
    currency: string,
    invoiced: number,
    paid: number,
    cost: number,
  ): GrossMarginProject => ({
    id,
    name: `P${id}`,
    devStatus: 'Active',
    totalHours: 10,
    totalInvoiced: invoiced,
    totalPaid: paid,
    currency,
    costBreakdown: [{ personId: 1, personName: 'A', hours: 10, hourlyRate: cost / 10, cost }],
  });

  it('sums one currency into one line, with the margin of the sums', () => {
    const totals = grossMarginTotals(
      [project(1, 'USD', 1000.005, 500, 600.4), project(2, 'USD', 2000.004, 0, 900.3)],
      'USD',
    );
    expect(totals.invoiced).toEqual([{ currency: 'USD', amount: 3000.01 }]);
    expect(totals.internalCost).toBe(1500.7);
    expect(totals.grossMargin).toBe(1499.31);
    expect(totals.marginPercent).toBe(50);
    expect(totals.liveMargin).toBe(-1000.7);
    expect(totals.totalHours).toBe(20);
    expect(totals.withoutMargin).toBe(0);
  });

  it('never adds two currencies: one line each, and no margin from the other currency', () => {
    const totals = grossMarginTotals(
      [project(1, 'USD', 1000, 400, 600), project(2, 'EUR', 700, 700, 300)],
      'USD',
    );
    expect(totals.invoiced).toEqual([
      { currency: 'USD', amount: 1000 },
      { currency: 'EUR', amount: 700 },
    ]);
    expect(totals.paid).toEqual([
      { currency: 'USD', amount: 400 },
      { currency: 'EUR', amount: 700 },
    ]);
    // Costs are all in the company currency; the margin counts only the dollar project.
    expect(totals.internalCost).toBe(900);
    expect(totals.grossMargin).toBe(400);
    expect(totals.withoutMargin).toBe(1);
    expect(hasMargin({ currency: 'EUR' }, 'USD')).toBe(false);
  });
});
