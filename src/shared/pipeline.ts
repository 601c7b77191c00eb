/**
 * The weighted sales pipeline: a deal's weighted value and the monthly totals per currency
 * (two currencies are never added together).
 */

/** The deal's own probability, else its stage's; 0 when neither is known. */
export function dealProbability(own: number | null, stage: number | null): number {
  return own ?? stage ?? 0;
}

/** Weighted value = value × probability / 100, in the deal's currency, to the cent. */
export function weightedValue(value: number, own: number | null, stage: number | null): number {
  return Math.round(value * dealProbability(own, stage)) / 100;
}

export interface PipelineDealRow {
  value: number;
  currency: string;
  weightedValue: number;
  /** YYYY-MM-DD or null for a deal without an expected close date. */
  expectedCloseDate: string | null;
}

export interface PipelineMonth {
  /** YYYY-MM; 'none' for deals without an expected close date. */
  month: string;
  currency: string;
  value: number;
  weightedValue: number;
}

/** Value and weighted value by month of expected close and currency, months in order. */
export function pipelineByMonth(deals: readonly PipelineDealRow[]): PipelineMonth[] {
  const byKey = new Map<string, PipelineMonth>();
  for (const d of deals) {
    const month = d.expectedCloseDate ? d.expectedCloseDate.slice(0, 7) : 'none';
    const key = `${month} ${d.currency}`;
    const row = byKey.get(key) ?? { month, currency: d.currency, value: 0, weightedValue: 0 };
    row.value = Math.round((row.value + d.value) * 100) / 100;
    row.weightedValue = Math.round((row.weightedValue + d.weightedValue) * 100) / 100;
    byKey.set(key, row);
  }
  return [...byKey.values()].sort(
    (a, b) => a.month.localeCompare(b.month) || a.currency.localeCompare(b.currency),
  );
}
