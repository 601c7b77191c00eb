/**
 * Forecasts with ranges of one project (docs/decisions/420-forecasts-with-ranges.md): its open
 * epics' P50 and P85 finish dates, its sprint's share done by the sprint's end, and its retainer
 * period's billed amount as P10-P50-P90. Stored data only, never an upstream call; the rules are
 * in shared/delivery-forecast and shared/retainer-forecast.
 */
import { readCapacityPersons, readHolidays, readAllocations } from '../db/capacity';
import {
  readActiveSprint,
  readBilledDays,
  readDoneTickets,
  readForecastProject,
  readOpenEpics,
  type DoneTicket,
} from '../db/delivery-forecast';
import { listAllMarkedDays, type listMarkedDays } from '../db/developers';
import { listPersonLinks, type PersonLink } from '../db/people';
import type { Db } from '../db/port';
import { readRegisteredTimeOff } from '../db/utilisation';
import { readRetainerInputs, readRetainerTerms } from '../db/retainer-inputs';
import { effectiveAwayDays, isEmployedOn, awayKey } from '../shared/availability';
import {
  addCalendarDays,
  parseIsoDate,
  shiftWeek,
  weekEndOf,
  weekStartOf,
  type IsoDate,
} from '../shared/calendar';
import { derivedDays, WEEKDAYS } from '../shared/capacity';
import type { CurrencyCode } from '../shared/currency';
import {
  basisText,
  forecastEpics,
  forecastSprint,
  HISTORY_WEEKS_MAX,
  HORIZON_WEEKS,
  meanRate,
  ratesPerDevDay,
  seedOf,
  type FutureWeeks,
  type PastWeek,
  type CalibrationSample,
  quantile,
  simulateTotals,
  type ProjectForecastResponse,
  type RetainerRangeAnswer,
  type ThroughputUnit,
  workDone,
  workIn,
  workMeasure,
} from '../shared/delivery-forecast';
import {
  publicHolidays as publicHolidaysIn,
  type PublicHolidayRegion,
} from '../shared/public-holidays';
import { retainerRangeFromPace, type RetainerBiller } from '../shared/retainer-forecast';
import { weekdayIndex } from '../shared/roster';
import type { RetainerPeriod } from '../shared/retainer';
import { activePeriod } from './retainer-forecast';
import { isDescopedStatus } from '../shared/tickets';
import { workingDaysBetween } from '../shared/working-days';
import { tallyTickets } from './jira/model';

/** What a forecast needs besides the database: the day, the zone and the holidays. */
export interface ForecastContext {
  db: Db;
  today: IsoDate;
  timeZone: string;
  publicHolidays: PublicHolidayRegion | null;
  companyCurrency: CurrencyCode;
  /** The days-at-work sources read once for the whole of one forecast (set by loadProjectForecast). */
  availability?: () => Promise<AvailabilitySources>;
}

/** Weeks ahead whose days away the basis line counts. */
const AHEAD_WEEKS = 8;
/** Weeks ahead for which Forecast's calendars and leave are read; later weeks count working days. */
const KNOWN_AHEAD_WEEKS = 26;
/** Recent days whose billers carry a retainer forward (two weeks, as the point forecast's window). */
const RECENT_BILLERS_DAYS = 14;

/** Someone whose days at work a forecast counts, by a key of the caller's choosing. */
interface Worker {
  key: string;
  jiraAccountId: string | null;
  forecastPersonId: number | null;
}

/** Who is at work on which day: employment from the roster, days marked by hand, then Forecast. */
export type AtWork = (key: string, date: IsoDate) => boolean;

/** What days at work are derived from, read once per forecast for a range of days. */
interface AvailabilitySources {
  range: { from: IsoDate; to: IsoDate };
  rows: PersonLink[];
  persons: Awaited<ReturnType<typeof readCapacityPersons>>;
  holidays: Awaited<ReturnType<typeof readHolidays>>;
  allocations: Awaited<ReturnType<typeof readAllocations>>;
  marked: Awaited<ReturnType<typeof listMarkedDays>>;
}

async function readAvailabilitySources(
  db: Db,
  range: { from: IsoDate; to: IsoDate },
): Promise<AvailabilitySources> {
  const [rows, persons, holidays, allocations, marked] = await Promise.all([
    listPersonLinks(db),
    readCapacityPersons(db),
    readHolidays(db, range.from, range.to),
    readAllocations(db, range.from, range.to, { timeOffOnly: true }),
    listAllMarkedDays(db, range),
  ]);
  return { range, rows, persons, holidays, allocations, marked };
}

