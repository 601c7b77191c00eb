/**
 * The Gross Margins tab of the Agency Dashboard (spec §2, §3 'Gross margin response', §9):
 * each visible dashboard project linked to Forecast, with its hours, invoiced and paid totals
 * and the internal cost per person. One SQL round trip for all projects, from stored data.
 * The figures (cost, margin, margin %, live margin) are pure and shared with the island.
 */
import type { Db } from '../db/port';
import { PERSON_NAME_SQL, hoursFromMinutes, personName } from './agency-time';
import { DEFAULT_HOURLY_RATE, grossMargin, internalCost, liveMargin, marginPercent, roundMoney, type LiveMargin } from './metrics';

export interface CostBreakdownEntry {
  personId: number;
  personName: string;
  hours: number;
  hourlyRate: number;
  cost: number;
}

export interface GrossMarginProject {
  id: number;
  name: string;
  devStatus: string;
  totalHours: number;
  totalInvoiced: number;
  totalPaid: number;
  /** Absent when no hour of the project has a known cost rate: the $100/h default applies. */
  costBreakdown?: CostBreakdownEntry[];
}

/** The response of GET /api/gross-margins (spec §3). */
export interface GrossMarginsResponse {
  projects: GrossMarginProject[];
}

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

/**
 * Each person's cost periods as date ranges: from its start (NULL = since ever) to the next
 * period's start (NULL = still in force). One period per person and start, so no day is costed twice.
 */
export const COST_PERIOD_RANGES_SQL = `cost_period_ranges AS (
    SELECT person_id, start_date, cost,
           lead(start_date) OVER (PARTITION BY person_id ORDER BY start_date NULLS FIRST) AS next_start
    FROM (
      SELECT DISTINCT ON (person_id, start_date) person_id, start_date, cost
      FROM forecast_person_cost_periods
      ORDER BY person_id, start_date NULLS FIRST, id
    ) one_per_start
  )`;

/**
 * The cost rate in force for registration `tr` on its day, in SQL: the period whose range holds
 * the day (the latest start on or before it, else the start-less first period), else the
 * person's own cost, else the default. It is `costRateOn` of metrics.ts, in SQL so months of
 * registrations are costed and grouped in one query; gross-margins.test.ts checks both agree.
 * Needs COST_PERIOD_RANGES_SQL, `tr` (forecast_time_registrations) and `person` (forecast_persons).
 */
export const RATE_JOIN_SQL = `LEFT JOIN cost_period_ranges period
      ON period.person_id = tr.person_id
     AND (period.start_date IS NULL OR period.start_date <= tr.date)
     AND (period.next_start IS NULL OR tr.date < period.next_start)`;
export const rateSql = (defaultRateParam: string) => `COALESCE(period.cost, person.cost, ${defaultRateParam}::numeric)`;
export const RATE_KNOWN_SQL = '(period.cost IS NOT NULL OR person.cost IS NOT NULL)';

// Time on a project is costed at the rate in force each day, then grouped by person and rate,
// so a rate that changes mid-project gives that person one line per rate.
const GROSS_MARGINS_SQL = `
  WITH ${COST_PERIOD_RANGES_SQL},
  costed AS (
    SELECT tr.forecast_project_id, tr.person_id, ${PERSON_NAME_SQL} AS person_name,
           ${rateSql('$1')} AS hourly_rate, ${RATE_KNOWN_SQL} AS rate_known, SUM(tr.minutes) AS minutes
    FROM forecast_time_registrations tr
    JOIN projects dashboard ON dashboard.forecast_project_id = tr.forecast_project_id AND dashboard.visible = 1
    LEFT JOIN forecast_persons person ON person.id = tr.person_id
    ${RATE_JOIN_SQL}
    GROUP BY tr.forecast_project_id, tr.person_id, person_name, hourly_rate, rate_known
  )
  SELECT p.id, p.name, p.dev_status AS "devStatus",
         p.forecast_total_invoiced AS "totalInvoiced", p.forecast_total_paid AS "totalPaid",
         c.person_id AS "personId", c.person_name AS "personName", c.hourly_rate AS "hourlyRate",
         c.rate_known AS "rateKnown", c.minutes
  FROM projects p
  LEFT JOIN costed c ON c.forecast_project_id = p.forecast_project_id
  WHERE p.forecast_project_id IS NOT NULL AND p.visible = 1
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
      current = { id: row.id, name: row.name, devStatus: row.devStatus, totalHours: 0, totalInvoiced: roundMoney(row.totalInvoiced), totalPaid: roundMoney(row.totalPaid), costBreakdown: [] };
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

/** Gross margins of every visible dashboard project linked to Forecast, in one query. */
export async function loadGrossMargins(db: Db): Promise<GrossMarginsResponse> {
  const rows = await db.query<GrossMarginRow>(GROSS_MARGINS_SQL, [DEFAULT_HOURLY_RATE]);
  return { projects: toGrossMarginProjects(rows) };
}

export interface MarginFigures {
  internalCost: number;
  grossMargin: number;
  /** One decimal; 0 when nothing is invoiced. */
  marginPercent: number;
  live: LiveMargin;
}

/** The table's figures for a project, by spec §9 (the island and the tests share this). */
export function marginFigures(project: Pick<GrossMarginProject, 'totalHours' | 'totalInvoiced' | 'totalPaid' | 'costBreakdown'>): MarginFigures {
  const cost = internalCost({ hours: project.totalHours, breakdownCosts: (project.costBreakdown ?? []).map((e) => e.cost) });
  const margin = grossMargin(project.totalInvoiced, cost);
  return {
    internalCost: cost,
    grossMargin: margin,
    marginPercent: marginPercent(margin, project.totalInvoiced),
    live: liveMargin({ paid: project.totalPaid, cost }),
  };
}
