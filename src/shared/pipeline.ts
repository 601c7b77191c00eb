/**
 * The weighted sales pipeline: a deal's weighted value and the monthly totals per currency
 * (two currencies are never added together).
 */
import { roundMoney } from './money';

/**
 * Pipedrive's rule (docs/reference/pipedrive-api.md, "Probability"): the deal's own probability
 * when its pipeline has deal probability turned on and the deal has one, else its stage's; 0 when
 * the stage is not known either.
 */
export function dealProbability(
  own: number | null,
  stage: number | null,
  pipelineDealProbability = true,
): number {
  return (pipelineDealProbability ? own : null) ?? stage ?? 0;
}

/** Weighted value = value × probability / 100, in the deal's currency, to the cent. */
export function weightedValue(
  value: number,
  own: number | null,
  stage: number | null,
  pipelineDealProbability = true,
): number {
  return roundMoney((value * dealProbability(own, stage, pipelineDealProbability)) / 100);
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
    row.value = roundMoney(row.value + d.value);
    row.weightedValue = roundMoney(row.weightedValue + d.weightedValue);
    byKey.set(key, row);
  }
  return [...byKey.values()].sort(
    (a, b) => a.month.localeCompare(b.month) || a.currency.localeCompare(b.currency),
  );
}

export interface FunnelDeal {
  pipeline: string | null;
  stage: string | null;
  stageOrder: number | null;
  value: number;
  weightedValue: number;
  /** The value in the company currency; null without an exchange rate. */
  valueInAgencyCurrency: number | null;
  weightedInAgencyCurrency: number | null;
}

export interface FunnelStage {
  pipeline: string;
  stage: string;
  deals: number;
  /** In the company currency, deals without a rate left out (and counted in `unconverted`). */
  value: number;
  weightedValue: number;
  unconverted: number;
}

/**
 * The open deals by pipeline and stage, in the stages' order: how many, and their value and
 * weighted value in the company currency (a deal without an exchange rate is counted, not added).
 */
export function pipelineFunnel(deals: readonly FunnelDeal[]): FunnelStage[] {
  const byKey = new Map<string, FunnelStage & { order: number }>();
  for (const d of deals) {
    const pipeline = d.pipeline ?? 'No pipeline';
    const stage = d.stage ?? 'No stage';
    const key = `${pipeline}\u0000${stage}`;
    const row = byKey.get(key) ?? {
      pipeline,
      stage,
      order: d.stageOrder ?? Number.MAX_SAFE_INTEGER,
      deals: 0,
      value: 0,
      weightedValue: 0,
      unconverted: 0,
    };
    row.deals += 1;
    if (d.valueInAgencyCurrency === null || d.weightedInAgencyCurrency === null)
      row.unconverted += 1;
    else {
      row.value = roundMoney(row.value + d.valueInAgencyCurrency);
      row.weightedValue = roundMoney(row.weightedValue + d.weightedInAgencyCurrency);
    }
    byKey.set(key, row);
  }
  return [...byKey.values()]
    .sort((a, b) => a.pipeline.localeCompare(b.pipeline) || a.order - b.order)
    .map(({ order: _order, ...row }) => row);
}

export interface CurrencyTotal {
  currency: string;
  deals: number;
  value: number;
  weightedValue: number;
  /** The same in the company currency; null for a currency without a rate. */
  valueInAgencyCurrency: number | null;
  weightedInAgencyCurrency: number | null;
}

/**
 * Open deals' value and weighted value per currency, each converted at its rate where it has
 * one, and the converted grand total (currencies without a rate left out of it, and named).
 */
export function pipelineTotals(
  deals: readonly { currency: string; value: number; weightedValue: number }[],
  convert: (amount: number, currency: string) => number | null,
): {
  currencies: CurrencyTotal[];
  converted: { value: number; weightedValue: number; leftOut: string[] };
} {
  const byCurrency = new Map<string, { deals: number; value: number; weightedValue: number }>();
  for (const d of deals) {
    const row = byCurrency.get(d.currency) ?? { deals: 0, value: 0, weightedValue: 0 };
    row.deals += 1;
    row.value += d.value;
    row.weightedValue += d.weightedValue;
    byCurrency.set(d.currency, row);
  }
  const currencies = [...byCurrency]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, t]) => {
      const value = convert(t.value, currency);
      const weighted = convert(t.weightedValue, currency);
      return {
        currency,
        deals: t.deals,
        value: roundMoney(t.value),
        weightedValue: roundMoney(t.weightedValue),
        valueInAgencyCurrency: value === null ? null : roundMoney(value),
        weightedInAgencyCurrency: weighted === null ? null : roundMoney(weighted),
      };
    });
  let value = 0;
  let weightedValue = 0;
  const leftOut: string[] = [];
  for (const c of currencies) {
    if (c.valueInAgencyCurrency === null || c.weightedInAgencyCurrency === null) {
      leftOut.push(c.currency);
      continue;
    }
    value += c.valueInAgencyCurrency;
    weightedValue += c.weightedInAgencyCurrency;
  }
  return {
    currencies,
    converted: { value: roundMoney(value), weightedValue: roundMoney(weightedValue), leftOut },
  };
}

/**
 * The name a Pipedrive organisation and a Forecast client are matched on: trimmed, inner spaces
 * made one, case folded. "Acme " and "acme" are one client; "Acme Pty" is another.
 */
export function clientKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
}

/**
 * The dashboard projects a deal renews: those of the Forecast client whose name matches the
 * deal's organisation (none without an organisation or a match), by name.
 */
export function renewedProjects<P extends { id: number; name: string }>(
  organization: string | null,
  projectsByClient: ReadonlyMap<string, readonly P[]>,
): P[] {
  if (!organization) return [];
  return [...(projectsByClient.get(clientKey(organization)) ?? [])].sort((a, b) =>
    a.name.localeCompare(b.name),
  );
}
