/**
 * Forecasts with ranges (docs/decisions/420-forecasts-with-ranges.md): a Monte Carlo simulation
 * over weekly throughput per available developer-day, each future day scaled by who is at work
 * on it. Pure, browser-safe and seeded: the same inputs give the same answer. The epics' finish
 * dates, the sprint's share done and the retainer's billed range all run on these functions.
 */
import type { IsoDate } from './calendar';
import { roundHalfAway } from './money';
import { capPercent, percentOf } from './percent';

/** Simulated futures per forecast: enough that P85 moves by less than a day between seeds. */
export const FORECAST_RUNS = 1000;

/** The history a forecast draws from: the last 26 complete weeks, from the first with work. */
export const HISTORY_WEEKS_MAX = 26;

/** How far ahead a finish date is looked for: beyond it the date is "not within two years". */
export const HORIZON_WEEKS = 104;

/** mulberry32: a small seeded generator, uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed from text (FNV-1a), e.g. the project and the day: one answer per project per day. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** One past week: what was done (tickets, points or money) and the developer-days at work. */
export interface PastWeek {
  weekStart: IsoDate;
  done: number;
  devDays: number;
}

/**
 * Throughput per available developer-day of each past week someone was at work, oldest first;
 * a week nobody was at work says nothing about the rate and is left out.
 */
export function ratesPerDevDay(weeks: readonly PastWeek[]): number[] {
  return weeks.filter((w) => w.devDays > 0).map((w) => w.done / w.devDays);
}

/** The mean rate, two decimals: the basis line's "throughput per developer-day". */
export function meanRate(rates: readonly number[]): number {
  if (rates.length === 0) return 0;
  return roundHalfAway(rates.reduce((s, r) => s + r, 0) / rates.length, 2);
}

/** What a forecast counts done and left: points when the history is estimated, else tickets. */
export type ThroughputUnit = 'points' | 'tickets';

/**
 * Points are the unit when at least this share of the history's done tickets carry them: then
 * the few without points are a small guess at the mean, and the rate follows the work's size. A
 * history estimated more thinly counts tickets, as a points rate would mostly count guesses.
 */
export const POINTS_UNIT_SHARE = 0.8;

/** The unit of a project's forecast and, in points, the mean of its estimated done tickets. */
export interface WorkMeasure {
  unit: ThroughputUnit;
  /** Mean points of the history's estimated done tickets; null in tickets. */
  meanPoints: number | null;
}

/** The unit from the history's done tickets: points when POINTS_UNIT_SHARE of them are estimated. */
export function workMeasure(done: readonly { points: number | null }[]): WorkMeasure {
  const estimated = done.flatMap((t) => (t.points === null ? [] : [t.points]));
  if (done.length === 0 || estimated.length < POINTS_UNIT_SHARE * done.length)
    return { unit: 'tickets', meanPoints: null };
  return { unit: 'points', meanPoints: estimated.reduce((s, p) => s + p, 0) / estimated.length };
}

/**
 * The work in `count` tickets of which `points` is the sum of the estimated ones' points and
 * `unestimated` how many carry none: in points, an unestimated ticket counts at the mean.
 */
export function workIn(
  measure: WorkMeasure,
  tickets: { count: number; points: number; unestimated: number },
): number {
  return measure.unit === 'tickets'
    ? tickets.count
    : tickets.points + tickets.unestimated * (measure.meanPoints ?? 0);
}

/** One ticket's work: 1 in tickets; in points its points, or the mean without. */
export function workOf(measure: WorkMeasure, points: number | null): number {
  return workIn(measure, {
    count: 1,
    points: points ?? 0,
    unestimated: points === null ? 1 : 0,
  });
}

/** The work in done tickets, each by `workOf`. */
export function workDone(
  measure: WorkMeasure,
  tickets: readonly { points: number | null }[],
): number {
  return tickets.reduce((n, t) => n + workOf(measure, t.points), 0);
}

/** A future working day and the developer-days at work on it (0 to the team's size). */
export interface FutureDay {
  date: IsoDate;
  devDays: number;
}

/** Future working days grouped by week, in order: one drawn rate holds for a whole week. */
export type FutureWeeks = readonly (readonly FutureDay[])[];

/** A simulation's inputs: past rates, the future's developer-days by week, and the seed. */
export interface Simulation {
  rates: readonly number[];
  weeks: FutureWeeks;
  runs?: number;
  seed: number;
}

