/**
 * The demo agency as Forecast would answer it (docs/reference/forecast-api.md shapes, every
 * documented field), generated from the shared spine and a seeded random relative to `today`:
 * projects in every stage, rate cards, weekly retainer periods, invoices in every state,
 * persons with changing cost rates, and about six months of time registrations.
 * Deterministic: the same seed, scale and today always give the same data.
 */
import { formatMoney } from '../../shared/currency';
import { addCapacityDemo, type ForecastCapacityDemo, pastAgencyDaysOff } from './capacity-data';
import { addDays, addWeeks, differenceInCalendarDays, format, isWeekend, parseISO } from 'date-fns';
import {
  createDemoSpine,
  intBetween,
  pick,
  seededRandom,
  type DemoDeveloper,
  type DemoProject,
  type DemoSpine,
} from '../agency/spine';

type IsoDate = string;

export interface ForecastProjectJson {
  id: number;
  company_project_id: number;
  custom_project_id: string | null;
  name: string;
  stage: string;
  status: string;
  status_description: string;
  budget_type: string;
  budget: number | null;
  baseline_target: number;
  client: number | null;
  rate_card: number | null;
  start_date: IsoDate | null;
  end_date: IsoDate | null;
  default_period_periodicity: string;
  default_period_length: number;
  default_period_budget_type: string;
  default_period_hours_amount: number;
  default_period_price_amount: number;
  labels: number[];
  created_at: string;
  updated_at: string;
}

/** A client as GET /api/v1/clients lists them (docs/reference/forecast-api.md). */
export interface ForecastClientJson {
  id: number;
  name: string;
  country: string;
}

export interface ForecastRateCardJson {
  id: number;
  name: string;
  default_rate: number;
  currency: string;
}

export interface ForecastInvoiceEntryJson {
  id: number;
  invoice_id: number;
  project_id: number;
  name: string;
  description: string;
  quantity: number;
  unit_price: number;
  discount: number;
  tax: number;
  created_at: string;
  updated_at: string;
}

export interface ForecastPaymentJson {
  id: number;
  invoice_id: number;
  amount: number;
  date: IsoDate;
  notes: string;
  created_at: string;
  updated_at: string;
}

export interface ForecastInvoiceJson {
  id: number;
  company_invoice_id: number;
  project_id: number;
  client_id: number;
  name: string;
  invoice_reference: string;
  invoice_type: string;
  currency: string;
  created_date: IsoDate;
  due_date: IsoDate;
  status: 'DRAFT' | 'APPROVED' | 'SENT';
  payment_status: 'UNPAID' | 'PARTIALLY_PAID' | 'PAID' | 'OVERDUE';
  notes: string;
  entries: ForecastInvoiceEntryJson[];
  payments: ForecastPaymentJson[];
  created_by: number;
  created_at: string;
  updated_at: string;
}

export interface ForecastRetainerPeriodJson {
  id: number;
  name: string;
  project_id: number;
  start_year: number;
  start_month: number;
  start_day: number;
  end_year: number;
  end_month: number;
  end_day: number;
  period_length: number;
  retainer_budget_type: string;
  retainer_billing_period: string;
  period_locked: boolean;
  invoice_id: number | null;
  period_target_minutes: number;
  period_rollover_minutes: number;
  period_target_price: number;
  period_rollover_price: number;
  estimated_billable_minutes: number;
  actual_billable_minutes: number;
  remaining_work_billable_minutes: number;
  projected_total_billable_minutes: number;
  estimated_billable_value_of_service: number;
  actual_billable_value_of_service: number;
  remaining_work_billable_value_of_service: number;
  projected_total_billable_value_of_service: number;
  created_at: string;
  created_by: number;
  updated_at: string;
  updated_by: string;
}

export interface ForecastPersonJson {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  job_title: string;
  active: boolean;
  is_system_user: boolean;
  client_id: number | null;
  default_role: number | null;
  department_id: number | null;
  holiday_calendar_id?: number | null;
  cost: number;
  monday: number;
  tuesday: number;
  wednesday: number;
  thursday: number;
  friday: number;
  saturday: number;
  sunday: number;
  start_date: IsoDate | null;
  end_date: IsoDate | null;
  created_at: string;
  updated_at: string;
}

export interface ForecastRoleJson {
  id: number;
  name: string;
  created_by: number;
  updated_by: number;
  created_at: string;
  updated_at: string;
}

export interface ForecastCostPeriodJson {
  id: number;
  person_id: number;
  start_year?: number;
  start_month?: number;
  start_day?: number;
  cost: number;
  created_at: string;
  updated_at: string;
}

export interface ForecastTimeRegistrationJson {
  id: number;
  person: number;
  project: number | null;
  task: number | null;
  task_project: number | null;
  phase: number | null;
  non_project_time: number | null;
  role: number | null;
  time_registered: number;
  billable_minutes_registered: number;
  date: IsoDate;
  notes: string | null;
  approval_status: 'NOT_SUBMITTED' | 'SUBMITTED' | 'APPROVED';
  invoice: number | null;
  invoice_entry: number | null;
  created_by: number;
  updated_by: number;
  created_at: string;
  updated_at: string;
}

export interface ForecastDeletedRegistrationJson {
  id: number;
  minutesRegistered: number;
  person: { id: number; name: string; email: string };
  registeredOn: { type: string; id: number; name: string; project?: { id: number; name: string } };
  datetime: string;
  deletedBy: { id: number; name: string; email: string };
  deletedAt: string;
}

