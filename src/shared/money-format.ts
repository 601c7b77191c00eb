/**
 * A finite number for display, apart from format.ts so the portfolio's cards need not load
 * date-fns. Amounts are formatted with their currency by formatMoney (currency.ts).
 */

// `+ 0` keeps a rounded -0 from printing as '-$0'.
export const finite = (n: number) => (Number.isFinite(n) ? n + 0 : 0);
