/**
 * Amounts with their currency (docs/figures.md, "Currency"): billing is in the currency Forecast
 * recorded each invoice in, costs and rates in the company's currency. An amount is formatted
 * with its own currency's symbol (en-US: '$' for USD, 'A$' for AUD, '€' for EUR), so two
 * currencies on one page never read alike, and a total is kept per currency: amounts in two
 * currencies are never added.
 */

/** An ISO 4217 code: 'USD', 'AUD', 'EUR'. */
export type CurrencyCode = string;

/**
 * The company currency when the configuration names none (COMPANY_CURRENCY). With it the spec's
 * '$' texts read as written.
 */
export const DEFAULT_COMPANY_CURRENCY: CurrencyCode = 'USD';

const CODE = /^[A-Z]{3}$/;

/** The codes of the runtime's ICU data (Node, browsers, Workers), read once. */
let known: Set<string> | null = null;

/**
 * Whether `code` is a three-letter ISO 4217 code Intl knows: 'USD', not 'usd', 'USDT', 'US$' or a
 * well-formed but unassigned 'XYZ' (docs/decisions/375).
 */
export function isCurrencyCode(code: string): boolean {
  if (!CODE.test(code)) return false;
  if (typeof Intl.supportedValuesOf === 'function') {
    known ??= new Set(Intl.supportedValuesOf('currency'));
    return known.has(code);
  }
  try {
    new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    return true;
  } catch {
    return false;
  }
}

/** An amount and the currency it was recorded in. */
export interface Amount {
  amount: number;
  currency: CurrencyCode;
}

const formats = new Map<string, Intl.NumberFormat>();

function formatter(currency: CurrencyCode, decimals: 0 | 2): Intl.NumberFormat {
  const key = `${currency} ${decimals}`;
  let f = formats.get(key);
  if (!f) {
    // A code Intl refuses ('USDT', 'US$', stored before the sync refused it) reads as a number
    // after the code rather than failing the page.
    const known = isCurrencyCode(currency);
    f = new Intl.NumberFormat('en-US', {
      ...(known ? { style: 'currency', currency } : {}),
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    if (!known) f = prefixed(f, currency);
    formats.set(key, f);
  }
  return f;
}

/** A number format whose output is led by `code`: 'USDT 1,200'. */
function prefixed(f: Intl.NumberFormat, code: string): Intl.NumberFormat {
  const label = code.trim().slice(0, 12) || '?';
  return { format: (n: number) => `${label} ${f.format(n)}` } as Intl.NumberFormat;
}

/**
 * An amount in its currency, en-US: formatMoney(1234.5, 'USD') → '$1,235',
 * formatMoney(1234.5, 'AUD', 2) → 'A$1,234.50'. Rounding is for display only.
 */
export function formatMoney(amount: number, currency: CurrencyCode, decimals: 0 | 2 = 0): string {
  const n = Number.isFinite(amount) ? amount : 0;
  // Intl rounds half away from zero, so -32,502.5 and 32,502.5 print as the same size (Math.round
  // would print -$32,502 beside $32,503); what would print as '-$0' prints as '$0'.
  const shown = Math.abs(n) < (decimals === 0 ? 0.5 : 0.005) ? 0 : n;
  return formatter(currency, decimals).format(shown);
}

/** Totals per currency, in the order each currency first appears. Never adds two currencies. */
export function totalsByCurrency(amounts: readonly Amount[]): Amount[] {
  const totals = new Map<CurrencyCode, number>();
  for (const a of amounts) totals.set(a.currency, (totals.get(a.currency) ?? 0) + a.amount);
  return [...totals].map(([currency, amount]) => ({ amount, currency }));
}

/** The total of the amounts in `currency` alone: amounts in any other currency are left out. */
export function totalIn(amounts: readonly Amount[], currency: CurrencyCode): number {
  return amounts.reduce((sum, a) => (a.currency === currency ? sum + a.amount : sum), 0);
}

/** The currencies among `amounts` other than `currency`, in order of first appearance. */
export function otherCurrencies(
  amounts: readonly Amount[],
  currency: CurrencyCode,
): CurrencyCode[] {
  return totalsByCurrency(amounts)
    .map((t) => t.currency)
    .filter((c) => c !== currency);
}

/**
 * A total for display: one currency reads as one amount; several read one per currency
 * ('$1,200 + A$300'), never as a sum; nothing reads as zero in `fallback`.
 */
export function formatTotal(
  amounts: readonly Amount[],
  fallback: CurrencyCode,
  decimals: 0 | 2 = 0,
): string {
  const totals = totalsByCurrency(amounts);
  if (totals.length === 0) return formatMoney(0, fallback, decimals);
  return totals.map((t) => formatMoney(t.amount, t.currency, decimals)).join(' + ');
}

const compact = new Map<string, Intl.NumberFormat>();

/** A chart axis tick: short, sign and currency kept ('-$40K', '$1.2M', 'A$500'). */
export function formatMoneyTick(amount: number, currency: CurrencyCode): string {
  let f = compact.get(currency);
  if (!f) {
    const known = isCurrencyCode(currency);
    f = new Intl.NumberFormat('en-US', {
      ...(known ? { style: 'currency', currency } : {}),
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    });
    if (!known) f = prefixed(f, currency);
    compact.set(currency, f);
  }
  return f.format(Number.isFinite(amount) ? amount + 0 : 0);
}
