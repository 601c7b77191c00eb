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
} from '../shared/budget-burn';
import { loadGrossMargins } from './gross-margins';
import { marginFigures } from '../shared/margins';
import { lastWeeks, shiftWeek, weekEndOf, weekStartOf, type IsoDate } from '../shared/calendar';
import { listVisibleProjects } from '../db/projects';

export async function loadBudgetBurns(
  db: Db,
  today: IsoDate,
  onlyProjectId?: number,
): Promise<BudgetBurnResponse> {
  const weeks = lastWeeks(shiftWeek(weekStartOf(today), -1), BURN_WEEKS);
  const projects = (await listVisibleProjects(db)).filter(
    (p) =>
      p.forecastProjectId !== null &&
      hasBudgetBurn(p.forecastBudgetType) &&
      (onlyProjectId === undefined || p.id === onlyProjectId),
  );
  if (projects.length === 0) return { projects: [] };
  const [margins, figures] = await Promise.all([
    loadGrossMargins(db),
    readWeeklyFigures(
      db,
      { from: weeks[0]!, to: weekEndOf(weeks[weeks.length - 1]!) },
      onlyProjectId === undefined ? null : projects[0]!.forecastProjectId,
    ),
  ]);
  const marginOf = new Map(margins.projects.map((m) => [m.id, m]));
  return {
    projects: projects.flatMap((p) => {
      const margin = marginOf.get(p.id);
      if (!margin) return [];
      const time = figures.time.filter((t) => t.forecastProjectId === p.forecastProjectId);
      return [
        {
          projectId: p.id,
          name: p.name,
          budgetType: p.forecastBudgetType!,
          ...budgetBurn({
            projectValue: p.forecastProjectValue,
            costToDate: marginFigures(margin).internalCost,
            invoicedToDate: margin.totalInvoiced,
            weeklyCosts: weeks.map((weekStart) => ({
              weekStart,
              cost: costOf(time.filter((t) => t.weekStart === weekStart)),
            })),
            today,
          }),
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
): Promise<ProjectBudgetBurn | null> {
  const { projects } = await loadBudgetBurns(db, today, projectId);
  return projects[0] ?? null;
}

/** Each visible project's share of budget used, by project id: the card gauges (decision 192). */
export async function loadBudgetsUsed(db: Db, today: IsoDate): Promise<Record<number, number>> {
  const { projects } = await loadBudgetBurns(db, today);
  return Object.fromEntries(
    projects.flatMap((b) => (b.usedPercent === null ? [] : [[b.projectId, b.usedPercent]])),
  );
}
