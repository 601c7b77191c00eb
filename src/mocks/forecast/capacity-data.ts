/**
 * The demo agency's forward plan as Forecast holds it: departments (the teams), a holiday
 * calendar with named days, time off as allocations to non-project time and project allocations
 * for the coming weeks, dated relative to the demo's today. Deterministic: no random stream, so
 * adding it changes none of the demo's other data.
 */
import { addDays, format, parseISO } from 'date-fns';
import type { ForecastPersonJson, ForecastProjectJson } from './data';

type IsoDate = string;

export interface ForecastDepartmentJson {
  id: number;
  name: string;
}
export interface ForecastHolidayCalendarJson {
  id: number;
  name: string;
  created_by: number;
  updated_by: number;
  created_at: string;
  updated_at: string;
}
export interface ForecastHolidayCalendarEntryJson {
  id: number;
  holiday_calendar_id: number;
  year: number;
  month: number;
  day: number;
  name: string;
  created_by: number;
  updated_by: number;
  created_at: string;
  updated_at: string;
}
export interface ForecastNonProjectTimeJson {
  id: number;
  name: string;
  /** False for time off (vacation, sick leave), true for internal work. */
  is_internal_time: boolean;
  created_by: number;
  updated_by: number;
  created_at: string;
  updated_at: string;
}
export interface ForecastAllocationJson {
  id: number;
  project: number | null;
  non_project_time: number | null;
  connected_project: number | null;
  person: number;
  start_date: IsoDate;
  end_date: IsoDate;
  monday: number;
  tuesday: number;
  wednesday: number;
  thursday: number;
  friday: number;
  saturday: number;
  sunday: number;
  notes: string;
  created_by: number;
  updated_by: number;
  created_at: string;
  updated_at: string;
}

export interface ForecastCapacityDemo {
  departments: ForecastDepartmentJson[];
  holidayCalendars: ForecastHolidayCalendarJson[];
  holidayCalendarEntries: ForecastHolidayCalendarEntryJson[];
  nonProjectTime: ForecastNonProjectTimeJson[];
  allocations: ForecastAllocationJson[];
}

export const DEMO_DEPARTMENTS: ForecastDepartmentJson[] = [
  { id: 1, name: 'Team 1' },
  { id: 2, name: 'Team 2' },
  { id: 3, name: 'Team 3' },
];
export const DEMO_HOLIDAY_CALENDAR_ID = 1;
/** Non-project time types; 1 is the vacation type the time registrations use. */
const VACATION = 1;

const iso = (d: Date): IsoDate => format(d, 'yyyy-MM-dd');
const shift = (day: IsoDate, n: number): IsoDate => iso(addDays(parseISO(day), n));
const mondayOf = (day: IsoDate) => {
  const d = parseISO(day);
  return iso(addDays(d, -((d.getDay() + 6) % 7)));
};

/**
 * Two days the whole agency was off, a Monday nine weeks ago and a Friday four weeks ago: the
 * demo's people log them as time off, and they are in the agency's holiday calendar as a real
 * account's would be (a forecast made the day before knows them).
 */
export function pastAgencyDaysOff(thisMonday: IsoDate): IsoDate[] {
  return [shift(thisMonday, -7 * 9), shift(thisMonday, -7 * 4 + 4)];
}

/**
 * Gives each developer a team and the agency's holiday calendar (the last one has none, so
 * public holidays come from configuration for them), and builds the plan.
 */