/**
 * What each run delivers by the end of the given days: per run, the sum over the weeks of a rate
 * drawn from the past weeks × that week's developer-days. No rates: nothing is delivered.
 */
export function simulateTotals({ rates, weeks, runs = FORECAST_RUNS, seed }: Simulation): number[] {
  const rand = seededRandom(seed);
  const capacity = weeks.map((w) => w.reduce((s, d) => s + d.devDays, 0));
  const totals: number[] = [];
  for (let run = 0; run < runs; run++) {
    let total = 0;
    for (const days of capacity)
      if (rates.length > 0) total += rates[Math.floor(rand() * rates.length)]! * days;
    totals.push(total);
  }
  return totals;
}

/**
 * For each threshold (cumulative amounts, ascending: epics in the order they are worked), the
 * day each run reaches it, or null when it is not reached within the days given.
 */
export function simulateFinishDates({
  rates,
  weeks,
  thresholds,
  runs = FORECAST_RUNS,
  seed,
}: Simulation & { thresholds: readonly number[] }): (IsoDate | null)[][] {
  const rand = seededRandom(seed);
  const capacity = weeks.map((w) => w.reduce((s, d) => s + d.devDays, 0));
  const dates: (IsoDate | null)[][] = thresholds.map(() => []);
  for (let run = 0; run < runs; run++) {
    let total = 0;
    let next = 0;
    // A threshold already met (nothing left) finishes today: the first day given.
    const reach = (date: IsoDate | null) => {
      while (next < thresholds.length && thresholds[next]! <= total + 1e-9)
        dates[next++]!.push(date);
    };
    reach(weeks[0]?.[0]?.date ?? null);
    if (rates.length > 0)
      for (let w = 0; w < weeks.length; w++) {
        if (next >= thresholds.length) break;
        const rate = rates[Math.floor(rand() * rates.length)]!;
        // A week that reaches no threshold is added whole; only the week that does, day by day.
        const after = total + rate * capacity[w]!;
        if (thresholds[next]! > after + 1e-9) {
          total = after;
          continue;
        }
        for (const day of weeks[w]!) {
          total += rate * day.devDays;
          reach(day.date);
          if (next >= thresholds.length) break;
        }
      }
    while (next < thresholds.length) dates[next++]!.push(null);
  }
  return dates;
}

/** The q-quantile (0 < q ≤ 1) by nearest rank of numbers; 0 for none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** The q-quantile of finish dates, a run that never finished counting as later than any date. */
export function dateQuantile(dates: readonly (IsoDate | null)[], q: number): IsoDate | null {
  return dateQuantiles(dates, [q])[0] ?? null;
}

/** Several quantiles of finish dates from one sort (a thousand futures per epic). */
function dateQuantiles(dates: readonly (IsoDate | null)[], qs: readonly number[]) {
  if (dates.length === 0) return qs.map(() => null);
  // '~' sorts after every digit: a run that never finished comes last.
  const sorted = dates.map((d) => d ?? '~').sort();
  return qs.map((q) => {
    const at = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
    return at === '~' ? null : at;
  });
}

/** An open epic to forecast: what is left of it, in the order epics are worked. */
export interface EpicToForecast {
  key: string;
  /** Work left, in the forecast's unit. */
  remaining: number;
}

export interface EpicForecast {
  key: string;
  /** Work left in the forecast's unit, one decimal (points may count a ticket at the mean). */
  remaining: number;
  /** Half the simulated futures finish by this day; null: not within the horizon. */
  p50Date: IsoDate | null;
  /** 85% of them finish by this day; never before p50Date. */
  p85Date: IsoDate | null;
}

/**
 * P50 and P85 finish dates of open epics worked one after another in the order given: an epic
 * finishes when the throughput has covered it and every epic before it.
 */
export function forecastEpics(epics: readonly EpicToForecast[], sim: Simulation): EpicForecast[] {
  let cumulative = 0;
  const thresholds = epics.map((e) => (cumulative += Math.max(0, e.remaining)));
  const dates = simulateFinishDates({ ...sim, thresholds });
  return epics.map((e, i) => {
    const [p50Date, p85Date] = dateQuantiles(dates[i]!, [0.5, 0.85]);
    return {
      key: e.key,
      remaining: roundHalfAway(e.remaining, 1),
      p50Date: p50Date ?? null,
      p85Date: p85Date ?? null,
    };
  });
}

