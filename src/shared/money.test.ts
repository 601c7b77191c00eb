import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HOURLY_RATE,
  costRateOn,
  grossMargin,
  hoursFromMinutes,
  internalCost,
  liveMargin,
  marginPercent,
  roundHours,
  roundMoney,
} from './money';

describe('money', () => {
  it('uses $100 an hour by default', () => {
    expect(DEFAULT_HOURLY_RATE).toBe(100);
  });

  it('rounds to cents, halves away from zero, without binary drift', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(1.004)).toBe(1);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(1234.5)).toBe(1234.5);
    expect(Object.is(roundMoney(-0.001), 0)).toBe(true);
    expect(roundMoney(Number.NaN)).toBe(0);
  });

  it('rounds any amount to at most two decimals, idempotently', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (n) => {
        const r = roundMoney(n);
        expect(Math.abs(r - n)).toBeLessThanOrEqual(0.005 + 1e-6);
        expect(roundMoney(r)).toBe(r);
        expect(Number.isInteger(Math.round(r * 100))).toBe(true);
      }),
    );
  });

  it('takes the internal cost from the breakdown when it adds up to more than 0', () => {
    expect(internalCost({ hours: 40, breakdownCosts: [1200, 850.5] })).toBe(2050.5);
    expect(internalCost({ hours: 40, breakdownCosts: [0.1, 0.2] })).toBe(0.3);
  });

  it('falls back to hours × $100 with no breakdown or a zero one', () => {
    expect(internalCost({ hours: 12.5, breakdownCosts: [] })).toBe(1250);
    expect(internalCost({ hours: 12.5, breakdownCosts: [0, 0] })).toBe(1250);
    expect(internalCost({ hours: 0, breakdownCosts: [] })).toBe(0);
  });

  it('takes gross margin as invoiced minus cost, negative when cost is higher', () => {
    expect(grossMargin(10_000, 6_500)).toBe(3500);
    expect(grossMargin(1000, 1250.75)).toBe(-250.75);
    expect(grossMargin(0.3, 0.1)).toBe(0.2);
  });

  it('gives margin % to one decimal, 0 when nothing is invoiced', () => {
    expect(marginPercent(3500, 10_000)).toBe(35);
    expect(marginPercent(1, 3)).toBe(33.3);
    expect(marginPercent(2, 3)).toBe(66.7);
    expect(marginPercent(-250, 1000)).toBe(-25);
    expect(marginPercent(-1, 3)).toBe(-33.3);
    expect(marginPercent(1, 8)).toBe(12.5);
    expect(marginPercent(1, 1600)).toBe(0.1); // 0.0625
    expect(marginPercent(-500, 0)).toBe(0);
  });

  it('uses the paid amount for the live margin and has no percentage when nothing is paid', () => {
    expect(liveMargin({ paid: 8000, cost: 6000 })).toEqual({ margin: 2000, percent: 25 });
    expect(liveMargin({ paid: 3000, cost: 4000 })).toEqual({ margin: -1000, percent: -33.3 });
    expect(liveMargin({ paid: 0, cost: 1500 })).toEqual({ margin: -1500, percent: null });
  });
});

describe('hours', () => {
  it('turns minutes into hours to two decimals', () => {
    expect([
      hoursFromMinutes(45),
      hoursFromMinutes(50),
      hoursFromMinutes(0),
      hoursFromMinutes(450),
    ]).toEqual([0.75, 0.83, 0, 7.5]);
  });

  it('rounds summed hours to two decimals, halves away from zero, without binary drift', () => {
    expect(roundHours(0.1 + 0.2)).toBe(0.3);
    expect(roundHours(1.005)).toBe(1.01);
    expect(roundHours(2.333333)).toBe(2.33);
    expect(roundHours(-1.005)).toBe(-1.01);
  });
});

describe('cost rate on a day', () => {
  const periods = [
    { startDate: null, cost: 60 },
    { startDate: '2026-01-01', cost: 80 },
    { startDate: '2026-07-01', cost: 90 },
  ];

  it('uses the period with the latest start on or before the day', () => {
    expect(costRateOn(periods, '2026-03-15', 120)).toBe(80);
    expect(costRateOn(periods, '2026-07-01', 120)).toBe(90); // starts that very day
    expect(costRateOn(periods, '2026-06-30', 120)).toBe(80);
    expect(costRateOn(periods, '2027-02-01', 120)).toBe(90);
  });

  it('does not depend on the order of the periods', () => {
    expect(costRateOn([...periods].reverse(), '2026-03-15', 120)).toBe(80);
  });

  it('uses the start-less period before every dated one', () => {
    expect(costRateOn(periods, '2025-12-31', 120)).toBe(60);
  });

  it("falls back to the person's cost, then to $100 an hour", () => {
    const dated = [{ startDate: '2026-01-01', cost: 80 }];
    expect(costRateOn(dated, '2025-06-01', 120)).toBe(120);
    expect(costRateOn([], '2026-03-15', 120)).toBe(120);
    expect(costRateOn([], '2026-03-15', null)).toBe(100);
    expect(costRateOn(dated, '2025-06-01', null)).toBe(100);
  });

  it('keeps a cost of 0 rather than replacing it with the default', () => {
    expect(costRateOn([{ startDate: null, cost: 0 }], '2026-03-15', 120)).toBe(0);
    expect(costRateOn([], '2026-03-15', 0)).toBe(0);
  });
});
