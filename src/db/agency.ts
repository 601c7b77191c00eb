/**
 * The Agency Dashboard's reads of the Forecast copy (sql/0003_forecast.sql) joined to the
 * dashboard's projects: a week of time registrations and invoices for Weekly Hours, and each
 * project's time costed per person and rate for Gross Margins. Both cover the projects of
 * ACTIVE_FORECAST_IDS_SQL (docs/decisions/194) and cost time with the one rate rule, the SQL
 * function `cost_rate_on` (docs/decisions/265-cost-rate-rule-in-one-sql-function.md; Gross
 * Margins through forecast_time_costs, which the database keeps with it, docs/decisions/239);
 * the totals are computed in services/agency-time.ts and services/gross-margins.ts.
 */
import type { IsoDate } from '../shared/calendar';
import type { Db } from './port';
import { ACTIVE_FORECAST_IDS_SQL } from './projects';

/** Forecast's "first last" for `person` (forecast_persons); empty when the person has no name. */
const PERSON_NAME_SQL = `btrim(person.first_name || ' ' || person.last_name)`;

// The whole week in one round trip, each list as one JSON text: the embedded PGlite decodes a
// thousand-row result field by field many times slower than one JSON.parse. Names come as small
// lists (people, projects) joined here, which keeps the week's scan lean; each registration
// carries its hourly cost, `$3` (the default rate) where no rate is known.
const WEEK_SQL = `
  WITH week AS MATERIALIZED (
    SELECT tr.id, tr.forecast_project_id, tr.date, tr.person_id, tr.notes, tr.minutes,
           COALESCE(rate.cost, $3::numeric) AS hourly_rate
    FROM forecast_time_registrations tr
    LEFT JOIN LATERAL cost_rate_on(tr.person_id, tr.date) rate ON true
    WHERE tr.date BETWEEN $1::date AND $2::date
      AND tr.forecast_project_id IN (${ACTIVE_FORECAST_IDS_SQL})
  )
  SELECT
    (SELECT COALESCE(json_agg(json_build_array(id, forecast_project_id, date, person_id, notes, minutes, hourly_rate)), '[]')::text
     FROM week) AS registrations,
    (SELECT COALESCE(json_agg(json_build_array(person.id, ${PERSON_NAME_SQL})), '[]')::text
     FROM forecast_persons person WHERE person.id IN (SELECT person_id FROM week)) AS persons,
    (SELECT COALESCE(json_agg(json_build_array(COALESCE(p.forecast_project_id, fproject.id), COALESCE(p.name, fproject.name))), '[]')::text
     FROM forecast_projects fproject
     FULL JOIN (SELECT forecast_project_id, name FROM projects WHERE forecast_project_id IS NOT NULL) p ON p.forecast_project_id = fproject.id) AS projects,
    -- docs/design.md, "Billing": Invoices This Week = non-draft invoices whose invoice date falls
    -- in the week, on the projects the tab covers (docs/decisions/194).
    -- One sum per currency: two currencies are never added (docs/figures.md, "Currency").
    (SELECT COALESCE(json_agg(json_build_array(currency, amount) ORDER BY currency), '[]')::text
     FROM (SELECT currency, SUM(amount) AS amount
           FROM forecast_invoices
           WHERE status <> 'DRAFT' AND invoice_date BETWEEN $1::date AND $2::date
             AND forecast_project_id IN (${ACTIVE_FORECAST_IDS_SQL})
           GROUP BY currency) i) AS invoices`;

export type RegistrationTuple = [
  id: number,
  projectId: number,
  date: IsoDate,
  personId: number,
  notes: string | null,
  minutes: number,
  /** The person's hourly cost that day (`cost_rate_on`, else the default rate). */
  hourlyRate: number,
];
export type PersonTuple = [id: number, name: string | null];
export type ProjectTuple = [forecastProjectId: number, name: string | null];

/** A week's rows as the query returns them, each list decoded from its JSON text. */
export interface AgencyWeekRows {
  registrations: RegistrationTuple[];
  persons: PersonTuple[];
  projects: ProjectTuple[];
  /**
   * Invoices This Week: the week's non-draft invoices on the covered projects, summed per
   * currency (null: stored before invoices kept their currency).
   */
  invoices: [currency: string | null, amount: number][];
}

/**
 * Reads the week `weekStart`..`weekEnd` in one query, scanning only that week's registrations;
 * time with no known rate is costed at `defaultRate`.
 */
export async function readAgencyWeek(
  db: Db,
  weekStart: IsoDate,
  weekEnd: IsoDate,
  defaultRate: number,
): Promise<AgencyWeekRows> {
  const [row] = await db.query<{
    registrations: string;
    persons: string;
    projects: string;
    invoices: string;
  }>(WEEK_SQL, [weekStart, weekEnd, defaultRate]);
  return {
    registrations: JSON.parse(row!.registrations) as RegistrationTuple[],
    persons: JSON.parse(row!.persons) as PersonTuple[],
    projects: JSON.parse(row!.projects) as ProjectTuple[],
    invoices: (JSON.parse(row!.invoices) as [string | null, number | string][]).map(
      ([currency, amount]) => [currency, Number(amount)],
    ),
  };
}

/** One row of the query: a project, and one person-and-rate group of its time (or none). */
export interface GrossMarginRow {
  id: number;
  name: string;
  devStatus: string;
  totalInvoiced: number;
  totalPaid: number;
  /** The currency of the two totals; null before the project's first invoice. */
  currency: string | null;
  personId: number | null;
  personName: string | null;
  hourlyRate: number | null;
  rateKnown: boolean | null;
  minutes: number | null;
}

// Time on a project is costed at the rate in force each day, then grouped by person and rate,
// so a rate that changes mid-project gives that person one line per rate. The grouping is
// kept by the database as the time is written (forecast_time_costs, docs/decisions/239).
const GROSS_MARGINS_SQL = `
  WITH costed AS (
    SELECT tc.forecast_project_id, tc.person_id, ${PERSON_NAME_SQL} AS person_name,
           COALESCE(tc.cost, $1::numeric) AS hourly_rate, tc.cost IS NOT NULL AS rate_known, tc.minutes
    FROM forecast_time_costs tc
    LEFT JOIN forecast_persons person ON person.id = tc.person_id
    WHERE tc.forecast_project_id IN (${ACTIVE_FORECAST_IDS_SQL})
  )
  SELECT p.id, p.name, p.dev_status AS "devStatus",
         p.forecast_total_invoiced AS "totalInvoiced", p.forecast_total_paid AS "totalPaid",
         p.forecast_currency AS currency,
         c.person_id AS "personId", c.person_name AS "personName", c.hourly_rate AS "hourlyRate",
         c.rate_known AS "rateKnown", c.minutes
  FROM projects p
  LEFT JOIN costed c ON c.forecast_project_id = p.forecast_project_id
  WHERE p.forecast_project_id IN (${ACTIVE_FORECAST_IDS_SQL})
  ORDER BY lower(p.name), p.id, c.person_name, c.person_id, c.hourly_rate`;

/** Every covered project with its time grouped by person and rate, `defaultRate` for unknown rates. */
export function readGrossMarginRows(db: Db, defaultRate: number): Promise<GrossMarginRow[]> {
  return db.query<GrossMarginRow>(GROSS_MARGINS_SQL, [defaultRate]);
}