async function readAtWork(
  db: Db,
  workers: readonly Worker[],
  range: { from: IsoDate; to: IsoDate },
  region: PublicHolidayRegion | null,
  shared?: () => Promise<AvailabilitySources>,
): Promise<AtWork> {
  const sources = await (shared ? shared() : readAvailabilitySources(db, range));
  return atWorkFrom(sources, workers, region);
}

/** Days at work of `workers` from the sources; outside their range only employment counts. */
function atWorkFrom(
  { range, rows, persons, holidays, allocations, marked }: AvailabilitySources,
  workers: readonly Worker[],
  region: PublicHolidayRegion | null,
): AtWork {
  const byJira = new Map(rows.flatMap((r) => (r.jiraAccountId ? [[r.jiraAccountId, r]] : [])));
  const byForecast = new Map(
    rows.flatMap((r) => (r.forecastPersonId !== null ? [[r.forecastPersonId, r]] : [])),
  );
  const rowOf = (w: Worker): PersonLink | undefined =>
    (w.jiraAccountId ? byJira.get(w.jiraAccountId) : undefined) ??
    (w.forecastPersonId !== null ? byForecast.get(w.forecastPersonId) : undefined);
  // Days marked by hand belong to a Jira account: the worker's own, or their roster row's.
  const keyOfJira = new Map(
    workers.flatMap((w) => {
      const account = w.jiraAccountId ?? rowOf(w)?.jiraAccountId ?? null;
      return account ? [[account, w.key]] : [];
    }),
  );
  const people = workers.map((w) => ({
    accountId: w.key,
    forecastPersonId: w.forecastPersonId ?? rowOf(w)?.forecastPersonId ?? null,
  }));
  const theirs = new Set(
    people.flatMap((p) => (p.forecastPersonId === null ? [] : [p.forecastPersonId])),
  );
  const away = effectiveAwayDays(
    marked.flatMap((m) => {
      const key = keyOfJira.get(m.accountId);
      return key ? [{ ...m, accountId: key }] : [];
    }),
    derivedDays({
      people,
      persons,
      holidays,
      // Only these people's leave: derivedDays reads every allocation given for each person.
      allocations: allocations.filter((a) => a.timeOff && theirs.has(a.personId)),
      publicHolidays: region ? publicHolidaysIn(region, range.from, range.to) : new Map(),
      ...range,
    }),
  );
  // The dashboard's own employment dates win, else Forecast's (docs/decisions/390).
  const employment = new Map(
    workers.map((w) => {
      const row = rowOf(w);
      return [
        w.key,
        {
          startDate: row?.ownStartDate ?? row?.forecastStartDate ?? null,
          endDate: row?.ownEndDate ?? row?.forecastEndDate ?? null,
        },
      ];
    }),
  );
  return (key, date) => {
    const dates = employment.get(key);
    return !!dates && isEmployedOn(dates, date) && !away.has(awayKey(key, date));
  };
}

/** Developer-days of `keys` at work on each working day from `first` to `last`, grouped by week. */
export function futureWeeks(
  keys: readonly string[],
  atWork: AtWork,
  first: IsoDate,
  last: IsoDate,
): FutureWeeks {
  const days = workingDaysBetween(first, last);
  const weeks: { date: IsoDate; devDays: number }[][] = [];
  // Working days come Monday to Friday in order: a Monday after the first day starts a week.
  let weekday = days[0] ? parseIsoDate(days[0]).getDay() : 1;
  for (const date of days) {
    const devDays = keys.reduce((n, k) => n + (atWork(k, date) ? 1 : 0), 0);
    if (weeks.length === 0 || weekday === 1) weeks.push([]);
    weeks[weeks.length - 1]!.push({ date, devDays });
    weekday = weekday === 5 ? 1 : weekday + 1;
  }
  return weeks;
}

/** Developer-days of `keys` at work in the week of `weekStart` (Monday to Friday). */
function devDaysIn(keys: readonly string[], atWork: AtWork, weekStart: IsoDate): number {
  return futureWeeks(keys, atWork, weekStart, addCalendarDays(weekStart, 4))
    .flat()
    .reduce((n, d) => n + d.devDays, 0);
}