export interface ForecastDemoData {
  today: IsoDate;
  /** The demo's "now" (18:00 UTC on `today`): no timestamp in the data is later. */
  now: string;
  spine: DemoSpine;
  projects: ForecastProjectJson[];
  /** The clients projects name (`client`): Pipedrive's organisations match them by name. */
  clients: ForecastClientJson[];
  rateCards: ForecastRateCardJson[];
  invoices: ForecastInvoiceJson[];
  retainerPeriods: ForecastRetainerPeriodJson[];
  /** Includes one system user and one client user, as Forecast does. */
  persons: ForecastPersonJson[];
  costPeriods: ForecastCostPeriodJson[];
  /** The roles persons' default_role names (GET /api/v1/roles). */
  roles: ForecastRoleJson[];
  timeRegistrations: ForecastTimeRegistrationJson[];
  deletedRegistrations: ForecastDeletedRegistrationJson[];
  /** Teams, holiday calendars, time off and allocations for the Capacity page. */
  capacity: ForecastCapacityDemo;
}

/** Non-project time types (GET /api/v1/non_project_time). */
export const NON_PROJECT_TIME = { vacation: 1, internal: 2 } as const;
export const SYSTEM_USER_ID = 90;
export const CLIENT_USER_ID = 91;
/** A note with markup: notes are untrusted text and must render as text. */
export const HTML_NOTE =
  '<script>alert("note")</script> Fixed <b>checkout</b> totals & "tax" rounding';

const NOTES = [
  'Checkout bug triage',
  'Sprint planning',
  'Code review',
  'Release preparation',
  'API integration',
  'Fixed flaky tests',
  'Client call',
  'Performance tuning',
  'Accessibility fixes',
  'Deployment pipeline',
];
const JOB_TITLES = ['Developer', 'Senior Developer', 'Tech Lead', 'QA Engineer', 'Designer'];
/** The agency's roles; a person's default role follows their job title. */
const ROLES = [
  { id: 7, name: 'Developer' },
  { id: 8, name: 'QA Engineer' },
  { id: 9, name: 'Designer' },
  { id: 10, name: 'Project Manager' },
] as const;
const roleOfTitle = (title: string) => (title === 'QA Engineer' ? 8 : title === 'Designer' ? 9 : 7);
/** Minutes in a developer's working day. */
const WORK_DAY = 450;

const iso = (d: Date): IsoDate => format(d, 'yyyy-MM-dd');
const shiftDays = (day: IsoDate, n: number): IsoDate => iso(addDays(parseISO(day), n));
const split = (day: IsoDate) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { year: y, month: m, day: d };
};
const stamp = (day: IsoDate, minuteOfDay: number) =>
  `${day}T${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}:00Z`;
const money = (n: number) => Math.round(n * 100) / 100;

/** The Monday of the week of a calendar date. */
function mondayOf(day: IsoDate): IsoDate {
  const d = parseISO(day);
  return iso(addDays(d, -((d.getDay() + 6) % 7)));
}

export interface ForecastDemoOptions {
  /** 'YYYY-MM-DD': everything is generated relative to this day. */
  today: IsoDate;
  /** DEMO_SCALE: 12 projects and 15 developers per unit. */
  scale?: number;
  seed?: number;
  /**
   * The agency's one currency (COMPANY_CURRENCY): every rate card and invoice is in it, so the
   * demo's costs and billing can be set side by side. USD when left out.
   */
  currency?: string;
}

/** The days every generator below works from. */
interface DemoCalendar {
  today: IsoDate;
  /** 18:00 UTC on `today`: no timestamp in the data is later. */
  now: string;
  thisMonday: IsoDate;
  /** The Monday 26 weeks before this one: the first day of logged time. */
  firstDay: IsoDate;
}

function demoCalendar(today: IsoDate): DemoCalendar {
  const thisMonday = mondayOf(today);
  return {
    today,
    now: stamp(today, 18 * 60),
    thisMonday,
    firstDay: iso(addWeeks(parseISO(thisMonday), -26)),
  };
}

/**
 * The demo agency as Forecast holds it: projects, then persons and their cost rates, then the
 * time they log, and from that time the retainer periods and the invoices.
 */
export function createForecastDemoData({
  today,
  scale = 1,
  seed,
  currency = 'USD',
}: ForecastDemoOptions): ForecastDemoData {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today))
    throw new RangeError(`today must be YYYY-MM-DD, got ${JSON.stringify(today)}`);
  const spine = createDemoSpine({ scale, ...(seed === undefined ? {} : { seed }) });
  // A stream of its own, so adding Jira detail to the spine never changes the Forecast data.
  // The generators draw from it in this order; changing the order changes the demo.
  const rand = seededRandom(spine.seed ^ 0x0f0eca57);
  const calendar = demoCalendar(today);

  const rateCards = rateCardsOf(spine.projects, currency);
  const projects = forecastProjectsOf(spine.projects, rateCards, rand, calendar);
  const persons = personsOf(spine, calendar);
  const costPeriods = costPeriodsOf(spine, calendar);
  const { timeRegistrations, billableMinutes } = timeRegistrationsOf(spine, rand, calendar);
  tightenBudgets(spine, projects, timeRegistrations);
  const retainerPeriods = retainerPeriodsOf(spine, billableMinutes, persons, calendar);
  const invoices = invoicesOf(spine, rand, calendar, currency);
  const deletedRegistrations = deletedRegistrationsOf(spine, calendar);
  const capacity = addCapacityDemo(persons, projects, calendar);

  return {
    today,
    now: calendar.now,
    spine,
    projects,
    clients: clientsOf(spine.projects),
    rateCards,
    invoices,
    retainerPeriods,
    persons,
    costPeriods,
    roles: ROLES.map((r) => ({
      ...r,
      created_by: SYSTEM_USER_ID,
      updated_by: SYSTEM_USER_ID,
      created_at: stamp(calendar.firstDay, 8 * 60),
      updated_at: stamp(calendar.firstDay, 8 * 60),
    })),
    timeRegistrations,
    deletedRegistrations,
    capacity,
  };
}

