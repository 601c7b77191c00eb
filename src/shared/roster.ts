/**
 * The roster: one row per person, joining a Jira account, a Forecast person and a Pipedrive user
 * (docs/decisions/390-one-roster-of-people.md). Pure and browser-safe: the matching rule, the
 * person as every call shows them, and their days and weeks of availability, so velocity,
 * available points, utilisation, capacity and forecasts all count the same people.
 */
import { type EmploymentDates, isEmployedOn } from './availability';
import { addCalendarDays, type IsoDate } from './calendar';
import { normaliseEmail } from './email';
import { hoursFromMinutes } from './money';

// ------------------------------------------------------------------------------------- sources

/** A Forecast person as the roster reads them: staff only, active. */
export interface RosterForecastPerson {
  id: number;
  name: string;
  email: string | null;
}

/** A Jira account the roster knows: from the site's user list, a ticket's assignee or the tracked list. */
export interface RosterJiraAccount {
  accountId: string;
  displayName: string;
  /** null when Jira's profile visibility hides it. */
  email: string | null;
}

export interface RosterPipedriveUser {
  id: number;
  name: string;
  email: string | null;
}

/**
 * A link set or broken by hand. A Jira account's partner is a Forecast person, or none (unlinked:
 * it is never matched by email again). A Pipedrive user's partner is a person named by their
 * Forecast person or, for someone only in Jira, their Jira account; or none.
 */
export type ManualLink =
  | { source: 'jira'; upstreamId: string; forecastPersonId: number | null }
  | {
      source: 'pipedrive';
      upstreamId: string;
      forecastPersonId: number | null;
      jiraAccountId: string | null;
    };

/** A stored roster row: its id is kept while the person's links change. */
export interface StoredPersonRow {
  id: number;
  jiraAccountId: string | null;
  forecastPersonId: number | null;
  pipedriveUserId: number | null;
}

export interface RosterSources {
  forecastPersons: readonly RosterForecastPerson[];
  jiraAccounts: readonly RosterJiraAccount[];
  pipedriveUsers: readonly RosterPipedriveUser[];
  /** The tracked Jira accounts (the availability selection): each gets a row, matched or not. */
  tracked: ReadonlySet<string>;
  links: readonly ManualLink[];
  existing: readonly StoredPersonRow[];
}

/** A row the roster should hold: `id` is an existing row's, or null for a new one. */
export interface MatchedPerson {
  id: number | null;
  name: string;
  email: string | null;
  jiraAccountId: string | null;
  forecastPersonId: number | null;
  pipedriveUserId: number | null;
}

// ------------------------------------------------------------------------------------ matching

/** An email as the roster compares it (`normaliseEmail`), or null for none or one without an '@'. */
export function emailKey(email: string | null | undefined): string | null {
  if (!email) return null;
  const key = normaliseEmail(email);
  return key.includes('@') ? key : null;
}

/** Keys that exactly one item has, with that item: an email two people share matches neither. */
function uniqueBy<T>(items: readonly T[], key: (item: T) => string | null): Map<string, T> {
  const seen = new Map<string, T | null>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    seen.set(k, seen.has(k) ? null : item);
  }
  const out = new Map<string, T>();
  for (const [k, v] of seen) if (v !== null) out.set(k, v);
  return out;
}

interface Cluster {
  forecast: RosterForecastPerson | null;
  jira: RosterJiraAccount | null;
  pipedrive: RosterPipedriveUser | null;
}

/**
 * Who is one person. Every active Forecast person is a person; a Jira account joins the Forecast
 * person linked to it by hand, else the one with the same email (trimmed, lower-cased,
 * Unicode-normalised) when exactly one has it and nobody else claimed them; a tracked Jira account
 * that joins nobody is a person of its own. A Pipedrive user joins the person linked by hand,
 * else the one whose Forecast or Jira email is theirs. A link broken by hand is never made again
 * by email. Existing rows keep their ids: a person's row is found by their Forecast person, then
 * by their Jira account.
 */