/** The complete weeks a forecast on `today` learns from: up to 26 back, from the first with work, oldest first. */
function historyWeeks(today: IsoDate, firstActive: IsoDate | null): IsoDate[] {
  const last = shiftWeek(weekStartOf(today), -1);
  const weeks: IsoDate[] = [];
  for (let i = HISTORY_WEEKS_MAX - 1; i >= 0; i--) weeks.push(shiftWeek(last, -i));
  const first = firstActive ? weekStartOf(firstActive) : last;
  // Weeks before the first done work are before the project started here: they teach nothing.
  return weeks.slice(Math.max(0, weeks.indexOf(first)));
}

/** The delivery side of a project's forecast: epics, sprint and the basis. */
export async function forecastDelivery(
  ctx: ForecastContext,
  projectId: number,
): Promise<Omit<ProjectForecastResponse, 'asOf' | 'retainer'>> {
  const { db, today, timeZone } = ctx;
  const earliest = shiftWeek(weekStartOf(today), -HISTORY_WEEKS_MAX - 1);
  const [done, openEpics, running] = await Promise.all([
    readDoneTickets(db, projectId, earliest, timeZone),
    readOpenEpics(db, projectId),
    readActiveSprint(db, projectId, timeZone),
  ]);
  const counted = done.filter((t) => !isDescopedStatus(t.statusName) && t.day <= today);
  const firstDay = counted.reduce<IsoDate | null>(
    (m, t) => (m === null || t.day < m ? t.day : m),
    null,
  );
  const weeks = historyWeeks(today, firstDay);
  const from = weeks[0]!;
  const history = counted.filter((t) => t.day >= from && t.day < weekStartOf(today));
  const people = [...new Set(history.flatMap((t) => (t.assignee ? [t.assignee] : [])))].sort();
  // Points when the history is estimated, else tickets (docs/decisions/420).
  const measure = workMeasure(history);
  const horizon = addCalendarDays(weekStartOf(today), HORIZON_WEEKS * 7 - 1);
  const atWork = await readAtWork(
    db,
    people.map((a) => ({ key: a, jiraAccountId: a, forecastPersonId: null })),
    { from, to: shiftWeek(weekStartOf(today), KNOWN_AHEAD_WEEKS) },
    ctx.publicHolidays,
    ctx.availability,
  );
  const devDays = new Map(weeks.map((w) => [w, devDaysIn(people, atWork, w)]));
  const doneByWeek = new Map<IsoDate, DoneTicket[]>();
  for (const t of history) {
    const week = weekStartOf(t.day);
    doneByWeek.set(week, [...(doneByWeek.get(week) ?? []), t]);
  }
  const pastWeeks = (only: (t: DoneTicket) => boolean): PastWeek[] =>
    weeks.map((weekStart) => ({
      weekStart,
      done: workDone(measure, (doneByWeek.get(weekStart) ?? []).filter(only)),
      devDays: devDays.get(weekStart) ?? 0,
    }));
  const allRates = ratesPerDevDay(pastWeeks(() => true));
  const epicRates = ratesPerDevDay(pastWeeks((t) => t.epicKey !== null));
  const tomorrow = addCalendarDays(today, 1);
  const ahead = futureWeeks(people, atWork, tomorrow, horizon);
  const seed = (what: string) => seedOf(`${projectId}|${today}|${what}`);

  const epics = forecastEpics(
    openEpics.map((e) => ({ key: e.key, remaining: workIn(measure, e) })),
    {
      rates: epicRates,
      weeks: ahead,
      seed: seed('epics'),
    },
  );

  const inScope = (running?.groups ?? []).filter((g) => !isDescopedStatus(g.statusName));
  let sprint: ProjectForecastResponse['sprint'] = null;
  if (running?.endDate && running.endDate >= today) {
    // The tally's rule for scope and done, counted in the forecast's unit.
    const tally = tallyTickets(running.groups.map((g) => ({ ...g, count: workIn(measure, g) })));
    const scope = tally.total - tally.descoped;
    const doneNow = tally.completed;
    if (scope > 0)
      sprint = {
        name: running.name,
        ...forecastSprint(
          { scope, done: doneNow },
          {
            rates: allRates,
            weeks: futureWeeks(people, atWork, tomorrow, running.endDate),
            seed: seed('sprint'),
          },
        ),
      };
  }

  const nextWeeks = futureWeeks(people, atWork, tomorrow, addCalendarDays(today, AHEAD_WEEKS * 7));
  const daysAwayAhead = nextWeeks
    .flat()
    .reduce((n, d) => n + people.filter((p) => !atWork(p, d.date)).length, 0);
  // Say what a ticket without points counted as, when one counted so.
  const guessed =
    history.some((t) => t.points === null) ||
    openEpics.some((e) => e.unestimated > 0) ||
    (sprint !== null && inScope.some((g) => g.unestimated > 0));
  const basis = {
    weeks: weeks.length,
    people: people.length,
    unit: measure.unit,
    throughputPerDevDay: meanRate(allRates),
    daysAwayAhead,
  };
  const atMeanPoints = guessed ? measure.meanPoints : null;
  return {
    basis: { ...basis, text: basisText({ ...basis, atMeanPoints, aheadWeeks: AHEAD_WEEKS }) },
    epics,
    sprint,
  };
}