/**
 * A project's client: the first two projects share one, so an invoice can span them; every
 * other project has its own.
 */
function clientOf(p: DemoProject): number {
  return p.index < 2 ? 300 : 299 + p.index;
}

/** Client names by a project's place among the twelve (the first two share Acme). */
const CLIENT_NAMES = [
  'Acme',
  'Acme',
  'Northwind',
  'Globex',
  'Initech',
  'Umbrella',
  'Stark',
  'Wayne Foundation',
  'Hooli',
  'Pied Piper',
  'Soylent',
  'Vandelay',
];

/** One client per clientOf, named as the agency's CRM knows them (a scaled demo numbers repeats). */
function clientsOf(projects: readonly DemoProject[]): ForecastClientJson[] {
  const byId = new Map<number, ForecastClientJson>();
  for (const p of projects) {
    const round = Math.floor(p.index / CLIENT_NAMES.length);
    const name = CLIENT_NAMES[p.index % CLIENT_NAMES.length]!;
    byId.set(clientOf(p), {
      id: clientOf(p),
      name: round === 0 ? name : `${name} ${round + 1}`,
      country: 'AU',
    });
  }
  return [...byId.values()];
}

/** The last day a project takes time: PLANNING none, DONE the first ten weeks, HALTED the first half. */
function workUntil(p: DemoProject, { today, firstDay }: DemoCalendar): IsoDate | null {
  if (p.stage === 'PLANNING') return null;
  if (p.stage === 'DONE') return shiftDays(firstDay, 70);
  if (p.stage === 'HALTED') return shiftDays(firstDay, 91);
  return today;
}

/** A fixed-price retainer on every eighth project; the other retainers are fixed hours. */
const fixedPriceRetainer = (p: DemoProject) => p.index % 8 === 0;

/** One rate card per distinct client rate. */
function rateCardsOf(projects: readonly DemoProject[], currency: string): ForecastRateCardJson[] {
  const rateCards: ForecastRateCardJson[] = [];
  for (const p of projects) {
    if (rateCards.some((card) => card.default_rate === p.hourlyRate)) continue;
    rateCards.push({
      id: 12 + rateCards.length,
      name: `Standard ${formatMoney(p.hourlyRate, currency)}/h`,
      default_rate: p.hourlyRate,
      currency,
    });
  }
  return rateCards;
}

function forecastProjectsOf(
  projects: readonly DemoProject[],
  rateCards: readonly ForecastRateCardJson[],
  rand: () => number,
  { today, thisMonday, firstDay }: DemoCalendar,
): ForecastProjectJson[] {
  return projects.map((p) => {
    const retainerFixedPrice = fixedPriceRetainer(p);
    return {
      id: p.forecastId,
      company_project_id: p.companyProjectId,
      custom_project_id: p.index % 3 === 0 ? `DEMO-${p.companyProjectId}` : null,
      name: p.name,
      stage: p.stage,
      status: pick(rand, ['GREEN', 'GREEN', 'GREEN', 'YELLOW', 'RED']),
      status_description: '',
      budget_type: p.budgetType,
      budget: p.budget,
      baseline_target: p.budgetType === 'FIXED_PRICE' ? p.budget : 0,
      client: clientOf(p),
      rate_card: rateCards.find((card) => card.default_rate === p.hourlyRate)?.id ?? null,
      start_date: shiftDays(firstDay, -7 * (p.index % 5)),
      end_date:
        p.stage === 'DONE'
          ? shiftDays(firstDay, 70)
          : shiftDays(thisMonday, 7 * (10 + (p.index % 20))),
      default_period_periodicity: 'WEEKLY',
      default_period_length: 1,
      default_period_budget_type: p.weeklyRetainer
        ? retainerFixedPrice
          ? 'FIXED_PRICE'
          : 'FIXED_HOURS'
        : 'TIME_AND_MATERIALS',
      default_period_hours_amount: p.weeklyRetainer && !retainerFixedPrice ? 40 : 0,
      default_period_price_amount: p.weeklyRetainer && retainerFixedPrice ? 40 * p.hourlyRate : 0,
      labels: [],
      created_at: stamp(shiftDays(firstDay, -30), 9 * 60),
      updated_at: stamp(shiftDays(today, -(p.index % 9)), 10 * 60),
    };
  });
}