export function matchRoster(sources: RosterSources): MatchedPerson[] {
  const jiraById = new Map(sources.jiraAccounts.map((a) => [a.accountId, a]));
  const jiraLinks = new Map<string, number | null>();
  const pipedriveLinks = new Map<string, Extract<ManualLink, { source: 'pipedrive' }>>();
  for (const link of sources.links) {
    if (link.source === 'jira') jiraLinks.set(link.upstreamId, link.forecastPersonId);
    else pipedriveLinks.set(link.upstreamId, link);
  }

  const clusters = new Map<number, Cluster>();
  for (const p of [...sources.forecastPersons].sort((a, b) => a.id - b.id))
    clusters.set(p.id, { forecast: p, jira: null, pipedrive: null });

  // Jira accounts: links by hand first, then email, in account id order so the answer is stable.
  const accounts = [...sources.jiraAccounts].sort((a, b) =>
    a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0,
  );
  const placed = new Set<string>();
  for (const account of accounts) {
    const forecastId = jiraLinks.get(account.accountId);
    if (forecastId === undefined || forecastId === null) continue;
    const cluster = clusters.get(forecastId);
    if (!cluster || cluster.jira) continue;
    cluster.jira = account;
    placed.add(account.accountId);
  }
  const claimedByHand = new Set([...jiraLinks.values()].filter((id): id is number => id !== null));
  const forecastByEmail = uniqueBy(sources.forecastPersons, (p) => emailKey(p.email));
  const jiraByEmail = uniqueBy(accounts, (a) => emailKey(a.email));
  for (const [email, account] of jiraByEmail) {
    if (placed.has(account.accountId) || jiraLinks.has(account.accountId)) continue;
    const person = forecastByEmail.get(email);
    if (!person || claimedByHand.has(person.id)) continue;
    const cluster = clusters.get(person.id)!;
    if (cluster.jira) continue;
    cluster.jira = account;
    placed.add(account.accountId);
  }
  // A tracked account that joined nobody is a person of their own.
  const jiraOnly = new Map<string, Cluster>();
  for (const accountId of [...sources.tracked].sort()) {
    if (placed.has(accountId)) continue;
    const account = jiraById.get(accountId) ?? { accountId, displayName: accountId, email: null };
    jiraOnly.set(accountId, { forecast: null, jira: account, pipedrive: null });
  }

  // Pipedrive users: by hand, then by the person's Forecast or Jira email.
  const all = [...clusters.values(), ...jiraOnly.values()];
  const byForecast = (id: number | null) => (id === null ? undefined : clusters.get(id));
  const byJira = (id: string | null) =>
    id === null ? undefined : all.find((c) => c.jira?.accountId === id);
  const users = [...sources.pipedriveUsers].sort((a, b) => a.id - b.id);
  const pipedrivePlaced = new Set<number>();
  for (const user of users) {
    const link = pipedriveLinks.get(String(user.id));
    if (!link) continue;
    const cluster = byForecast(link.forecastPersonId) ?? byJira(link.jiraAccountId);
    if (!cluster || cluster.pipedrive) continue;
    cluster.pipedrive = user;
    pipedrivePlaced.add(user.id);
  }
  const clusterByEmail = uniqueBy(
    all.flatMap((c) => {
      const keys = new Set([emailKey(c.forecast?.email), emailKey(c.jira?.email)]);
      return [...keys].filter((k): k is string => k !== null).map((k) => ({ k, c }));
    }),
    (x) => x.k,
  );
  for (const [email, user] of uniqueBy(users, (u) => emailKey(u.email))) {
    if (pipedrivePlaced.has(user.id) || pipedriveLinks.has(String(user.id))) continue;
    const cluster = clusterByEmail.get(email)?.c;
    if (!cluster || cluster.pipedrive) continue;
    cluster.pipedrive = user;
  }

  // Rows keep their ids: by Forecast person first, then by Jira account.
  const rowByForecast = new Map<number, StoredPersonRow>();
  const rowByJira = new Map<string, StoredPersonRow>();
  for (const row of sources.existing) {
    if (row.forecastPersonId !== null) rowByForecast.set(row.forecastPersonId, row);
    if (row.jiraAccountId !== null) rowByJira.set(row.jiraAccountId, row);
  }
  const usedIds = new Set<number>();
  const out: MatchedPerson[] = [];
  for (const c of all) {
    const candidates = [
      c.forecast ? rowByForecast.get(c.forecast.id) : undefined,
      c.jira ? rowByJira.get(c.jira.accountId) : undefined,
    ];
    const row = candidates.find((r) => r !== undefined && !usedIds.has(r.id));
    if (row) usedIds.add(row.id);
    out.push({
      id: row?.id ?? null,
      name: c.forecast?.name || c.jira?.displayName || c.pipedrive?.name || '',
      email: emailKey(c.forecast?.email) ?? emailKey(c.jira?.email) ?? emailKey(c.pipedrive?.email),
      jiraAccountId: c.jira?.accountId ?? null,
      forecastPersonId: c.forecast?.id ?? null,
      pipedriveUserId: c.pipedrive?.id ?? null,
    });
  }
  return out;
}