/**
 * The retainer's billed amount at the end of the period running on `today` as P10-P50-P90
 * (docs/decisions/420-forecasts-with-ranges.md); a period that has ended shows its actual. null
 * when the project does not exist, is not a retainer or has no period yet. The one function
 * every surface showing the range calls (the Retainer tab, the forecast call, a client room).
 */
export async function loadRetainerRange(
  ctx: ForecastContext,
  projectId: number,
): Promise<RetainerRangeAnswer | null> {
  const { db, today } = ctx;
  const inputs = await readRetainerTerms(db, projectId, today);
  if (inputs?.budgetType !== 'RETAINER') return null;
  const currency = (inputs.currency ?? ctx.companyCurrency) as CurrencyCode;
  const period = activePeriod(inputs.periods, today);
  if (!period) {
    const ended = inputs.periods.filter((p) => p.end_date < today).at(-1);
    if (!ended) return null;
    const actual = ended.actual_amount;
    return {
      periodNumber: ended.period_number,
      currency,
      startDate: ended.start_date,
      endDate: ended.end_date,
      finished: true,
      target: ended.target_amount,
      actualSoFar: actual,
      p10: actual,
      p50: actual,
      p90: actual,
      basis: 'the period has ended: its actual',
    };
  }
  return retainerRangeAsOf(
    ctx,
    projectId,
    inputs.clientHourlyRate,
    period,
    today,
    period.actual_amount,
    currency,
  );
}

/**
 * The range of `period` as a forecast made at the end of `asOf` saw it, with `actualSoFar`
 * billed: the bench's back-test replays past periods with it.
 */
