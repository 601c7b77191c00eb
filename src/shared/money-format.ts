/**
 * Money formats (docs/product-spec.md, "Business constants and limits"): whole US dollars,
 * whole Australian dollars, and billing amounts with two decimals. Apart from format.ts so the
 * portfolio's cards can format amounts without loading date-fns.
 */

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

// 'A$1,235': the detail modal shows AUD retainer amounts beside USD billing, so an AUD amount
// says so (docs/decisions/191-aud-labelled.md). en-US writes AUD as 'A$' in every runtime.
const aud = new Intl.NumberFormat('en-US', {
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

/** Whole Australian dollars, as for retainer amounts in the project detail: 1234.5 → 'A$1,235'. */
export function formatAud(n: number): string {
  return aud.format(finite(Math.round(n)));
}

/** Billing amounts on project cards: two decimals, en-US: 1234.5 → '$1,234.50'. */
export function formatBillingAmount(n: number): string {
  return billing.format(finite(n));
}
