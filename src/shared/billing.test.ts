import { describe, expect, it } from 'vitest';
import { BILLING_STALE_AFTER_MS, billingPercentages, isBillingStale } from './billing';

const HOUR = 60 * 60 * 1000;

describe('billing staleness', () => {
  const now = new Date('2026-11-18T12:00:00Z');

  it('is 24 hours', () => {
    expect(BILLING_STALE_AFTER_MS).toBe(24 * HOUR);
  });

  it('is stale when billing was never synced', () => {
    expect(isBillingStale(null, now)).toBe(true);
    expect(isBillingStale('', now)).toBe(true);
  });

  it('is fresh up to exactly 24 hours and stale just after', () => {
    expect(isBillingStale(new Date(now.getTime() - HOUR), now)).toBe(false);
    expect(isBillingStale(new Date(now.getTime() - 23 * HOUR), now)).toBe(false);
    expect(isBillingStale(new Date(now.getTime() - 24 * HOUR), now)).toBe(false);
    expect(isBillingStale(new Date(now.getTime() - 24 * HOUR - 1), now)).toBe(true);
    expect(isBillingStale(new Date(now.getTime() - 25 * HOUR), now)).toBe(true);
  });

  it('accepts the ISO timestamp the API sends', () => {
    expect(isBillingStale('2026-11-17T13:00:00.000Z', now)).toBe(false); // 23 h ago
    expect(isBillingStale('2026-11-17T11:00:00.000Z', now)).toBe(true); // 25 h ago
  });

  it('asks for a sync when the timestamp is unreadable', () => {
    expect(isBillingStale('not a date', now)).toBe(true);
    expect(isBillingStale(new Date(Number.NaN), now)).toBe(true);
  });
});

describe('billing percentages', () => {
  it('gives sent and paid as rounded shares of the project value', () => {
    expect(billingPercentages({ projectValue: 80_000, sent: 30_000, paid: 20_000.5 })).toEqual({
      sentPercentage: 38, // 37.5
      paidPercentage: 25,
    });
  });

  it('reports over-billing honestly above 100 (the bars cap it)', () => {
    expect(billingPercentages({ projectValue: 1000, sent: 1500, paid: 1000 })).toEqual({
      sentPercentage: 150,
      paidPercentage: 100,
    });
  });

  it('gives 0 for both when the project has no value', () => {
    expect(billingPercentages({ projectValue: 0, sent: 500, paid: 200 })).toEqual({
      sentPercentage: 0,
      paidPercentage: 0,
    });
  });
});
