/**
 * The Gross Margins tab of the Agency Dashboard (docs/product-spec.md: "Agency Dashboard",
 * "Entities and their fields" for the 'Gross margin response', "Business constants and limits"):
 * each visible dashboard project linked to Forecast whose dev status is Active
 * (docs/decisions/190-dev-status.md), with its hours, invoiced and paid totals
 * and the internal cost per person. One SQL round trip for all projects, from stored data.
 * The figures (cost, margin, margin %, live margin) are pure and shared with the island.
 */
import { readGrossMarginRows, type GrossMarginRow } from '../db/agency';
import type { Db } from '../db/port';
import { personName } from './agency-time';
import type { GrossMarginProject, GrossMarginsResponse } from '../shared/margins';
import type { CurrencyCode } from '../shared/currency';
import { DEFAULT_HOURLY_RATE, hoursFromMinutes, roundMoney } from '../shared/money';

/**
 * Groups the query's rows into projects (pure). A project whose hours all lack a known cost
 * rate gets no breakdown, so the spec's default-rate note shows and cost = hours × $100.
 */
export function toGrossMarginProjects(
  rows: readonly GrossMarginRow[],
  companyCurrency: CurrencyCode,
): GrossMarginProject[] {
  const projects: GrossMarginProject[] = [];
  const minutesOf = new Map<number, number>();
  const knownOf = new Map<number, boolean>();
  let current: GrossMarginProject | undefined;
  for (const row of rows) {
    if (current?.id !== row.id) {
      current = {
        id: row.id,
        name: row.name,
        devStatus: row.devStatus,
        totalHours: 0,
        totalInvoiced: roundMoney(row.totalInvoiced),
        totalPaid: roundMoney(row.totalPaid),
        currency: row.currency ?? companyCurrency,
        costBreakdown: [],
      };
      projects.push(current);
      minutesOf.set(row.id, 0);
      knownOf.set(row.id, false);
    }
    if (row.personId === null || row.minutes === null || row.hourlyRate === null) continue;
    minutesOf.set(row.id, minutesOf.get(row.id)! + row.minutes);
    if (row.rateKnown) knownOf.set(row.id, true);
    const hours = row.minutes / 60;
    current.costBreakdown!.push({
      personId: row.personId,
      personName: personName(row.personName, row.personId),
      hours: hoursFromMinutes(row.minutes),
      hourlyRate: roundMoney(row.hourlyRate),
      cost: roundMoney(hours * row.hourlyRate),
    });
  }
  for (const project of projects) {
    project.totalHours = hoursFromMinutes(minutesOf.get(project.id)!);
    const breakdownTotal = project.costBreakdown!.reduce((sum, e) => sum + e.cost, 0);
    if (!knownOf.get(project.id) || !(breakdownTotal > 0)) delete project.costBreakdown;
  }
  return projects;
}

/** Gross margins of every visible, Active dashboard project linked to Forecast, in one query. */
export async function loadGrossMargins(
  db: Db,
  companyCurrency: CurrencyCode,
): Promise<GrossMarginsResponse> {
  const rows = await readGrossMarginRows(db, DEFAULT_HOURLY_RATE);
  return { currency: companyCurrency, projects: toGrossMarginProjects(rows, companyCurrency) };
}