export function addCapacityDemo(
  persons: ForecastPersonJson[],
  projects: readonly ForecastProjectJson[],
  { today, now }: { today: IsoDate; now: string },
): ForecastCapacityDemo {
  const staff = persons.filter((p) => !p.is_system_user && p.client_id === null);
  staff.forEach((p, i) => {
    p.department_id = DEMO_DEPARTMENTS[i % DEMO_DEPARTMENTS.length]!.id;
    p.holiday_calendar_id = i === staff.length - 1 ? null : DEMO_HOLIDAY_CALENDAR_ID;
  });
  const meta = { created_by: 1, updated_by: 1, created_at: now, updated_at: now };
  const thisMonday = mondayOf(today);
  const year = Number(today.slice(0, 4));
  const named: [IsoDate, string][] = [
    [`${year}-12-25`, 'Christmas Day'],
    [`${year}-12-26`, 'Boxing Day'],
    [`${year + 1}-01-01`, "New Year's Day"],
    [`${year - 1}-12-25`, 'Christmas Day'],
    [`${year - 1}-12-26`, 'Boxing Day'],
    [`${year}-01-01`, "New Year's Day"],
    // Days of the agency's own, always in the coming weeks: next Monday (so the availability
    // grid's next week shows a holiday) and Friday three weeks on.
    [shift(thisMonday, 7), 'Agency anniversary'],
    [shift(thisMonday, 7 * 3 + 4), 'Agency day'],
    ...pastAgencyDaysOff(thisMonday).map((date): [IsoDate, string] => [date, 'Agency day off']),
  ];
  const holidayCalendarEntries = named
    .filter(([date], i, all) => all.findIndex(([d]) => d === date) === i)
    .map(([date, name], i) => ({
      id: i + 1,
      holiday_calendar_id: DEMO_HOLIDAY_CALENDAR_ID,
      year: Number(date.slice(0, 4)),
      month: Number(date.slice(5, 7)),
      day: Number(date.slice(8, 10)),
      name,
      ...meta,
    }));

  const running = projects.filter((p) => p.stage === 'RUNNING');
  const allocations: ForecastAllocationJson[] = [];
  const allocate = (
    person: ForecastPersonJson,
    start: IsoDate,
    end: IsoDate,
    perDay: number,
    target: { project: number } | { nonProjectTime: number },
    notes: string,
  ) =>
    allocations.push({
      id: allocations.length + 1,
      project: 'project' in target ? target.project : null,
      non_project_time: 'nonProjectTime' in target ? target.nonProjectTime : null,
      connected_project: null,
      person: person.id,
      start_date: start,
      end_date: end,
      monday: perDay,
      tuesday: perDay,
      wednesday: perDay,
      thursday: perDay,
      friday: perDay,
      saturday: 0,
      sunday: 0,
      notes,
      ...meta,
    });
  staff.forEach((person, i) => {
    const project = running[i % Math.max(1, running.length)];
    if (!project) return;
    // Most of the team is booked for the next weeks, tapering off as projects end.
    const bookedWeeks = 4 + (i % 6) * 2;
    const perDay = [360, 300, 390, 330, 420][i % 5]!;
    allocate(
      person,
      thisMonday,
      shift(thisMonday, 7 * bookedWeeks - 3),
      perDay,
      { project: project.id },
      'Delivery',
    );
    // Every third person also helps a second project for a fortnight: over-allocated.
    const second = running[(i + 1) % running.length];
    if (i % 3 === 0 && second && second.id !== project.id)
      allocate(
        person,
        shift(thisMonday, 7),
        shift(thisMonday, 7 * 3 - 3),
        120,
        { project: second.id },
        'Support',
      );
  });
  // Time off: a week's vacation for some, a single day for one.
  staff.forEach((person, i) => {
    if (i % 4 === 1) {
      const monday = shift(thisMonday, 7 * (2 + (i % 5)));
      allocate(person, monday, shift(monday, 4), 450, { nonProjectTime: VACATION }, 'Vacation');
    }
  });
  // Single days off next week: the availability grid shows them as 'leave'.
  for (const [person, weekday] of [
    [staff[2], 2],
    [staff[0], 3],
  ] as const) {
    if (!person) continue;
    const day = shift(thisMonday, 7 + weekday);
    allocate(person, day, day, 450, { nonProjectTime: VACATION }, 'Day off');
  }
  return {
    // A copy: a test that adds a hostile department must not add it to every later demo.
    departments: DEMO_DEPARTMENTS.map((d) => ({ ...d })),
    holidayCalendars: [{ id: DEMO_HOLIDAY_CALENDAR_ID, name: 'Agency holidays', ...meta }],
    holidayCalendarEntries,
    nonProjectTime: [
      { id: VACATION, name: 'Vacation', is_internal_time: false, ...meta },
      { id: 2, name: 'Internal', is_internal_time: true, ...meta },
    ],
    allocations,
  };
}
