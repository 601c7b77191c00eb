/**
 * Copies what the Capacity page and the roster need from Forecast: the staff's working weeks,
 * emails and default roles, departments (their team), holiday calendars with their entries,
 * allocations (time off is an allocation to non-project time) and the rate cards' blended rate. Everything is read first and written in
 * one transaction, so a failure upstream leaves the stored copy as it was.
 */
import type { StoredAllocation, StoredCapacityPerson, StoredHoliday } from '../../db/capacity';
import { replaceCapacityForecast } from '../../db/capacity';
import type { Db } from '../../db/port';
import { roundMoney } from '../../shared/money';
import type { ForecastClient } from './client';
import { rebuildRoster } from '../roster';

/** A person without a department is listed under this team. */
export const NO_TEAM = 'No team';

const pad = (n: number) => String(n).padStart(2, '0');

export async function syncCapacityForecast(
  db: Db,
  forecast: ForecastClient,
  { now }: { now: Date },
): Promise<number> {
  const [persons, departments, calendars, entries, allocations, rateCards, roles, nonProject] =
    await Promise.all([
      forecast.persons(),
      forecast.departments(),
      forecast.holidayCalendars(),
      forecast.holidayCalendarEntries(),
      forecast.allocations(),
      forecast.rateCards(),
      forecast.roles(),
      forecast.nonProjectTime(),
    ]);
  const departmentName = new Map(departments.map((d) => [d.id, d.name ?? NO_TEAM]));
  const roleName = new Map(roles.map((r) => [r.id, r.name ?? null]));
  const calendarIds = new Set(calendars.map((c) => c.id));
  const staff: StoredCapacityPerson[] = persons
    .filter((p) => p.active)
    .map((p) => ({
      id: p.id,
      name: `${p.first_name} ${p.last_name}`.trim(),
      team: (p.department_id != null && departmentName.get(p.department_id)) || NO_TEAM,
      workingMinutes: {
        monday: p.monday,
        tuesday: p.tuesday,
        wednesday: p.wednesday,
        thursday: p.thursday,
        friday: p.friday,
        saturday: p.saturday,
        sunday: p.sunday,
      },
      startDate: p.start_date ?? null,
      endDate: p.end_date ?? null,
      holidayCalendarId:
        p.holiday_calendar_id != null && calendarIds.has(p.holiday_calendar_id)
          ? p.holiday_calendar_id
          : null,
      email: p.email ?? null,
      role: (p.default_role != null && roleName.get(p.default_role)) || null,
    }));
  const staffIds = new Set(staff.map((p) => p.id));
  const holidays: StoredHoliday[] = entries
    .filter((e) => calendarIds.has(e.holiday_calendar_id))
    .map((e) => ({
      holidayCalendarId: e.holiday_calendar_id,
      date: `${e.year}-${pad(e.month)}-${pad(e.day)}`,
      name: e.name,
    }));
  const stored: StoredAllocation[] = allocations
    .filter((a) => a.person != null && staffIds.has(a.person))
    .filter((a) => a.project != null || a.non_project_time != null)
    .map((a) => ({
      id: a.id,
      personId: a.person!,
      timeOff: a.project == null,
      startDate: a.start_date,
      endDate: a.end_date,
      minutes: {
        monday: a.monday,
        tuesday: a.tuesday,
        wednesday: a.wednesday,
        thursday: a.thursday,
        friday: a.friday,
        saturday: a.saturday,
        sunday: a.sunday,
      },
    }));
  const rates = rateCards.map((r) => r.default_rate ?? 0).filter((r) => r > 0);
  const blended = rates.length ? roundMoney(rates.reduce((a, b) => a + b, 0) / rates.length) : null;
  // The roster follows Forecast's persons in the same transaction (docs/decisions/390).
  await db.transaction(async (tx) => {
    await replaceCapacityForecast(tx, {
      persons: staff,
      holidays,
      allocations: stored,
      rateCardBlendedRate: blended,
      // Time registered on these is out of office (docs/decisions/395); unknown is not time off.
      timeOffTypes: nonProject
        .filter((t) => t.is_internal_time === false)
        .map((t) => ({ id: t.id, name: t.name ?? '' })),
      at: now,
    });
    await rebuildRoster(tx, { now });
  });
  return staff.length + holidays.length + stored.length;
}
