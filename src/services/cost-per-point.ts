/**
 * Cost per story point over the last 8 weeks (docs/decisions/172), per project linked to both
 * Forecast and Jira and for those projects together: cost from the costed time, points from the
 * stored Jira status changes.
 */
import type { CurrencyCode } from '../shared/currency';
import { readDonePoints, type DonePoints } from '../db/done-points';
import type { Db } from '../db/port';
import { listVisibleProjects } from '../db/projects';
import { costOf, readWeeklyFigures } from '../db/weekly-figures';
import {
  COST_PER_POINT_WEEKS,
  costPerPointOverall,
  costPerPointWeeks,
  type CostAndPoints,
  type CostPerPointSeries,
  type CostPerPointResponse,
} from '../shared/cost-per-point';
import { dayRangeInZone } from '../shared/time-zones';
import { isDescopedStatus } from '../shared/tickets';
import { lastWeeks, weekEndOf, weekStartOf, type IsoDate } from '../shared/calendar';

/** Done points, descoped statuses left out (decision 011), summed per project and week. */
export function pointsByWeek(rows: readonly DonePoints[]): Map<string, number> {
  const byKey = new Map<string, number>();
  for (const r of rows) {
    if (isDescopedStatus(r.statusName)) continue;
    const key = `${r.projectId}|${weekStartOf(r.day)}`;
    byKey.set(key, (byKey.get(key) ?? 0) + r.points);
  }
  return byKey;
}

const series = (weeks: CostAndPoints[], currentWeekStart: IsoDate): CostPerPointSeries => ({
  weeks: costPerPointWeeks(weeks),
  overall: costPerPointOverall(weeks, currentWeekStart),
});

export async function loadCostPerPoint(
  db: Db,
  currentWeekStart: IsoDate,
  timeZone: string,
  companyCurrency: CurrencyCode,
): Promise<CostPerPointResponse> {
  const weeks = lastWeeks(currentWeekStart, COST_PER_POINT_WEEKS);
  const lastDay = weekEndOf(currentWeekStart);
  const range = dayRangeInZone(weeks[0]!, lastDay, timeZone);
  const [projects, figures, done] = await Promise.all([
    listVisibleProjects(db),
    readWeeklyFigures(db, { from: weeks[0]!, to: lastDay }),
    readDonePoints(db, { ...range, timeZone }),
  ]);
  const points = pointsByWeek(done);
  const linked = projects.filter((p) => p.forecastProjectId !== null && p.jiraProjectKey !== null);
  const perProject = linked.map((p) => {
    const time = figures.time.filter((t) => t.forecastProjectId === p.forecastProjectId);
    const rows = weeks.map((weekStart) => ({
      weekStart,
      cost: costOf(time.filter((t) => t.weekStart === weekStart)),
      points: points.get(`${p.id}|${weekStart}`) ?? 0,
    }));
    return { id: p.id, name: p.name, rows };
  });
  const agency = weeks.map((weekStart, i) => ({
    weekStart,
    cost: perProject.reduce((sum, p) => sum + p.rows[i]!.cost, 0),
    points: perProject.reduce((sum, p) => sum + p.rows[i]!.points, 0),
  }));
  return {
    currentWeekStart,
    currency: companyCurrency,
    agency: series(agency, currentWeekStart),
    projects: perProject.map((p) => ({
      id: p.id,
      name: p.name,
      ...series(p.rows, currentWeekStart),
    })),
  };
}
