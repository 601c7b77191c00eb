/**
 * The Weekly Hours tab of the Agency Dashboard (docs/product-spec.md: "Agency Dashboard", and
 * "Entities and their fields" for 'Agency time data for a week'):
 * a week of Forecast time registrations and invoices, read from the synced copy in Postgres
 * (never from Forecast at request time), and the pure rules that total them.
 */
import { readAgencyWeek } from '../db/agency';
import type { Db } from '../db/port';
import { DEFAULT_HOURLY_RATE, hoursFromMinutes, roundMoney } from '../shared/money';
import { isIsoDate, weekEndOf, weekStartOf, type IsoDate } from '../shared/calendar';
import type { AgencyTimeData, TimeEntry } from '../shared/weekly-hours';
import { type Amount, type CurrencyCode, totalIn, totalsByCurrency } from '../shared/currency';

/** One time registration of the week with the person's cost rate on that day (`cost_rate_on`). */
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
  invoices: readonly Amount[],
  currency: CurrencyCode,
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
    currency,
    totalHours: hoursFromMinutes(minutes),
    totalInternalCost: roundMoney(cost),
    totalInvoicesSent: roundMoney(totalIn(invoices, currency)),
    invoicesSent: totalsByCurrency(invoices).map((t) => ({ ...t, amount: roundMoney(t.amount) })),
    projectTimeData,
  };
}

/**
 * Reads and totals the week holding `date` (any day of it; the answer names its Monday): one
 * query, scanning only that week's registrations whatever the size of the history.
 */
export async function loadAgencyWeek(
  db: Db,
  date: IsoDate,
  companyCurrency: CurrencyCode,
): Promise<AgencyTimeData> {
  if (!isIsoDate(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  const weekStart = weekStartOf(date);
  const row = await readAgencyWeek(db, weekStart, weekEndOf(weekStart), DEFAULT_HOURLY_RATE);
  // Names are resolved once per person and project, not once per registration.
  const people = new Map<number, string>();
  for (const [id, name] of row.persons) people.set(id, personName(name, id));
  const projectNames = new Map<number, string>();
  for (const [id, name] of row.projects) projectNames.set(id, projectName(name, id));
  const registrations = row.registrations.map(
    ([id, projectId, day, personId, notes, minutes, hourlyRate]): WeekRegistration => ({
      id,
      projectId,
      projectName: projectNames.get(projectId) ?? projectName(null, projectId),
      date: day,
      personName: people.get(personId) ?? personName(null, personId),
      notes,
      minutes,
      hourlyRate: Number(hourlyRate),
    }),
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
  return summariseWeek(
    weekStart,
    registrations,
    row.invoices.map(([currency, amount]) => ({ currency: currency ?? companyCurrency, amount })),
    companyCurrency,
  );
}