// -------------------------------------------------------------------------------- the person

/**
 * A person as GET /api/people answers (docs/decisions/390): the links, what Forecast says of
 * them (name, team, role, working hours, employment dates) with the dashboard's own dates and
 * team winning, and whether velocity tracks them. Hours only: no cost, rate or money.
 */
export interface Person {
  id: number;
  name: string;
  email: string | null;
  team: string | null;
  /** Forecast's default role of the person; null for someone only in Jira. */
  role: string | null;
  jiraAccountId: string | null;
  forecastPersonId: number | null;
  pipedriveUserId: number | null;
  startDate: IsoDate | null;
  endDate: IsoDate | null;
  /** Forecast's working minutes of a week, in hours; null for someone only in Jira. */
  weeklyHours: number | null;
  /** In the availability selection: velocity counts their points and their available points. */
  tracked: boolean;
}

/** Someone delivering in Jira (or tracked) with no Forecast person, and a Forecast person with no Jira account. */
export interface Unmatched {
  jira: { accountId: string; displayName: string }[];
  forecast: { id: number; name: string }[];
}

export interface PeopleResponse {
  people: Person[];
  unmatched: Unmatched;
}

/**
 * A person's employment: the dashboard's own date (Set Start Date, Set End Date) wins over
 * Forecast's, each end on its own.
 */
export function employmentOf(
  own: { startDate: IsoDate | null; endDate: IsoDate | null } | null,
  forecast: { startDate: IsoDate | null; endDate: IsoDate | null } | null,
): EmploymentDates {
  return {
    startDate: own?.startDate ?? forecast?.startDate ?? null,
    endDate: own?.endDate ?? forecast?.endDate ?? null,
  };
}

/** Sorted as the roster lists people: by name, any case, then id. */
export function byName<P extends { name: string; id: number }>(a: P, b: P): number {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
}

// ------------------------------------------------------------------- days and weeks of a person

/** Minutes per weekday, Monday first, as Forecast keeps a working week. */
export type WorkingWeek = readonly [number, number, number, number, number, number, number];

/** Monday = 0 … Sunday = 6. */
export function weekdayIndex(date: IsoDate): number {
  // Sakamoto's rule, without a Date: the calendars of a forecast ask it for every day of a year.
  const d = Number(date.slice(8, 10));
  const m = Number(date.slice(5, 7));
  const y = Number(date.slice(0, 4)) - (m < 3 ? 1 : 0);
  const sunday0 =
    (y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) + MONTH_OFFSET[m - 1]! + d) %
    7;
  return (sunday0 + 6) % 7;
}

/** Sakamoto's month offsets, January first. */
const MONTH_OFFSET = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];