export async function retainerRangeAsOf(
  ctx: Pick<ForecastContext, 'db' | 'publicHolidays' | 'availability'>,
  projectId: number,
  clientHourlyRate: number | null,
  period: Pick<RetainerPeriod, 'period_number' | 'start_date' | 'end_date' | 'target_amount'>,
  asOf: IsoDate,
  actualSoFar: number,
  currency: CurrencyCode,
): Promise<RetainerRangeAnswer> {
  const rate = clientHourlyRate ?? 0;
  const thisWeek = weekStartOf(asOf);
  const from = shiftWeek(thisWeek, -HISTORY_WEEKS_MAX);
  const range = { from, to: period.end_date > asOf ? period.end_date : asOf };
  const billed = await readBilledDays(ctx.db, projectId, { from, to: asOf });
  // Carried forward by those who billed lately.
  const recentFrom = addCalendarDays(asOf, -RECENT_BILLERS_DAYS + 1);
  const billers = [...new Set(billed.filter((b) => b.date >= recentFrom).map((b) => b.personId))];
  const [sources, timeOff] = await Promise.all([
    ctx.availability ? ctx.availability() : readAvailabilitySources(ctx.db, range),
    // Time logged as time off up to the day of the forecast: what was known of absences then.
    readRegisteredTimeOff(ctx.db, { from, to: asOf }, billers),
  ]);
  const atWork = atWorkFrom(
    sources,
    billers.map((id) => ({ key: String(id), jiraAccountId: null, forecastPersonId: id })),
    ctx.publicHolidays,
  );
  const valueOn = new Map<string, number>();
  for (const b of billed) {
    const key = `${b.personId}|${b.date}`;
    valueOn.set(key, (valueOn.get(key) ?? 0) + (b.minutes / 60) * rate);
  }
  const workingWeek = new Map(sources.persons.map((p) => [p.id, p.workingMinutes]));
  // A day with a whole working day logged as time off was a day away, planned or not.
  const loggedOff = (personId: number, date: IsoDate) => {
    const minutes = timeOff.get(personId)?.get(date) ?? 0;
    const working = workingWeek.get(personId)?.[WEEKDAYS[weekdayIndex(date)]!] ?? 0;
    return minutes > 0 && minutes >= working;
  };
  const firstBilled = billed.reduce<IsoDate | null>(
    (m, b) => (m === null || b.date < m ? b.date : m),
    null,
  );
  const pastWeeks = historyWeeks(asOf, firstBilled);
  const pastDates = pastWeeks.flatMap((w) => workingDaysBetween(w, addCalendarDays(w, 4)));
  const periodDates = workingDaysBetween(period.start_date, asOf);
  const datesLeft = workingDaysBetween(addCalendarDays(asOf, 1), period.end_date);
  const people: RetainerBiller[] = billers.map((id) => {
    const key = String(id);
    const billedOn = (date: IsoDate) => valueOn.get(`${id}|${date}`) ?? 0;
    return {
      periodDays: new Map(
        periodDates.filter((d) => atWork(key, d) && !loggedOff(id, d)).map((d) => [d, billedOn(d)]),
      ),
      pastDays: new Map(
        pastDates
          .filter((d) => atWork(key, d))
          .map((d) => [d, loggedOff(id, d) ? null : billedOn(d)]),
      ),
      daysLeft: datesLeft.filter((d) => atWork(key, d)),
    };
  });
  const range10to90 = retainerRangeFromPace(actualSoFar, {
    people,
    periodStart: period.start_date,
    pastWeeks,
    seed: seedOf(`${projectId}|${asOf}|retainer`),
  });
  const billedWeeks = new Set(billed.map((b) => weekStartOf(b.date)));
  const weeks = pastWeeks.filter((w) => billedWeeks.has(w)).length;
  const daysLeft = datesLeft.length;
  return {
    periodNumber: period.period_number,
    currency,
    startDate: period.start_date,
    endDate: period.end_date,
    finished: false,
    target: period.target_amount,
    actualSoFar,
    ...range10to90,
    basis: `from ${weeks} weeks of billing, ${billers.length} ${billers.length === 1 ? 'person' : 'people'}, ${daysLeft} working ${daysLeft === 1 ? 'day' : 'days'} left`,
  };
}

/** GET /api/projects/:id/forecast: null for a project that is not on the dashboard. */
export async function loadProjectForecast(
  ctx: ForecastContext,
  projectId: number,
  options: { withRetainer: boolean },
): Promise<ProjectForecastResponse | null> {
  const project = await readForecastProject(ctx.db, projectId);
  if (!project?.visible) return null;
  // One read of who is away for both the delivery and the retainer forecasts.
  let sources: Promise<AvailabilitySources> | undefined;
  const thisWeek = weekStartOf(ctx.today);
  const range = {
    from: shiftWeek(thisWeek, -HISTORY_WEEKS_MAX - 1),
    to: shiftWeek(thisWeek, KNOWN_AHEAD_WEEKS),
  };
  ctx = { ...ctx, availability: () => (sources ??= readAvailabilitySources(ctx.db, range)) };
  const [delivery, retainer] = await Promise.all([
    project.jiraProjectKey
      ? forecastDelivery(ctx, projectId)
      : Promise.resolve({
          basis: {
            weeks: 0,
            people: 0,
            unit: 'tickets' as const,
            throughputPerDevDay: 0,
            daysAwayAhead: 0,
            text: 'no Jira project linked: nothing to forecast delivery from',
          },
          epics: [],
          sprint: null,
        }),
    options.withRetainer ? loadRetainerRange(ctx, projectId) : Promise.resolve(null),
  ]);
  return { asOf: ctx.today, ...delivery, retainer };
}

/** Weeks ahead each replayed delivery forecast covers, and how many starts are replayed. */
const REPLAY_WEEKS_AHEAD = 4;
const REPLAY_STARTS = 12;

/**
 * The delivery forecast replayed (docs/decisions/420-forecasts-with-ranges.md): from each of the
 * last 12 Mondays with four weeks after them, the work the project would finish in those four
 * weeks (in the unit its history then called for), forecast from the weeks before only, against
 * what it did.
 */
