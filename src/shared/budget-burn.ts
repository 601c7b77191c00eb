/**
 * Budget burn of fixed-price and time-and-materials projects (docs/decisions/171): how much of the
 * project value our internal cost has used, how fast it is going, and the week it reaches the
 * value at that pace. Budget burn is INTERNAL COST against the project value; what has been
 * invoiced is shown beside it, not mixed in. Pure and browser-safe.
 */
import type { CurrencyCode } from './currency';
import { roundMoney } from './money';
import { addCalendarDays, weekStartOf, type IsoDate } from './calendar';
import { percentOf } from './percent';

/** Finished weeks averaged into the pace. */
export const BURN_WEEKS = 4;

/** Beyond five years out, a run-out date says nothing a lead can act on: 'not at this pace'. */
export const RUN_OUT_HORIZON_WEEKS = 260;

export interface WeekCost {
  weekStart: IsoDate;
  cost: number;
}

export interface BudgetBurnInput {
  /** Forecast `budget`: what the client pays for the project. */
  projectValue: number;
  /** Internal cost of all the project's time so far (the Gross Margins figure). */
  costToDate: number;
  /** Non-draft invoices so far (the Gross Margins figure). */
  invoicedToDate: number;
  /** Internal cost of each of the last finished weeks, oldest first. */
  weeklyCosts: readonly WeekCost[];
  today: IsoDate;
  /** The Budget burn alert's threshold from settings (`budgetBurnPercent`). */
  alertPercent: number;
}

export type RunOut =
  | { kind: 'no-value' }
  | { kind: 'reached' }
  | { kind: 'not-at-this-pace' }
  | { kind: 'week'; weekStart: IsoDate };

export interface BudgetBurn {
  projectValue: number;
  costToDate: number;
  invoicedToDate: number;
  /** Cost as a rounded % of the value (may pass 100); null when the project has no value. */
  usedPercent: number | null;
  /** Invoiced as a rounded % of the value; null when the project has no value. */
  invoicedPercent: number | null;
  /** Value less cost; negative once the cost has passed the value. */
  remaining: number;
  weeklyCosts: WeekCost[];
  /** Mean cost per week over `weeklyCosts`. */
  pacePerWeek: number;
  runOut: RunOut;
  /** The Budget burn alert's threshold, as a share of the value used. */
  alertPercent: number;
  /** The share used is at or past the threshold: the alert is open, the tab marks the row. */
  overAlert: boolean;
}

/**
 * The one test behind the Budget burn alert and the marks on the Budget Burn tab: the share of
 * budget used, as the tab prints it (a whole percent of internal cost against value), at or
 * past the alert's threshold. Invoiced is shown beside it and never raises the alert.
 */
export function burnsPastAlert(usedPercent: number | null, alertPercent: number): boolean {
  return usedPercent !== null && usedPercent >= alertPercent;
}

/** How a share of budget used is drawn: red once the value is reached, amber past the alert. */
export function burnTone(
  usedPercent: number | null,
  alertPercent: number,
): 'red' | 'amber' | 'blue' {
  if (usedPercent !== null && usedPercent >= 100) return 'red';
  return burnsPastAlert(usedPercent, alertPercent) ? 'amber' : 'blue';
}

/**
 * When cost reaches value at the present pace: today + (value − cost) / pace weeks, named by the
 * Monday of that week. Already there is 'reached'; no pace (or further than the horizon) is
 * 'not-at-this-pace'; a project without a value has nothing to run out of.
 */
export function runOutWeek(input: {
  projectValue: number;
  costToDate: number;
  pacePerWeek: number;
  today: IsoDate;
}): RunOut {
  if (!(input.projectValue > 0)) return { kind: 'no-value' };
  const remaining = input.projectValue - input.costToDate;
  if (remaining <= 0) return { kind: 'reached' };
  if (!(input.pacePerWeek > 0)) return { kind: 'not-at-this-pace' };
  const weeks = remaining / input.pacePerWeek;
  if (weeks > RUN_OUT_HORIZON_WEEKS) return { kind: 'not-at-this-pace' };
  return {
    kind: 'week',
    weekStart: weekStartOf(addCalendarDays(input.today, Math.ceil(weeks * 7))),
  };
}

export function budgetBurn(input: BudgetBurnInput): BudgetBurn {
  const weeks = input.weeklyCosts.map((w) => ({
    weekStart: w.weekStart,
    cost: roundMoney(w.cost),
  }));
  const pace = weeks.length
    ? roundMoney(weeks.reduce((sum, w) => sum + w.cost, 0) / weeks.length)
    : 0;
  const hasValue = input.projectValue > 0;
  const usedPercent = hasValue ? percentOf(input.costToDate, input.projectValue) : null;
  return {
    projectValue: roundMoney(input.projectValue),
    costToDate: roundMoney(input.costToDate),
    invoicedToDate: roundMoney(input.invoicedToDate),
    usedPercent,
    invoicedPercent: hasValue ? percentOf(input.invoicedToDate, input.projectValue) : null,
    remaining: roundMoney(input.projectValue - input.costToDate),
    weeklyCosts: weeks,
    pacePerWeek: pace,
    runOut: runOutWeek({ ...input, pacePerWeek: pace }),
    alertPercent: input.alertPercent,
    overAlert: burnsPastAlert(usedPercent, input.alertPercent),
  };
}

/** Budget burn applies to projects billed against a value: fixed price and time and materials. */
export function hasBudgetBurn(budgetType: string | null | undefined): boolean {
  return budgetType === 'FIXED_PRICE' || budgetType === 'TIME_AND_MATERIALS';
}

/** How the run-out reads on screen; `formatWeek` prints a week's Monday (e.g. 'Dec 21, 2026'). */
export function runOutText(runOut: RunOut, formatWeek: (weekStart: IsoDate) => string): string {
  switch (runOut.kind) {
    case 'no-value':
      return 'No project value to burn';
    case 'reached':
      return 'Budget reached';
    case 'not-at-this-pace':
      return 'not at this pace';
    case 'week':
      return `Week of ${formatWeek(runOut.weekStart)}`;
  }
}

export interface ProjectBudgetBurn extends BudgetBurn {
  projectId: number;
  name: string;
  budgetType: string;
}

/**
 * GET /api/budget-burn: every visible fixed-price or T&M project with a Forecast link, billed in
 * the company currency `currency` (its value, cost and invoices are then in one currency). A
 * project billed in another currency cannot set its cost against its value without an exchange
 * rate: it is named in `otherCurrency` instead.
 */
export interface BudgetBurnResponse {
  currency: CurrencyCode;
  /** The Budget burn alert's threshold (settings): rows at or past it carry an open alert. */
  alertPercent: number;
  projects: ProjectBudgetBurn[];
  otherCurrency: { projectId: number; name: string; currency: CurrencyCode }[];
}

/** Totals over the rows: each a sum of the rows' unrounded figures, rounded once. */
export function budgetBurnTotals(projects: readonly BudgetBurn[]): {
  projectValue: number;
  costToDate: number;
  invoicedToDate: number;
  remaining: number;
  pacePerWeek: number;
} {
  const sum = (pick: (b: BudgetBurn) => number) =>
    roundMoney(projects.reduce((s, b) => s + pick(b), 0));
  return {
    projectValue: sum((b) => b.projectValue),
    costToDate: sum((b) => b.costToDate),
    invoicedToDate: sum((b) => b.invoicedToDate),
    remaining: sum((b) => b.remaining),
    pacePerWeek: sum((b) => b.pacePerWeek),
  };
}
