/**
 * The Weekly Hours tab of the Agency Dashboard (docs/product-spec.md: "Agency Dashboard", and
 * "Entities and their fields" for 'Agency time data for a week'):
 * a week of Forecast time registrations and invoices, read from the synced copy in Postgres
 * (never from Forecast at request time), and the pure rules that total them.
 */
import { costRangesInSql } from '../db/cost-periods';
import { ACTIVE_FORECAST_IDS_SQL } from '../db/projects';
import type { Db } from '../db/port';
import { costRateOn, roundMoney, type CostPeriod } from '../shared/money';
import { isIsoDate, weekEndOf, weekStartOf, type IsoDate } from '../shared/calendar';
import type { AgencyTimeData, TimeEntry } from '../shared/weekly-hours';

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

/** Forecast's "first last" for `person` (forecast_persons); empty when the person has no name. */
export const PERSON_NAME_SQL = `btrim(person.first_name || ' ' || person.last_name)`;

/** A person's name as Forecast shows it, or a readable stand-in for someone no longer synced. */
export function personName(name: string | null | undefined, personId: number): string {
  return name && name.trim() !== '' ? name.trim() : `Person #${personId}`;
}

/** A project's name: the dashboard's, else Forecast's, else a stand-in naming its Forecast id. */
export function projectName(name: string | null | undefined, forecastProjectId: number): string {
  return name && name.trim() !== '' ? name : `Forecast project #${forecastProjectId}`;
}

// The whole week in one round trip, each list as one JSON text: the embedded PGlite decodes a
// thousand-row result field by field many times slower than one JSON.parse. Names and rates come
// as small lists (people, projects, cost periods) joined here, which keeps the week's scan lean.
const WEEK_SQL = `
  WITH week AS MATERIALIZED (
    SELECT tr.id, tr.forecast_project_id, tr.date, tr.person_id, tr.notes, tr.minutes
    FROM forecast_time_registrations tr
    WHERE tr.date BETWEEN $1::date AND $2::date
      AND tr.forecast_project_id IN (${ACTIVE_FORECAST_IDS_SQL})
  )
  SELECT
    (SELECT COALESCE(json_agg(json_build_array(id, forecast_project_id, date, person_id, notes, minutes)), '[]')::text
     FROM week) AS registrations,
    (SELECT COALESCE(json_agg(json_build_array(person.id, ${PERSON_NAME_SQL}, person.cost)), '[]')::text
     FROM forecast_persons person WHERE person.id IN (SELECT person_id FROM week)) AS persons,
    (${costRangesInSql('SELECT person_id FROM week', '$1', '$2')}) AS periods,
    (SELECT COALESCE(json_agg(json_build_array(COALESCE(p.forecast_project_id, fproject.id), COALESCE(p.name, fproject.name))), '[]')::text
     FROM forecast_projects fproject
     FULL JOIN (SELECT forecast_project_id, name FROM projects WHERE forecast_project_id IS NOT NULL) p ON p.forecast_project_id = fproject.id) AS projects,
    -- docs/design.md, "Billing": Invoices This Week = non-draft invoices whose invoice date falls
    -- in the week, on the projects the tab covers (docs/decisions/194).
    (SELECT COALESCE(SUM(amount), 0)
     FROM forecast_invoices
     WHERE status <> 'DRAFT' AND invoice_date BETWEEN $1::date AND $2::date
       AND forecast_project_id IN (${ACTIVE_FORECAST_IDS_SQL})) AS invoices`;

type RegistrationTuple = [
  id: number,
  projectId: number,
  date: IsoDate,
  personId: number,
  notes: string | null,
  minutes: number,
];
type PersonTuple = [id: number, name: string | null, cost: number | null];
type PeriodTuple = [personId: number, startDate: IsoDate | null, cost: number];
type ProjectTuple = [forecastProjectId: number, name: string | null];

/**
 * Totals a week (pure): registrations grouped per project (most hours first), Total Hours and
 * Total Internal Cost (Σ hours × the rate in force that day) over project time only.
 */