export interface SprintForecast {
  /** Share of the sprint's scope done by its end in half the futures, whole percent. */
  p50Done: number;
  /** Share done in 85% of them (never above p50Done), whole percent. */
  p85Done: number;
}

/** The sprint's share of scope done at its end: what is done now plus what the days left add. */
export function forecastSprint(
  sprint: { scope: number; done: number },
  sim: Simulation,
): SprintForecast {
  const shares = simulateTotals(sim).map((more) =>
    capPercent(percentOf(Math.min(sprint.scope, sprint.done + more), sprint.scope)),
  );
  // "85% sure of at least": the share 85% of the futures reach is the 15th percentile.
  return { p50Done: quantile(shares, 0.5), p85Done: quantile(shares, 0.15) };
}

/** What a forecast rests on, for its one line. */
export interface ForecastBasisFacts {
  weeks: number;
  unit: ThroughputUnit;
  /** In points, the mean a ticket without points counts at, when one was counted so; else null. */
  atMeanPoints: number | null;
  people: number;
  /** Working days the people are away in the weeks ahead the line names. */
  daysAwayAhead: number;
  aheadWeeks: number;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "from 16 weeks of points throughput, 3 people, 2 days away in the next 8 weeks", and in points
 * what a ticket without points counted as, when one did.
 */
export function basisText(b: ForecastBasisFacts): string {
  const unit = b.unit === 'points' ? 'points' : 'ticket';
  const line = `from ${plural(b.weeks, 'week', 'weeks')} of ${unit} throughput, ${plural(b.people, 'person', 'people')}, ${plural(b.daysAwayAhead, 'day', 'days')} away in the next ${plural(b.aheadWeeks, 'week', 'weeks')}`;
  return b.unit === 'points' && b.atMeanPoints !== null
    ? `${line}; a ticket without points counts as ${roundHalfAway(b.atMeanPoints, 1)}, the mean`
    : line;
}

/** The retainer period's billed amount at its end, as a range, in the retainer's currency. */
export interface RetainerRangeAnswer {
  periodNumber: number;
  currency: string;
  startDate: IsoDate;
  endDate: IsoDate;
  /** The period has ended: p10, p50 and p90 are its actual. */
  finished: boolean;
  target: number;
  /** Billed so far (the actual, once the period has ended). */
  actualSoFar: number;
  p10: number;
  p50: number;
  p90: number;
  /** What the range rests on, in one line. */
  basis: string;
}

/** GET /api/projects/:id/forecast. */
export interface ProjectForecastResponse {
  asOf: IsoDate;
  basis: {
    weeks: number;
    people: number;
    /** What throughput and the epics' `remaining` count. */
    unit: ThroughputUnit;
    /** In the unit. */
    throughputPerDevDay: number;
    daysAwayAhead: number;
    /** "from 16 weeks of points throughput, 3 people, 2 days away in the next 8 weeks". */
    text: string;
  };
  /** Admins only, as every forecast of money; null for others and for a project without one. */
  retainer: RetainerRangeAnswer | null;
  epics: EpicForecast[];
  sprint: ({ name: string } & SprintForecast) | null;
}

/** One replayed forecast: its quantiles and what really happened. */
export interface CalibrationSample {
  /** The amount 85% of futures reached at least (work done); none for a retainer's range. */
  p85?: number;
  p10: number;
  p50: number;
  p90: number;
  actual: number;
}

/** Share of samples, whole percent, whose outcome held; null for none. */
function hitRate(samples: readonly CalibrationSample[], held: (s: CalibrationSample) => boolean) {
  return samples.length === 0 ? null : percentOf(samples.filter(held).length, samples.length);
}

/**
 * How often the P85 held (the outcome was at least the P85 amount: it is a "no less than"
 * forecast) and how often the outcome fell within P10-P90, in whole percent.
 */
export function calibration(samples: readonly CalibrationSample[]): {
  p85HitRate: number | null;
  p10p90HitRate: number | null;
} {
  return {
    p85HitRate: hitRate(
      samples.filter((s) => s.p85 !== undefined),
      (s) => s.actual >= s.p85!,
    ),
    p10p90HitRate: hitRate(samples, (s) => s.actual >= s.p10 && s.actual <= s.p90),
  };
}
