/**
 * The Gross Margins tab of the Agency Dashboard (docs/product-spec.md: "Agency Dashboard",
 * "Entities and their fields" for the 'Gross margin response', "Business constants and limits"):
 * each visible dashboard project linked to Forecast whose dev status is Active
 * (docs/decisions/190-dev-status.md), with its hours, invoiced and paid totals
 * and the internal cost per person. One SQL round trip for all projects, from stored data.
 * The figures (cost, margin, margin %, live margin) are pure and shared with the island.
 */
import { RATE_JOIN_SQL, RATE_KNOWN_SQL, rateSql } from '../db/cost-periods';
import { ACTIVE_FORECAST_IDS_SQL } from '../db/projects';
import type { Db } from '../db/port';
import { PERSON_NAME_SQL, hoursFromMinutes, personName } from './agency-time';
import type { GrossMarginProject, GrossMarginsResponse } from '../shared/margins';
import { DEFAULT_HOURLY_RATE, roundMoney } from '../shared/money';

/** One row of the query: a project, and one person-and-rate group of its time (or none). */
export interface GrossMarginRow {
  id: number;
  name: string;
  devStatus: string;
  totalInvoiced: number;
  totalPaid: number;
  personId: number | null;
  personName: string | null;
  hourlyRate: number | null;
  rateKnown: boolean | null;
  minutes: number | null;
}

// Time on a project is costed at the rate in force each day, then grouped by person and rate,
// so a rate that changes mid-project gives that person one line per rate.
const GROSS_MARGINS_SQL = `
  WITH costed AS (
    SELECT tr.forecast_project_id, tr.person_id, ${PERSON_NAME_SQL} AS person_name,
           ${rateSql('$1')} AS hourly_rate, ${RATE_KNOWN_SQL} AS rate_known, SUM(tr.minutes) AS minutes
    FROM forecast_time_registrations tr
    LEFT JOIN forecast_persons person ON person.id = tr.person_id
    ${RATE_JOIN_SQL}
    WHERE tr.forecast_project_id IN (${ACTIVE_FORECAST_IDS_SQL})
    GROUP BY tr.forecast_project_id, tr.person_id, person_name, hourly_rate, rate_known
  )
  SELECT p.id, p.name, p.dev_status AS "devStatus",
         p.forecast_total_invoiced AS "totalInvoiced", p.forecast_total_paid AS "totalPaid",
         c.person_id AS "personId", c.person_name AS "personName", c.hourly_rate AS "hourlyRate",
         c.rate_known AS "rateKnown", c.minutes
  FROM projects p
  LEFT JOIN costed c ON c.forecast_project_id = p.forecast_project_id
  WHERE p.forecast_project_id IN (${ACTIVE_FORECAST_IDS_SQL})
  ORDER BY lower(p.name), p.id, c.person_name, c.person_id, c.hourly_rate`;

/**
 * Groups the query's rows into projects (pure). A project whose hours all lack a known cost
 * rate gets no breakdown, so the spec's default-rate note shows and cost = hours × $100.
 */
export function toGrossMarginProjects(rows: readonly GrossMarginRow[]): GrossMarginProject[] {
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
export async function loadGrossMargins(db: Db): Promise<GrossMarginsResponse> {
  const rows = await db.query<GrossMarginRow>(GROSS_MARGINS_SQL, [DEFAULT_HOURLY_RATE]);
  return { projects: toGrossMarginProjects(rows) };
}
