/**
 * Budget burn of fixed-price and time-and-materials projects (docs/decisions/171): cost to date
 * is the project's Internal Cost on Gross Margins (same query, same rule), the pace comes from
 * the last four finished weeks of costed time.
 */
import type { Db } from '../db/port';
import { costOf, readWeeklyFigures } from '../db/weekly-figures';
import {
  BURN_WEEKS,
  budgetBurn,
  hasBudgetBurn,
  type BudgetBurnResponse,
  type ProjectBudgetBurn,
  type WeekCost,
} from '../shared/budget-burn';
import { loadGrossMargins } from './gross-margins';
import { type GrossMarginProject, hasMargin, marginFigures } from '../shared/margins';
import type { CurrencyCode } from '../shared/currency';
import { lastWeeks, shiftWeek, weekEndOf, weekStartOf, type IsoDate } from '../shared/calendar';
import { listVisibleProjects } from '../db/projects';
import { getAlertThresholds } from '../db/alerts';
import type { Project } from '../shared/projects';

/** The projects budget burn applies to: on the dashboard, linked to Forecast, fixed price or T&M. */
const burnsBudget = (p: Project) =>
  p.visible === 1 && p.forecastProjectId !== null && hasBudgetBurn(p.forecastBudgetType);

/** The rule of decision 171 over a project's Gross Margins figures: cost to date is its Internal Cost. */
const burnOf = (
  p: Project,
  margin: GrossMarginProject,
  weeklyCosts: readonly WeekCost[],
  today: IsoDate,
  alertPercent: number,
) =>
  budgetBurn({
    projectValue: p.forecastProjectValue,
    costToDate: marginFigures(margin).internalCost,
    invoicedToDate: margin.totalInvoiced,
    weeklyCosts,
    today,
    alertPercent,
  });

/**
 * Every budget burn, with the alert's threshold from settings: the Budget Burn tab, its CSV, the
 * project's tab and the Budget burn alert all read this one answer (docs/decisions/386).
 */
export async function loadBudgetBurns(
  db: Db,
  today: IsoDate,
  companyCurrency: CurrencyCode,
  onlyProjectId?: number,
): Promise<BudgetBurnResponse> {
  const weeks = lastWeeks(shiftWeek(weekStartOf(today), -1), BURN_WEEKS);
  const [visible, thresholds] = await Promise.all([
    listVisibleProjects(db),
    getAlertThresholds(db),
  ]);
  const alertPercent = thresholds.budgetBurnPercent;
  const projects = visible.filter(
    (p) => burnsBudget(p) && (onlyProjectId === undefined || p.id === onlyProjectId),
  );
  if (projects.length === 0)
    return { currency: companyCurrency, alertPercent, projects: [], otherCurrency: [] };
  const [margins, figures] = await Promise.all([
    loadGrossMargins(db, companyCurrency),
    readWeeklyFigures(
      db,
      { from: weeks[0]!, to: weekEndOf(weeks[weeks.length - 1]!) },
      onlyProjectId === undefined ? null : projects[0]!.forecastProjectId,
    ),
  ]);
  const marginOf = new Map(margins.projects.map((m) => [m.id, m]));
  const otherCurrency = projects.flatMap((p) => {
    const margin = marginOf.get(p.id);
    return margin && !hasMargin(margin, companyCurrency)
      ? [{ projectId: p.id, name: p.name, currency: margin.currency }]
      : [];
  });
  return {
    currency: companyCurrency,
    alertPercent,
    otherCurrency,
    projects: projects.flatMap((p) => {
      const margin = marginOf.get(p.id);
      if (!margin || !hasMargin(margin, companyCurrency)) return [];
      const time = figures.time.filter((t) => t.forecastProjectId === p.forecastProjectId);
      return [
        {
          projectId: p.id,
          name: p.name,
          budgetType: p.forecastBudgetType!,
          ...burnOf(
            p,
            margin,
            weeks.map((weekStart) => ({
              weekStart,
              cost: costOf(time.filter((t) => t.weekStart === weekStart)),
            })),
            today,
            alertPercent,
          ),
        },
      ];
    }),
  };
}

/** One project's budget burn; null when it has none (not fixed price or T&M, hidden, unlinked). */
export async function loadBudgetBurn(
  db: Db,
  projectId: number,
  today: IsoDate,
  companyCurrency: CurrencyCode,
): Promise<ProjectBudgetBurn | null> {
  const { projects } = await loadBudgetBurns(db, today, companyCurrency, projectId);
  return projects[0] ?? null;
}

/**
 * Each visible project's share of budget used, by project id: the card gauges (decision 192).
 * From the projects the page already holds: the share needs only the cost to date, so no
 * weekly figures and no second read of the projects; and no query at all when none of them
 * has a budget to burn. The share is `budgetBurn`'s, so the gauges and GET
 * /api/insights/budget-burn agree.
 */
export async function loadBudgetsUsed(
  db: Db,
  projects: readonly Project[],
  today: IsoDate,
  companyCurrency: CurrencyCode,
): Promise<Record<number, number>> {
  const burning = projects.filter(burnsBudget);
  if (burning.length === 0) return {};
  const marginOf = new Map(
    (await loadGrossMargins(db, companyCurrency)).projects.map((m) => [m.id, m]),
  );
  return Object.fromEntries(
    burning.flatMap((p) => {
      const margin = marginOf.get(p.id);
      if (!margin || !hasMargin(margin, companyCurrency)) return [];
      // The share alone: no threshold is read or used here.
      const { usedPercent } = burnOf(p, margin, [], today, Number.POSITIVE_INFINITY);
      return usedPercent === null ? [] : [[p.id, usedPercent]];
    }),
  );
}
