import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  formatMoneyTick,
  formatTotal,
  isCurrencyCode,
  totalsByCurrency,
} from './currency';

describe('formatMoney', () => {
  it("reads as the spec's '$' texts when the currency is USD", () => {
    expect(formatMoney(1234.5, 'USD')).toBe('$1,235');
    expect(formatMoney(207465, 'USD', 2)).toBe('$207,465.00');
  });

  it('reads a code Intl refuses as the code before the number, never failing', () => {
    expect(formatMoney(1200, 'USDT')).toBe('USDT 1,200');
    expect(formatMoney(-5.5, 'US$', 2)).toBe('US$ -5.50');
    expect(formatMoneyTick(1_250_000, 'USDT')).toBe('USDT 1.3M');
  });

  it('names any other currency by its own symbol, so two never read alike', () => {
    expect(formatMoney(2900, 'AUD')).toBe('A$2,900');
    expect(formatMoney(10, 'EUR', 2)).toBe('€10.00');
    expect(formatMoney(10, 'NZD')).toBe('NZ$10');
  });

  it('never prints -0 and reads a non-number as 0', () => {
    expect(formatMoney(-0.4, 'USD')).toBe('$0');
    expect(formatMoney(Number.NaN, 'USD')).toBe('$0');
    expect(formatMoney(-32502.6, 'USD')).toBe('-$32,503');
    expect(formatMoney(-32502.5, 'USD')).toBe('-$32,503');
    expect(formatMoney(32502.5, 'USD')).toBe('$32,503');
    expect(formatMoney(-0.004, 'USD', 2)).toBe('$0.00');
  });
});

describe('totals per currency', () => {
  it('adds amounts only within one currency', () => {
    const amounts = [
      { amount: 100, currency: 'USD' },
      { amount: 50, currency: 'AUD' },
      { amount: 25.5, currency: 'USD' },
    ];
    expect(totalsByCurrency(amounts)).toEqual([
      { amount: 125.5, currency: 'USD' },
      { amount: 50, currency: 'AUD' },
    ]);
    expect(formatTotal(amounts, 'USD')).toBe('$126 + A$50');
  });

  it('reads nothing as zero in the fallback currency', () => {
    expect(formatTotal([], 'EUR')).toBe('€0');
  });
});

describe('isCurrencyCode', () => {
  it('accepts ISO codes and refuses anything else', () => {
    expect(isCurrencyCode('USD')).toBe(true);
    expect(isCurrencyCode('aud')).toBe(false);
    expect(isCurrencyCode('US$')).toBe(false);
    expect(isCurrencyCode('USDT')).toBe(false);
    expect(isCurrencyCode('XYZ')).toBe(false);
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('')).toBe(false);
  });
});

describe('formatMoneyTick', () => {
  it('keeps the sign and the currency on short axis ticks', () => {
    expect(formatMoneyTick(-40000, 'USD')).toBe('-$40K');
    expect(formatMoneyTick(1_250_000, 'USD')).toBe('$1.3M');
    expect(formatMoneyTick(500, 'AUD')).toBe('A$500');
    expect(formatMoneyTick(0, 'USD')).toBe('$0');
  });
});
