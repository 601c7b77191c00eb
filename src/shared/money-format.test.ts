import { describe, expect, it } from 'vitest';
import { formatMoney } from './currency';

const formatUsd = (n: number) => formatMoney(n, 'USD');
const formatAud = (n: number) => formatMoney(n, 'AUD');
const formatBillingAmount = (n: number) => formatMoney(n, 'USD', 2);

describe('money formats of the spec, from formatMoney', () => {
  it('shows US dollars with no decimals, rounded', () => {
    expect(formatUsd(1234.5)).toBe('$1,235');
    expect(formatUsd(1234.49)).toBe('$1,234');
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(1_250_000)).toBe('$1,250,000');
    expect(formatUsd(-2500.4)).toBe('-$2,500');
    expect(formatUsd(-0.3)).toBe('$0');
  });

  it('labels Australian dollars as A$, with no decimals, so they never read as US dollars', () => {
    expect(formatAud(1234.5)).toBe('A$1,235');
    expect(formatAud(98_000)).toBe('A$98,000');
    expect(formatAud(0)).toBe('A$0');
    expect(formatAud(-1600.4)).toBe('-A$1,600');
    expect(formatAud(-0.3)).toBe('A$0');
    expect(formatUsd(1234.5)).not.toContain('A$');
  });

  it('shows billing amounts with two decimals, en-US', () => {
    expect(formatBillingAmount(1234.5)).toBe('$1,234.50');
    expect(formatBillingAmount(0)).toBe('$0.00');
    expect(formatBillingAmount(99.999)).toBe('$100.00');
    expect(formatBillingAmount(1_000_000)).toBe('$1,000,000.00');
  });
});