/** The developers, plus a system user and a client user the client must leave out. */
function personsOf(spine: DemoSpine, { now, firstDay }: DemoCalendar): ForecastPersonJson[] {
  const persons: ForecastPersonJson[] = spine.developers.map((d) => ({
    id: d.forecastPersonId,
    first_name: d.firstName,
    last_name: d.lastName,
    email: d.email,
    job_title: JOB_TITLES[d.index % JOB_TITLES.length]!,
    active: true,
    is_system_user: false,
    client_id: null,
    default_role: roleOfTitle(JOB_TITLES[d.index % JOB_TITLES.length]!),
    department_id: 2,
    cost: d.costRate,
    monday: WORK_DAY,
    tuesday: WORK_DAY,
    wednesday: WORK_DAY,
    thursday: WORK_DAY,
    friday: WORK_DAY,
    saturday: 0,
    sunday: 0,
    start_date: shiftDays(firstDay, -400 - d.index * 13),
    end_date: null,
    created_at: stamp(shiftDays(firstDay, -410), 8 * 60),
    updated_at: stamp(shiftDays(firstDay, 5), 9 * 60),
  }));
  const blankPerson = {
    job_title: '',
    default_role: null,
    department_id: null,
    cost: 0,
    saturday: 0,
    sunday: 0,
    start_date: null,
    end_date: null,
  };
  const workDay = { monday: 0, tuesday: 0, wednesday: 0, thursday: 0, friday: 0 };
  persons.push(
    {
      ...blankPerson,
      ...workDay,
      id: SYSTEM_USER_ID,
      first_name: 'Forecast',
      last_name: 'Integration',
      email: 'integration@forecast.test',
      active: true,
      is_system_user: true,
      client_id: null,
      created_at: now,
      updated_at: now,
    },
    {
      ...blankPerson,
      ...workDay,
      id: CLIENT_USER_ID,
      first_name: 'Clara',
      last_name: 'Client',
      email: 'clara@client.test',
      active: true,
      is_system_user: false,
      client_id: 300,
      created_at: now,
      updated_at: now,
    },
  );
  return persons;
}

/**
 * Cost periods: a start-less first period and a raise later. The first developer's rate also
 * changes on a Wednesday of this week (or last week, early in the week); the second developer
 * has no periods at all, so the person's own cost applies.
 */
function costPeriodsOf(
  spine: DemoSpine,
  { today, thisMonday, firstDay }: DemoCalendar,
): ForecastCostPeriodJson[] {
  const costPeriods: ForecastCostPeriodJson[] = [];
  const changeDay = shiftDays(
    today >= shiftDays(thisMonday, 2) ? thisMonday : shiftDays(thisMonday, -7),
    2,
  );
  const costPeriod = (personId: number, cost: number, start: IsoDate | null) => {
    const s = start ? split(start) : null;
    const created = stamp(start ? shiftDays(start, -7) : shiftDays(firstDay, -400), 11 * 60);
    costPeriods.push({
      id: 300 + costPeriods.length,
      person_id: personId,
      ...(s ? { start_year: s.year, start_month: s.month, start_day: s.day } : {}),
      cost,
      created_at: created,
      updated_at: created,
    });
  };
  for (const d of spine.developers) {
    if (d.index % 15 === 1) continue;
    if (d.index === 0) {
      costPeriod(d.forecastPersonId, d.costRate - 15, null);
      costPeriod(d.forecastPersonId, d.costRate - 5, shiftDays(firstDay, 56));
      costPeriod(d.forecastPersonId, d.costRate, changeDay);
    } else {
      costPeriod(d.forecastPersonId, d.costRate - 10, null);
      costPeriod(
        d.forecastPersonId,
        d.costRate,
        shiftDays(firstDay, 7 * (4 + (d.index % 8)) + (d.index % 5)),
      );
    }
  }
  return costPeriods;
}

/** Monday to Friday from `first` to `last`, both included. */
function weekdays(first: IsoDate, last: IsoDate): IsoDate[] {
  const days: IsoDate[] = [];
  for (let day = first; day <= last; day = shiftDays(day, 1))
    if (!isWeekend(parseISO(day))) days.push(day);
  return days;
}

/** The days the whole agency is off in the demo's past (its holiday calendar holds them). */
function publicHolidays({ thisMonday }: DemoCalendar): Set<IsoDate> {
  return new Set(pastAgencyDaysOff(thisMonday));
}

/** A fixed-price project on the dashboard whose value is nearly spent (every eighth, from the eighth). */
const tightBudget = (p: DemoProject) =>
  p.onDashboard && p.budgetType === 'FIXED_PRICE' && p.index % 8 === 7;

/**
 * Sizes each tight-budget project's value so its internal cost so far (at today's cost rates,
 * a little above what the cost periods give) is about 86% of it: a budget past 80%.
 */
function tightenBudgets(
  spine: DemoSpine,
  projects: ForecastProjectJson[],
  registrations: readonly ForecastTimeRegistrationJson[],
): void {
  const rateOf = new Map(spine.developers.map((d) => [d.forecastPersonId, d.costRate]));
  for (const p of spine.projects.filter(tightBudget)) {
    const cost = registrations
      .filter((r) => (r.project ?? r.task_project) === p.forecastId)
      .reduce((sum, r) => sum + (r.time_registered / 60) * (rateOf.get(r.person) ?? 100), 0);
    const value = Math.round(cost / 0.86 / 100) * 100;
    const json = projects.find((x) => x.id === p.forecastId)!;
    json.budget = value;
    json.baseline_target = value;
  }
}

