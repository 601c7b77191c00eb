/**
 * The Weekly Hours tab of the Agency Dashboard (docs/product-spec.md: "Agency Dashboard", and
 * "Entities and their fields" for 'Agency time data for a week'):
 * a week of Forecast time registrations and invoices, read from the synced copy in Postgres
 * (never from Forecast at request time), and the pure rules that total them.
 */
import { readAgencyWeek } from '../db/agency';
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

/** A person's name as Forecast shows it, or a readable stand-in for someone no longer synced. */
export function personName(name: string | null | undefined, personId: number): string {
  return name && name.trim() !== '' ? name.trim() : `Person #${personId}`;
}

/** A project's name: the dashboard's, else Forecast's, else a stand-in naming its Forecast id. */
export function projectName(name: string | null | undefined, forecastProjectId: number): string {
  return name && name.trim() !== '' ? name : `Forecast project #${forecastProjectId}`;
}

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
  const row = await readAgencyWeek(db, weekStart, weekEndOf(weekStart));
  // Names are resolved once per person and project, not once per registration.
  const people = new Map<number, { name: string; cost: number | null }>();
  for (const [id, name, cost] of row.persons) people.set(id, { name: personName(name, id), cost });
  const projectNames = new Map<number, string>();
  for (const [id, name] of row.projects) projectNames.set(id, projectName(name, id));
  const registrations = row.registrations.map(
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
  const periods = row.periods.map(([personId, startDate, cost]) => ({ personId, startDate, cost }));
  return summariseWeek(weekStart, costRegistrations(registrations, periods), row.invoices);
}