export async function backTestDelivery(
  ctx: Pick<ForecastContext, 'db' | 'today' | 'timeZone' | 'publicHolidays'>,
  projectId: number,
): Promise<(CalibrationSample & { from: IsoDate; unit: ThroughputUnit })[]> {
  const thisWeek = weekStartOf(ctx.today);
  const lastStart = shiftWeek(thisWeek, -REPLAY_WEEKS_AHEAD);
  const firstStart = shiftWeek(lastStart, -(REPLAY_STARTS - 1));
  const earliest = shiftWeek(firstStart, -HISTORY_WEEKS_MAX);
  const done = (await readDoneTickets(ctx.db, projectId, earliest, ctx.timeZone)).filter(
    (t) => !isDescopedStatus(t.statusName) && t.day < thisWeek,
  );
  const everyone = [...new Set(done.flatMap((t) => (t.assignee ? [t.assignee] : [])))];
  const atWork = await readAtWork(
    ctx.db,
    everyone.map((a) => ({ key: a, jiraAccountId: a, forecastPersonId: null })),
    { from: earliest, to: thisWeek },
    ctx.publicHolidays,
  );
  const samples: (CalibrationSample & { from: IsoDate; unit: ThroughputUnit })[] = [];
  for (let start = firstStart; start <= lastStart; start = shiftWeek(start, 1)) {
    const before = done.filter((t) => t.day < start);
    const first = before.reduce<IsoDate | null>(
      (m, t) => (m === null || t.day < m ? t.day : m),
      null,
    );
    if (first === null) continue;
    const weeks = historyWeeks(start, first);
    const history = before.filter((t) => t.day >= weeks[0]!);
    const people = [...new Set(history.flatMap((t) => (t.assignee ? [t.assignee] : [])))];
    const measure = workMeasure(history);
    const rates = ratesPerDevDay(
      weeks.map((weekStart) => ({
        weekStart,
        done: workDone(
          measure,
          history.filter((t) => t.day >= weekStart && t.day <= weekEndOf(weekStart)),
        ),
        devDays: devDaysIn(people, atWork, weekStart),
      })),
    );
    const end = addCalendarDays(shiftWeek(start, REPLAY_WEEKS_AHEAD), -1);
    const totals = simulateTotals({
      rates,
      weeks: futureWeeks(people, atWork, start, end),
      seed: seedOf(`${projectId}|${start}|replay`),
    });
    samples.push({
      from: start,
      unit: measure.unit,
      p85: quantile(totals, 0.15),
      p10: quantile(totals, 0.1),
      p50: quantile(totals, 0.5),
      p90: quantile(totals, 0.9),
      actual: workDone(
        measure,
        done.filter((t) => t.day >= start && t.day <= end),
      ),
    });
  }
  return samples;
}

/**
 * The retainer range replayed: every period that ended in the last 26 weeks, forecast from its
 * middle working day (as the point forecast's back-test, docs/decisions/170) with what was billed
 * by then, against what it came to.
 */
export async function backTestRetainerRange(
  ctx: Pick<ForecastContext, 'db' | 'today' | 'publicHolidays'>,
  projectId: number,
): Promise<(CalibrationSample & { periodNumber: number; target: number })[]> {
  const { db, today } = ctx;
  const inputs = await readRetainerInputs(db, projectId, {
    from: today,
    to: today,
    awayUntil: today,
    today,
  });
  if (inputs?.budgetType !== 'RETAINER') return [];
  const since = shiftWeek(weekStartOf(today), -HISTORY_WEEKS_MAX);
  const ended = inputs.periods.filter(
    (p) => p.status === 'COMPLETED' && p.end_date < today && p.start_date >= since,
  );
  if (ended.length === 0) return [];
  const billed = await readBilledDays(db, projectId, { from: ended[0]!.start_date, to: today });
  const rate = inputs.clientHourlyRate ?? 0;
  const samples: (CalibrationSample & { periodNumber: number; target: number })[] = [];
  for (const period of ended) {
    const days = workingDaysBetween(period.start_date, period.end_date);
    const mid = days[Math.floor((days.length - 1) / 2)];
    if (!mid) continue;
    const soFar = billed
      .filter((b) => b.date >= period.start_date && b.date <= mid)
      .reduce((s, b) => s + (b.minutes / 60) * rate, 0);
    const range = await retainerRangeAsOf(
      ctx,
      projectId,
      inputs.clientHourlyRate,
      period,
      mid,
      soFar,
      'USD',
    );
    samples.push({
      periodNumber: period.period_number,
      target: period.target_amount,
      p10: range.p10,
      p50: range.p50,
      p90: range.p90,
      actual: period.actual_amount,
    });
  }
  return samples;
}