/** Everything a person's days are computed from. */
export interface PersonCalendar {
  /** Forecast's working minutes; for someone only in Jira, 8-hour weekdays (the grid's working day). */
  workingWeek: WorkingWeek;
  employment: EmploymentDates;
  /** Holidays (their Forecast calendar, else the configured public holidays): date → name. */
  holidays: ReadonlyMap<IsoDate, string>;
  /** Minutes of leave (time off in Forecast) by date. */
  leaveMinutes: ReadonlyMap<IsoDate, number>;
  /** Days marked in the availability grid by hand: true away, false available; wins over the rest. */
  marked: ReadonlyMap<IsoDate, boolean>;
}

/** The grid's working day for someone Forecast does not describe: Monday to Friday, 8 hours. */
export const JIRA_ONLY_WEEK: WorkingWeek = [480, 480, 480, 480, 480, 0, 0];

export interface PersonDay {
  date: IsoDate;
  /** Minutes the person works on that weekday within their employment (0 outside it). */
  workingMinutes: number;
  /** Working minutes left after holidays and leave; all of them on a day marked Available. */
  availableMinutes: number;
  /**
   * Whether available points count the day: a weekday (Monday to Friday) within employment that
   * the person works and is not away on; a day marked Available by hand counts whatever the rest says.
   */
  availableDay: boolean;
  /** Why the day is away or short: 'holiday: <name>', 'leave', 'marked away', 'not a working day', or null. */
  source: string | null;
}

/**
 * One person's day: their working minutes within employment, none on a holiday, less leave
 * (partial leave shortens the day without taking it away); a day marked by hand in the grid wins
 * (Away takes the whole day, Available gives it back).
 */
export function personDay(calendar: PersonCalendar, date: IsoDate): PersonDay {
  const employed = isEmployedOn(calendar.employment, date);
  const weekday = weekdayIndex(date) < 5;
  const working = employed ? calendar.workingWeek[weekdayIndex(date)]! : 0;
  const mark = employed ? calendar.marked.get(date) : undefined;
  if (mark === true)
    return {
      date,
      workingMinutes: working,
      availableMinutes: 0,
      availableDay: false,
      source: 'marked away',
    };
  if (mark === false)
    return {
      date,
      workingMinutes: working,
      availableMinutes: working,
      availableDay: weekday,
      source: null,
    };
  const holiday = calendar.holidays.get(date);
  if (holiday !== undefined && working > 0)
    return {
      date,
      workingMinutes: working,
      availableMinutes: 0,
      availableDay: false,
      source: `holiday: ${holiday}`,
    };
  const leave = Math.min(working, calendar.leaveMinutes.get(date) ?? 0);
  const source =
    leave > 0 ? 'leave' : employed && weekday && working === 0 ? 'not a working day' : null;
  return {
    date,
    workingMinutes: working,
    availableMinutes: working - leave,
    availableDay: weekday && working > 0 && leave < working,
    source,
  };
}

export interface PersonWeek {
  weekStart: IsoDate;
  /** Weekdays (Monday to Friday) within employment and not away: what available points count. */
  availableDays: number;
  /** Working hours less holidays and leave, within employment: utilisation's denominator. */
  availableHours: number;
  /** Holidays and leave taken out of the working hours. */
  awayHours: number;
}

/**
 * A person's week from a Monday, or only the days of it from `from` to `to` (a month that
 * starts or ends mid-week counts its own days).
 */
export function personWeek(
  calendar: PersonCalendar,
  weekStart: IsoDate,
  within?: { from: IsoDate; to: IsoDate },
): PersonWeek {
  let days = 0;
  let available = 0;
  let working = 0;
  for (let i = 0; i < 7; i++) {
    const date = addCalendarDays(weekStart, i);
    if (within && (date < within.from || date > within.to)) continue;
    const day = personDay(calendar, date);
    available += day.availableMinutes;
    working += day.workingMinutes;
    if (day.availableDay) days += 1;
  }
  return {
    weekStart,
    availableDays: days,
    availableHours: hoursFromMinutes(available),
    awayHours: hoursFromMinutes(working - available),
  };
}