export function summariseWeek(
  weekStart: IsoDate,
  registrations: readonly WeekRegistration[],
  invoicesTotal: number,
): AgencyTimeData {
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
    const entry: TimeEntry = {
      id: r.id,
      date: r.date,
      personName: r.personName,
      hours: hoursFromMinutes(r.minutes),
    };
    if (r.notes && r.notes.trim() !== '') entry.notes = r.notes;
    project.entries.push(entry);
    minutes += r.minutes;
    cost += (r.minutes / 60) * r.hourlyRate;
  }
  const projectTimeData = [...byProject]
    .sort(([, a], [, b]) => b.minutes - a.minutes || a.name.localeCompare(b.name))
    .map(([projectId, p]) => ({
      projectId,
      projectName: p.name,
      totalHours: hoursFromMinutes(p.minutes),
      timeEntries: p.entries,
    }));
  return {
    weekStart,
    weekEnd: weekEndOf(weekStart),
    totalHours: hoursFromMinutes(minutes),
    totalInternalCost: roundMoney(cost),
    totalInvoicesSent: roundMoney(invoicesTotal),
    projectTimeData,
  };
}

export type StoredRegistration = Omit<WeekRegistration, 'hourlyRate'> & {
  personId: number;
  personCost: number | null;
};

/**
 * Each registration at its person's cost rate on its day (`costRateOn` over the stored cost
 * ranges: the range in force, else the person's own cost, else $100/h; see
 * docs/decisions/113-one-cost-rate-rule.md).
 */
export function costRegistrations(
  registrations: readonly StoredRegistration[],
  periods: readonly { personId: number; startDate: IsoDate | null; cost: number }[],
): WeekRegistration[] {
  const periodsOf = new Map<number, CostPeriod[]>();
  for (const p of periods) {
    const list = periodsOf.get(p.personId) ?? [];
    list.push({ startDate: p.startDate, cost: p.cost });
    periodsOf.set(p.personId, list);
  }
  return registrations.map((r) => ({
    id: r.id,
    projectId: r.projectId,
    projectName: r.projectName,
    date: r.date,
    personName: r.personName,
    notes: r.notes,
    minutes: r.minutes,
    hourlyRate: costRateOn(periodsOf.get(r.personId) ?? [], r.date, r.personCost),
  }));
}

/**
 * Reads and totals the week holding `date` (any day of it; the answer names its Monday): one
 * query, scanning only that week's registrations whatever the size of the history.
 */
export async function loadAgencyWeek(db: Db, date: IsoDate): Promise<AgencyTimeData> {
  if (!isIsoDate(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  const weekStart = weekStartOf(date);
  const [row] = await db.query<{
    registrations: string;
    persons: string;
    periods: string;
    projects: string;
    invoices: number;
  }>(WEEK_SQL, [weekStart, weekEndOf(weekStart)]);
  // Names are resolved once per person and project, not once per registration.
  const people = new Map<number, { name: string; cost: number | null }>();
  for (const [id, name, cost] of JSON.parse(row!.persons) as PersonTuple[])
    people.set(id, { name: personName(name, id), cost });
  const projectNames = new Map<number, string>();
  for (const [id, name] of JSON.parse(row!.projects) as ProjectTuple[])
    projectNames.set(id, projectName(name, id));
  const registrations = (JSON.parse(row!.registrations) as RegistrationTuple[]).map(
    ([id, projectId, day, personId, notes, minutes]): StoredRegistration => {
      const person = people.get(personId);
      return {
        id,
        projectId,
        projectName: projectNames.get(projectId) ?? projectName(null, projectId),
        date: day,
        personId,
        personName: person?.name ?? personName(null, personId),
        personCost: person?.cost ?? null,
        notes,
        minutes,
      };
    },
  );
  // Entries read by day, then person: names are ranked once, so the sort compares numbers.
  const rank = new Map(
    [...new Set(registrations.map((r) => r.personName))]
      .sort((a, b) => a.localeCompare(b))
      .map((name, i) => [name, i]),
  );
  registrations.sort((a, b) =>
    a.date < b.date
      ? -1
      : a.date > b.date
        ? 1
        : rank.get(a.personName)! - rank.get(b.personName)! || a.id - b.id,
  );
  const periods = (JSON.parse(row!.periods) as PeriodTuple[]).map(
    ([personId, startDate, cost]) => ({ personId, startDate, cost }),
  );
  return summariseWeek(weekStart, costRegistrations(registrations, periods), Number(row!.invoices));
}