/** What a registration is logged on: a project, or a kind of non-project time. */
interface TimeTarget {
  project?: DemoProject;
  nonProject?: number;
}

/** Logs minutes of a person's day; the caller decides what the day holds. */
type Register = (minutes: number, target: TimeTarget, note: string | null) => void;

/** Minutes billable per project and day, keyed `${forecastProjectId}|${day}`. */
type BillableMinutes = Map<string, number>;

/**
 * Every weekday of the last 26 weeks up to today, per developer: a primary project (a running
 * one) and a secondary one, with the odd vacation day and internal meeting.
 */
function timeRegistrationsOf(
  spine: DemoSpine,
  rand: () => number,
  calendar: DemoCalendar,
): { timeRegistrations: ForecastTimeRegistrationJson[]; billableMinutes: BillableMinutes } {
  const timeRegistrations: ForecastTimeRegistrationJson[] = [];
  const billableMinutes: BillableMinutes = new Map();
  const working = spine.projects.filter((p) => workUntil(p, calendar) !== null);
  const running = spine.projects.filter((p) => p.stage === 'RUNNING');
  const days = weekdays(calendar.firstDay, calendar.today);
  const holidays = publicHolidays(calendar);
  // The last two weeks: a push on the retainers, whose current period heads over its target.
  const surgeFrom = shiftDays(calendar.thisMonday, -7);
  let htmlNotePending = true;
  for (const d of spine.developers) {
    const share = billableShare(d);
    const primary = running.length ? running[d.index % running.length]! : working[0];
    const secondary = working.length ? working[(d.index * 3 + 1) % working.length]! : undefined;
    for (const day of days) {
      const inThisWeek = day >= calendar.thisMonday;
      const approval = inThisWeek ? (rand() < 0.5 ? 'NOT_SUBMITTED' : 'SUBMITTED') : 'APPROVED';
      const register: Register = (minutes, target, note) => {
        const billable = target.project ? billableOf(minutes, share) : 0;
        const reg = timeRegistration(rand, calendar, {
          id: 100_000 + timeRegistrations.length,
          personId: d.forecastPersonId,
          day,
          approval,
          minutes,
          billable,
          target,
          note,
        });
        timeRegistrations.push(reg);
        if (target.project) {
          const key = `${target.project.forecastId}|${day}`;
          billableMinutes.set(key, (billableMinutes.get(key) ?? 0) + billable);
        }
      };
      if (holidays.has(day)) {
        register(WORK_DAY, { nonProject: NON_PROJECT_TIME.vacation }, 'Public holiday');
        continue;
      }
      const projects = [primary, secondary].filter(
        (p): p is DemoProject => p !== undefined && day <= workUntil(p, calendar)!,
      );
      const rhythm = {
        weekday: (parseISO(day).getDay() + 6) % 7,
        surge: day >= surgeFrom && primary?.weeklyRetainer === true,
      };
      if (logDay(rand, projects, register, htmlNotePending && inThisWeek, rhythm))
        htmlNotePending = false;
    }
  }
  return { timeRegistrations, billableMinutes };
}

/**
 * The share of a developer's project time that is billed: the rest goes on non-billable tasks
 * (estimates, handovers, rework under warranty), more for some people than others, so billable
 * utilisation spreads as in a real agency (about 60-90%). Fixed by the person, not drawn, so
 * every other figure of the demo keeps its random stream; retainer periods count what is billed.
 */
const billableShare = (d: DemoDeveloper): number => 0.66 + ((d.index * 5) % 12) * 0.025;

const billableOf = (minutes: number, share: number): number =>
  Math.round((minutes * share) / 15) * 15;

/**
 * One developer's day: a vacation day now and then, else an occasional internal meeting and the
 * rest split over the day's projects (or internal time when none is running). Returns whether
 * the markup note was used, which goes on the first project entry offered it.
 */
function logDay(
  rand: () => number,
  projects: readonly DemoProject[],
  register: Register,
  offerHtmlNote: boolean,
  { weekday, surge }: { weekday: number; surge: boolean },
): boolean {
  if (rand() < 0.04) {
    register(WORK_DAY, { nonProject: NON_PROJECT_TIME.vacation }, 'Vacation');
    return false;
  }
  // The week has a rhythm: planning on Mondays, delivery pushes late in the week, shorter Fridays.
  let left = WORK_DAY;
  if (weekday === 0) {
    register(60, { nonProject: NON_PROJECT_TIME.internal }, 'Sprint planning');
    left -= 60;
  } else if (rand() < 0.1) {
    const meeting = intBetween(rand, 2, 4) * 15;
    register(meeting, { nonProject: NON_PROJECT_TIME.internal }, 'Internal meeting');
    left -= meeting;
  }
  if (weekday === 3 && rand() < 0.5) left += 60;
  if (weekday === 4 && rand() < 0.3) left -= 120;
  if (surge) left += 150;
  if (projects.length === 0) {
    register(left, { nonProject: NON_PROJECT_TIME.internal }, null);
    return false;
  }
  const first = projects.length > 1 ? intBetween(rand, 12, Math.floor(left / 15) - 4) * 15 : left;
  projects.forEach((project, i) => {
    const note: string | null = rand() < 0.7 ? pick(rand, NOTES) : null;
    register(
      i === 0 ? first : left - first,
      { project },
      offerHtmlNote && i === 0 ? HTML_NOTE : note,
    );
  });
  return offerHtmlNote;
}

