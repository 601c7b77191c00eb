/**
 * The Weekly Hours tab of the Agency Dashboard (spec §2, §3 'Agency time data for a week'):
 * a week of Forecast time registrations and invoices, read from the synced copy in Postgres
 * (never from Forecast at request time), and the pure rules that total them.
 */
import type { Db } from '../db/port';
import { DEFAULT_HOURLY_RATE, isIsoDate, roundMoney, weekEndOf, weekStartOf, type IsoDate } from './metrics';

export interface TimeEntry {
  id: number;
  date: IsoDate;
  personName: string;
  notes?: string;
  hours: number;
}

export interface ProjectTimeData {
  /** The Forecast project id: time is logged on Forecast projects, on the dashboard or not. */
  projectId: number;
  projectName: string;
  totalHours: number;
  timeEntries: TimeEntry[];
}

/** The response of GET /api/agency-time-entries (spec §3). Money in dollars, two decimals. */
export interface AgencyTimeData {
  weekStart: IsoDate;
  weekEnd: IsoDate;
  totalHours: number;
  totalInternalCost: number;
  totalInvoicesSent: number;
  projectTimeData: ProjectTimeData[];
}

/** One time registration of the week with the person's cost rate on that day. */
export interface WeekRegistration {
  id: number;
  projectId: number;
  projectName: string;
  date: IsoDate;
  personName: string;
  notes: string | null;
  minutes: number;
  hourlyRate: number;
}

/** Hours for the API: minutes / 60 to two decimals (totals are summed in minutes first). */
export function hoursFromMinutes(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}

/**
 * The internal cost rate in force for registration `tr` on its day, as SQL: the cost period with
 * the latest start on or before the day, else the start-less first period, else the person's own
 * cost, else the default ($N). It is `costRateOn` of metrics.ts, in SQL so totals over months of
 * registrations stay one query; agency-time.test.ts checks that both agree day by day.
 * Needs `tr` (forecast_time_registrations) and `person` (forecast_persons, LEFT JOINed).
 */
export function rateInForceSql(defaultRateParam: string): string {
  return `LEFT JOIN LATERAL (
      SELECT cp.cost FROM forecast_person_cost_periods cp
      WHERE cp.person_id = tr.person_id AND (cp.start_date IS NULL OR cp.start_date <= tr.date)
      ORDER BY cp.start_date DESC NULLS LAST
      LIMIT 1
    ) period ON true
    CROSS JOIN LATERAL (
      SELECT COALESCE(period.cost, person.cost, ${defaultRateParam}::numeric) AS cost,
             (period.cost IS NOT NULL OR person.cost IS NOT NULL) AS known
    ) rate`;
}

/** A person's name as Forecast shows it; a person no longer synced still gets a readable name. */
export const PERSON_NAME_SQL = `COALESCE(NULLIF(btrim(person.first_name || ' ' || person.last_name), ''), 'Person #' || tr.person_id)`;

const WEEK_REGISTRATIONS_SQL = `
  SELECT tr.id,
         tr.forecast_project_id AS "projectId",
         COALESCE(p.name, fproject.name, 'Forecast project #' || tr.forecast_project_id) AS "projectName",
         tr.date,
         ${PERSON_NAME_SQL} AS "personName",
         tr.notes,
         tr.minutes,
         rate.cost AS "hourlyRate"
  FROM forecast_time_registrations tr
  LEFT JOIN forecast_persons person ON person.id = tr.person_id
  LEFT JOIN projects p ON p.forecast_project_id = tr.forecast_project_id
  LEFT JOIN forecast_projects fproject ON fproject.id = tr.forecast_project_id
  ${rateInForceSql('$3')}
  WHERE tr.date BETWEEN $1::date AND $2::date
    AND tr.forecast_project_id IS NOT NULL
  ORDER BY tr.date, "personName", tr.id`;

// design §5: Invoices This Week = non-draft invoices whose invoice date falls in the week.
const WEEK_INVOICES_SQL = `
  SELECT COALESCE(SUM(amount), 0) AS total
  FROM forecast_invoices
  WHERE status <> 'DRAFT' AND invoice_date BETWEEN $1::date AND $2::date`;

/**
 * Totals a week (pure): registrations grouped per project (most hours first), Total Hours and
 * Total Internal Cost (Σ hours × the rate in force that day) over project time only.
 */
export function summariseWeek(weekStart: IsoDate, registrations: readonly WeekRegistration[], invoicesTotal: number): AgencyTimeData {
  const byProject = new Map<number, { name: string; minutes: number; entries: TimeEntry[] }>();
  let minutes = 0;
  let cost = 0;
  for (const r of registrations) {
    let project = byProject.get(r.projectId);
    if (!project) {
      project = { name: r.projectName, minutes: 0, entries: [] };
      byProject.set(r.projectId, project);
    }
    project.minutes += r.minutes;
    const entry: TimeEntry = { id: r.id, date: r.date, personName: r.personName, hours: hoursFromMinutes(r.minutes) };
    if (r.notes && r.notes.trim() !== '') entry.notes = r.notes;
    project.entries.push(entry);
    minutes += r.minutes;
    cost += (r.minutes / 60) * r.hourlyRate;
  }
  const projectTimeData = [...byProject]
    .sort(([, a], [, b]) => b.minutes - a.minutes || a.name.localeCompare(b.name))
    .map(([projectId, p]) => ({ projectId, projectName: p.name, totalHours: hoursFromMinutes(p.minutes), timeEntries: p.entries }));
  return {
    weekStart,
    weekEnd: weekEndOf(weekStart),
    totalHours: hoursFromMinutes(minutes),
    totalInternalCost: roundMoney(cost),
    totalInvoicesSent: roundMoney(invoicesTotal),
    projectTimeData,
  };
}

/** Reads and totals the week holding `date` (any day of it; the answer names its Monday). */
export async function loadAgencyWeek(db: Db, date: IsoDate): Promise<AgencyTimeData> {
  if (!isIsoDate(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  const weekStart = weekStartOf(date);
  const weekEnd = weekEndOf(weekStart);
  const registrations = await db.query<WeekRegistration>(WEEK_REGISTRATIONS_SQL, [weekStart, weekEnd, DEFAULT_HOURLY_RATE]);
  const [invoices] = await db.query<{ total: number }>(WEEK_INVOICES_SQL, [weekStart, weekEnd]);
  return summariseWeek(weekStart, registrations, Number(invoices?.total ?? 0));
}
