/**
 * Money formats of the spec (§9): whole US dollars, whole Australian dollars, and billing
 * amounts with two decimals. Apart from format.ts (which re-exports them) so the portfolio's
 * cards can format amounts without loading date-fns.
 */

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

// The agency's own locale: '$1,235', as an Australian reads an amount in their currency.
const aud = new Intl.NumberFormat('en-AU', {
  style: 'currency',
  currency: 'AUD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const billing = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

// `+ 0` keeps a rounded -0 from printing as '-$0'.
export const finite = (n: number) => (Number.isFinite(n) ? n + 0 : 0);

/** Whole US dollars, as on the agency dashboard: 1234.5 → '$1,235'. */
export function formatUsd(n: number): string {
  return usd.format(finite(Math.round(n)));
}

/** Whole Australian dollars, as for retainer amounts in the project detail: 1234.5 → '$1,235'. */
export function formatAud(n: number): string {
  return aud.format(finite(Math.round(n)));
}

/** Billing amounts on project cards: two decimals, en-US: 1234.5 → '$1,234.50'. */
export function formatBillingAmount(n: number): string {
  return billing.format(finite(n));
}