/** One time registration in Forecast's shape; on a project, most go through one of its tasks. */
function timeRegistration(
  rand: () => number,
  { now }: DemoCalendar,
  entry: {
    id: number;
    personId: number;
    day: IsoDate;
    approval: ForecastTimeRegistrationJson['approval_status'];
    minutes: number;
    /** Of `minutes`, what is billable (none off projects). */
    billable: number;
    target: TimeTarget;
    note: string | null;
  },
): ForecastTimeRegistrationJson {
  const { day, target } = entry;
  const onTask = target.project !== undefined && rand() < 0.6;
  const created = stamp(day, intBetween(rand, 15 * 60, 17 * 60 + 30));
  // A few rows were edited a few days later (never after the demo's now).
  const edited = rand() < 0.02 ? stamp(shiftDays(day, intBetween(rand, 1, 3)), 9 * 60) : created;
  return {
    id: entry.id,
    person: entry.personId,
    project: target.project && !onTask ? target.project.forecastId : null,
    task:
      target.project && onTask ? target.project.forecastId * 100 + intBetween(rand, 1, 40) : null,
    task_project: target.project && onTask ? target.project.forecastId : null,
    phase: target.project && onTask ? target.project.forecastId * 10 + 1 : null,
    non_project_time: target.nonProject ?? null,
    role: target.project ? 7 : null,
    time_registered: entry.minutes,
    billable_minutes_registered: entry.billable,
    date: day,
    notes: entry.note,
    approval_status: entry.approval,
    invoice: null,
    invoice_entry: null,
    created_by: entry.personId,
    updated_by: entry.personId,
    created_at: created,
    updated_at: edited > now ? created : edited,
  };
}

/**
 * Weekly retainer periods, 12 weeks back to 4 ahead, with the minutes billed in each. Past weeks
 * are locked except last week (not yet closed); this week is open; later weeks are drafts in
 * waiting.
 */
function retainerPeriodsOf(
  spine: DemoSpine,
  billableMinutes: BillableMinutes,
  persons: readonly ForecastPersonJson[],
  { thisMonday }: DemoCalendar,
): ForecastRetainerPeriodJson[] {
  const retainerPeriods: ForecastRetainerPeriodJson[] = [];
  const author = persons[0]?.id ?? SYSTEM_USER_ID;
  // The agreed weekly hours: what the team usually bills, to the nearest 5 hours, so a period
  // lands near its target and the forecast has something to tell.
  const targetMinutes = new Map<number, number>();
  for (const p of spine.projects.filter((x) => x.weeklyRetainer)) {
    let minutes = 0;
    for (
      let day = shiftDays(thisMonday, -7 * 12);
      day < shiftDays(thisMonday, -7);
      day = shiftDays(day, 1)
    )
      minutes += billableMinutes.get(`${p.forecastId}|${day}`) ?? 0;
    targetMinutes.set(p.forecastId, Math.max(5, Math.round(minutes / 11 / 60 / 5) * 5) * 60);
  }
  for (const p of spine.projects.filter((x) => x.weeklyRetainer)) {
    const fixedPrice = fixedPriceRetainer(p);
    for (let w = -12; w <= 4; w++) {
      const start = shiftDays(thisMonday, 7 * w);
      const end = shiftDays(start, 6);
      let billable = 0;
      for (let i = 0; i < 7; i++)
        billable += billableMinutes.get(`${p.forecastId}|${shiftDays(start, i)}`) ?? 0;
      const target = targetMinutes.get(p.forecastId)!;
      const value = money((billable / 60) * p.hourlyRate);
      const s = split(start);
      const e = split(end);
      retainerPeriods.push({
        id: 6000 + p.index * 100 + (w + 12),
        name: `Week ${w + 13}`,
        project_id: p.forecastId,
        start_year: s.year,
        start_month: s.month,
        start_day: s.day,
        end_year: e.year,
        end_month: e.month,
        end_day: e.day,
        period_length: 7,
        retainer_budget_type: fixedPrice ? 'FIXED_PRICE' : 'FIXED_HOURS',
        retainer_billing_period: 'WEEKLY',
        period_locked: w < -1,
        invoice_id: null,
        period_target_minutes: fixedPrice ? 0 : target,
        period_rollover_minutes: 0,
        period_target_price: fixedPrice ? (target / 60) * p.hourlyRate : 0,
        period_rollover_price: 0,
        estimated_billable_minutes: target,
        actual_billable_minutes: billable,
        remaining_work_billable_minutes: w >= 0 ? Math.max(0, target - billable) : 0,
        projected_total_billable_minutes: w >= 0 ? Math.max(target, billable) : billable,
        estimated_billable_value_of_service: money((target / 60) * p.hourlyRate),
        actual_billable_value_of_service: value,
        remaining_work_billable_value_of_service:
          w >= 0 ? money((Math.max(0, target - billable) / 60) * p.hourlyRate) : 0,
        projected_total_billable_value_of_service:
          w >= 0 ? money((Math.max(target, billable) / 60) * p.hourlyRate) : value,
        created_at: stamp(shiftDays(thisMonday, -7 * 13), 8 * 60),
        created_by: author,
        updated_at: stamp(w < -1 ? shiftDays(end, 1) : shiftDays(thisMonday, -7 * 13), 8 * 60),
        updated_by: String(author),
      });
    }
  }
  return retainerPeriods;
}

