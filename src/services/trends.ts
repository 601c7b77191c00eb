/**
 * The 12-week trends on Insights (docs/decisions/173): the agency's weeks counted as Weekly Hours
 * counts them, and each Gross Margins project's weeks, from one read of the synced tables.
 */
import type { Db } from '../db/port';
import { listVisibleProjects } from '../db/projects';
import { costOf, readWeeklyFigures, type WeeklyFigures } from '../db/weekly-figures';
import { TREND_WEEKS, trendWeeks, type WeekFigures, type TrendsResponse } from '../shared/trends';
import { lastWeeks, weekEndOf, type IsoDate } from '../shared/calendar';
import { type CurrencyCode, otherCurrencies } from '../shared/currency';

/** The figures of each (project, week) of the Forecast projects in `forecastProjectIds`. */
export function weekFiguresOf(
  figures: WeeklyFigures,
  forecastProjectIds: ReadonlySet<number>,
  companyCurrency: CurrencyCode,
): WeekFigures[] {
  const out: WeekFigures[] = [];
  for (const t of figures.time)
    if (forecastProjectIds.has(t.forecastProjectId))
      out.push({ weekStart: t.weekStart, minutes: t.minutes, cost: costOf([t]), invoiced: 0 });
  for (const i of figures.invoices)
    if (
      forecastProjectIds.has(i.forecastProjectId) &&
      (i.currency ?? companyCurrency) === companyCurrency
    )
      out.push({ weekStart: i.weekStart, minutes: 0, cost: 0, invoiced: i.amount });
  return out;
}

export async function loadTrends(
  db: Db,
  currentWeekStart: IsoDate,
  companyCurrency: CurrencyCode,
): Promise<TrendsResponse> {
  const weeks = lastWeeks(currentWeekStart, TREND_WEEKS);
  const [figures, projects] = await Promise.all([
    readWeeklyFigures(db, { from: weeks[0]!, to: weekEndOf(currentWeekStart) }),
    listVisibleProjects(db),
  ]);
  const linked = projects.filter((p) => p.forecastProjectId !== null);
  // The agency line covers what Weekly Hours and Gross Margins cover (docs/decisions/194).
  const active = new Set(
    linked.filter((p) => p.devStatus === 'Active').map((p) => p.forecastProjectId!),
  );
  const covered = new Set(linked.map((p) => p.forecastProjectId!));
  return {
    currentWeekStart,
    currency: companyCurrency,
    otherCurrencies: otherCurrencies(
      figures.invoices
        .filter((i) => covered.has(i.forecastProjectId))
        .map((i) => ({ amount: i.amount, currency: i.currency ?? companyCurrency })),
      companyCurrency,
    ),
    agency: trendWeeks(currentWeekStart, weekFiguresOf(figures, active, companyCurrency)),
    projects: linked.map((p) => ({
      id: p.id,
      name: p.name,
      weeks: trendWeeks(
        currentWeekStart,
        weekFiguresOf(figures, new Set([p.forecastProjectId!]), companyCurrency),
      ),
    })),
  };
}