/** Three registrations deleted in recent weeks, for the sync's deleted list. */
function deletedRegistrationsOf(
  spine: DemoSpine,
  { thisMonday }: DemoCalendar,
): ForecastDeletedRegistrationJson[] {
  const running = spine.projects.filter((p) => p.stage === 'RUNNING');
  return [0, 1, 2].map((i) => {
    const dev = spine.developers[i % spine.developers.length]!;
    const project = running[i % Math.max(1, running.length)];
    const person = { id: dev.forecastPersonId, name: dev.displayName, email: dev.email };
    const when = stamp(shiftDays(thisMonday, -7 * (i + 1)), 9 * 60);
    return {
      id: 99_990 + i,
      minutesRegistered: 60,
      person,
      registeredOn: project
        ? {
            type: 'PROJECT',
            id: project.forecastId,
            name: project.name,
            project: { id: project.forecastId, name: project.name },
          }
        : { type: 'NON_PROJECT_TIME', id: NON_PROJECT_TIME.internal, name: 'Internal meeting' },
      datetime: when,
      deletedBy: person,
      deletedAt: when,
    };
  });
}

interface InvoiceLine {
  project: DemoProject;
  hours: number;
  discount?: number;
  name: string;
}

/**
 * Invoices every four weeks per billable project, in every state: paid, partly paid, overdue,
 * sent and not yet due, approved, draft; one with a discounted line; one spanning two projects
 * of the same client; and one dated this week.
 */
function invoicesOf(
  spine: DemoSpine,
  rand: () => number,
  calendar: DemoCalendar,
  currency: string,
): ForecastInvoiceJson[] {
  const { today, thisMonday, firstDay } = calendar;
  const invoices: ForecastInvoiceJson[] = [];
  const ids = { entry: 20_000, payment: 700 };
  const add = (
    lines: InvoiceLine[],
    created: IsoDate,
    status: ForecastInvoiceJson['status'],
    paidShare: number,
  ) => {
    invoices.push(
      invoice(spine, calendar, ids, invoices.length, {
        lines,
        created,
        status,
        paidShare,
        currency,
      }),
    );
  };

  for (const p of spine.projects) {
    const until = workUntil(p, calendar);
    if (until === null) continue;
    const dates: IsoDate[] = [];
    for (
      let day = shiftDays(firstDay, 14 + (p.index % 7));
      day <= until && day <= today;
      day = shiftDays(day, 28)
    )
      dates.push(day);
    dates.forEach((created, k) => {
      const last = k === dates.length - 1;
      const secondLast = k === dates.length - 2;
      // Billed hours track the ~60-80 hours a week logged on a project, so demo margins look like an agency's.
      const drawn = intBetween(rand, 150, 300);
      // A nearly spent fixed price has been billed in smaller milestones.
      const hours = tightBudget(p) ? Math.round(drawn * 0.3) : drawn;
      const lines: InvoiceLine[] = [
        { project: p, hours, name: `Development ${format(parseISO(created), 'MMMM')}` },
      ];
      // A discounted support line now and then (discount is a percentage of the line).
      if (k % 3 === 1)
        lines.push({
          project: p,
          hours: intBetween(rand, 4, 12),
          discount: 10,
          name: 'Support (10% discount)',
        });
      if (p.stage === 'RUNNING' && last && p.index % 3 === 0) add(lines, created, 'DRAFT', 0);
      else if (p.stage === 'RUNNING' && last && p.index % 3 === 1)
        add(lines, created, 'APPROVED', 0);
      else if (p.index % 4 === 1 && secondLast)
        add(lines, created, 'SENT', 0); // overdue, nothing paid
      else if (p.index % 4 === 3 && secondLast)
        add(lines, created, 'SENT', 0.5); // overdue, half paid
      else if (shiftDays(created, 30) >= today)
        add(lines, created, 'SENT', p.index % 2 ? 0.4 : 0); // not yet due
      else add(lines, created, 'SENT', 1);
    });
  }

  // One invoice across two projects of the same client (the first two), partly paid.
  const [a, b] = spine.projects;
  if (a && b && clientOf(a) === clientOf(b)) {
    add(
      [
        { project: a, hours: 20, name: `${a.name} support` },
        { project: b, hours: 60, name: `${b.name} delivery` },
      ],
      shiftDays(thisMonday, -21),
      'SENT',
      0.5,
    );
  }
  // One sent 47 days ago and never paid: due 30 days after, so 17 days overdue today.
  const late = spine.projects.find((p) => p.onDashboard && p.budgetType === 'TIME_AND_MATERIALS');
  if (late)
    add([{ project: late, hours: 40, name: 'Change request 7' }], shiftDays(today, -47), 'SENT', 0);
  // And one dated this week, so 'Invoices This Week' has something to show.
  const weekly = spine.projects.find(
    (p) => p.stage === 'RUNNING' && p.budgetType === 'FIXED_PRICE',
  );
  if (weekly) add([{ project: weekly, hours: 32, name: 'Milestone 3' }], thisMonday, 'SENT', 0);
  return invoices;
}

/**
 * One invoice in Forecast's shape: its entries (10% tax), a payment of `paidShare` of the total
 * when it is sent, and the payment status Forecast would show. `ids` hands out entry and payment
 * ids in order; `count` is how many invoices came before.
 */
function invoice(
  spine: DemoSpine,
  { today, now }: DemoCalendar,
  ids: { entry: number; payment: number },
  count: number,
  {
    lines,
    created,
    status,
    paidShare,
    currency,
  }: {
    lines: InvoiceLine[];
    created: IsoDate;
    status: ForecastInvoiceJson['status'];
    paidShare: number;
    currency: string;
  },
): ForecastInvoiceJson {
  const stampAt = (day: IsoDate) => (day >= today ? now : stamp(day, 10 * 60));
  const id = 8_800 + count;
  const due = shiftDays(created, 30);
  const owner = lines[0]!.project;
  const entries: ForecastInvoiceEntryJson[] = lines.map((l) => ({
    id: ids.entry++,
    invoice_id: id,
    project_id: l.project.forecastId,
    name: l.name,
    description: '',
    quantity: l.hours,
    unit_price: l.project.hourlyRate,
    discount: l.discount ?? 0,
    tax: 10,
    created_at: stampAt(created),
    updated_at: stampAt(created),
  }));
  const total = entries.reduce(
    (sum, e) => sum + e.quantity * e.unit_price * (1 - e.discount / 100),
    0,
  );
  const paidAmount = status === 'SENT' ? money(total * paidShare) : 0;
  const paidOn =
    differenceInCalendarDays(parseISO(today), parseISO(created)) > 20
      ? shiftDays(created, 20)
      : today;
  const payments: ForecastPaymentJson[] =
    paidAmount > 0
      ? [
          {
            id: ids.payment++,
            invoice_id: id,
            amount: paidAmount,
            date: paidOn,
            notes: 'EFT',
            created_at: stampAt(paidOn),
            updated_at: stampAt(paidOn),
          },
        ]
      : [];
  const pastDue = due < today;
  const paymentStatus: ForecastInvoiceJson['payment_status'] =
    paidAmount >= money(total) && paidAmount > 0
      ? 'PAID'
      : status !== 'DRAFT' && pastDue
        ? 'OVERDUE'
        : paidAmount > 0
          ? 'PARTIALLY_PAID'
          : 'UNPAID';
  return {
    id,
    company_invoice_id: 100 + count,
    project_id: owner.forecastId,
    client_id: clientOf(owner),
    name: `${owner.name} - ${format(parseISO(created), 'MMM yyyy')}`,
    invoice_reference: `INV-${100 + count}`,
    invoice_type: owner.budgetType === 'FIXED_PRICE' ? 'FIXED_PRICE' : 'TIME_AND_MATERIAL',
    currency,
    created_date: created,
    due_date: due,
    status,
    payment_status: paymentStatus,
    notes: '',
    entries,
    payments,
    created_by: spine.developers[0]?.forecastPersonId ?? SYSTEM_USER_ID,
    created_at: stampAt(created),
    updated_at: stampAt(payments[0]?.date ?? created),
  };
}

/**
 * The weekdays each developer is away in the demo, by Forecast person id, as the dashboard reads
 * them (docs/decisions/397-available-points-count-logged-leave.md): their holiday calendar's days,
 * whole days planned as time off and whole days logged as time off. The demo Jira site delivers
 * nothing on them (docs/decisions/426-demo-delivery-follows-working-days.md).
 */
export function demoDaysOff(data: ForecastDemoData): Map<number, Set<IsoDate>> {
  const off = new Map<number, Set<IsoDate>>();
  const add = (person: number, day: IsoDate) => {
    const days = off.get(person) ?? new Set<IsoDate>();
    days.add(day);
    off.set(person, days);
  };
  const calendarDays = new Map<number, IsoDate[]>();
  for (const h of data.capacity.holidayCalendarEntries) {
    const day = `${h.year}-${String(h.month).padStart(2, '0')}-${String(h.day).padStart(2, '0')}`;
    calendarDays.set(h.holiday_calendar_id, [
      ...(calendarDays.get(h.holiday_calendar_id) ?? []),
      day,
    ]);
  }
  for (const p of data.persons)
    for (const day of p.holiday_calendar_id ? (calendarDays.get(p.holiday_calendar_id) ?? []) : [])
      add(p.id, day);
  const timeOff = new Set(
    data.capacity.nonProjectTime.filter((t) => !t.is_internal_time).map((t) => t.id),
  );
  for (const a of data.capacity.allocations) {
    if (a.non_project_time === null || !timeOff.has(a.non_project_time)) continue;
    const minutes = [a.monday, a.tuesday, a.wednesday, a.thursday, a.friday];
    for (const day of weekdays(a.start_date, a.end_date))
      if (minutes[(parseISO(day).getDay() + 6) % 7]! >= WORK_DAY) add(a.person, day);
  }
  const logged = new Map<string, number>();
  for (const r of data.timeRegistrations) {
    if (r.non_project_time === null || !timeOff.has(r.non_project_time)) continue;
    const key = `${r.person}|${r.date}`;
    logged.set(key, (logged.get(key) ?? 0) + r.time_registered);
  }
  for (const [key, minutes] of logged) {
    const [person, day] = key.split('|') as [string, IsoDate];
    if (minutes >= WORK_DAY) add(Number(person), day);
  }
  return off;
}
