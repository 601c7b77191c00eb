/**
 * The retainer outcome forecast (docs/decisions/170): where the active period of a retainer will
 * land against its target if the people on the project keep billing as they have lately, less
 * the days they are away or no longer employed. Pure and browser-safe: the Retainer tab, the
 * card marker, the alerts and the bench's back-test all call these same functions.
 */
import { roundMoney } from './money';
import { addCalendarDays, type IsoDate } from './calendar';
import { type CurrencyCode, formatMoney } from './currency';
import { percentOf } from './percent';
import { weekdayIndex } from './roster';
import { FORECAST_RUNS, quantile, seededRandom } from './delivery-forecast';

/** How many working days back the "recent" burn looks: two weeks smooths out one odd day. */
export const RECENT_WORKING_DAYS = 10;

/** A projection within 5% of the target is 'On track'. */
export const ON_TRACK_TOLERANCE = 0.05;

/** One person who billed time on the project lately, with their days at work. */
export interface ForecastPerson {
  /** Billable value they logged on the project in the recent window (hours × the client rate). */
  recentValue: number;
  /** Working days of the recent window on which they were at work (not away, employed). */
  recentDaysAtWork: number;
  /** The period's remaining working days on which they will be at work. */
  remainingDaysAtWork: number;
}

export interface RetainerForecastInput {
  target: number;
  /** The period's actual amount so far. */
  actualSoFar: number;
  /** Working days of the period after the day the forecast is made. */
  remainingWorkingDays: number;
  people: readonly ForecastPerson[];
  /** Billable value per working day of each completed period: its spread gives the range. */
  pastDailyBurns: readonly number[];
}

export type RetainerVerdict = 'over' | 'under' | 'on-track';

export interface RetainerForecast {
  target: number;
  actualSoFar: number;
  /** Projected actual at the period's end. */
  projected: number;
  /** Rounded projected / target × 100; 0 when the target is 0. */
  percentOfTarget: number;
  /** projected − target: positive over, negative under. */
  difference: number;
  verdict: RetainerVerdict;
  /** The whole team's recent billable value per working day, nobody away. */
  burnPerWorkingDay: number;
  remainingWorkingDays: number;
  /** Projected ± the spread of past periods' daily burn over the remaining days; null with fewer than two past periods. */
  range: { low: number; high: number } | null;
}

/** A person's billable value per day at work; 0 for someone who was never at work in the window. */
export function dailyBurn(
  person: Pick<ForecastPerson, 'recentValue' | 'recentDaysAtWork'>,
): number {
  return person.recentDaysAtWork > 0 ? person.recentValue / person.recentDaysAtWork : 0;
}

/** Population standard deviation; 0 for fewer than two values. */
function spread(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
}

/** 'over', 'under' or 'on-track' (within ON_TRACK_TOLERANCE of the target, either side). */
export function retainerVerdict(projected: number, target: number): RetainerVerdict {
  const difference = roundMoney(projected - target);
  if (Math.abs(difference) <= ON_TRACK_TOLERANCE * Math.max(0, target)) return 'on-track';
  return difference > 0 ? 'over' : 'under';
}

/**
 * Projected actual = actual so far + Σ over the people who billed lately of (their value per
 * day at work × the period's remaining working days on which they are at work).
 */
export function retainerForecast(input: RetainerForecastInput): RetainerForecast {
  const remaining = Math.max(0, input.remainingWorkingDays);
  let ahead = 0;
  let burn = 0;
  for (const person of input.people) {
    const perDay = dailyBurn(person);
    burn += perDay;
    ahead += perDay * Math.min(remaining, Math.max(0, person.remainingDaysAtWork));
  }
  const projected = roundMoney(input.actualSoFar + ahead);
  const width = spread(input.pastDailyBurns) * remaining;
  return {
    target: roundMoney(input.target),
    actualSoFar: roundMoney(input.actualSoFar),
    projected,
    percentOfTarget: percentOf(projected, input.target),
    difference: roundMoney(projected - input.target),
    verdict: retainerVerdict(projected, input.target),
    burnPerWorkingDay: roundMoney(burn),
    remainingWorkingDays: remaining,
    range:
      input.pastDailyBurns.length < 2
        ? null
        : {
            // What is already billed cannot be unbilled: the range never dips below it.
            low: roundMoney(Math.max(input.actualSoFar, projected - width)),
            high: roundMoney(projected + width),
          },
  };
}

/** A person's days, to count the ones they are at work (employment dates are inclusive). */
export interface PersonDays {
  awayDays: readonly IsoDate[];
  startDate: IsoDate | null;
  endDate: IsoDate | null;
}

/** At work on `day`: within the employment dates and not marked Away. */
export function isAtWork(person: PersonDays, day: IsoDate): boolean {
  if (person.startDate && day < person.startDate) return false;
  if (person.endDate && day > person.endDate) return false;
  return !person.awayDays.includes(day);
}

/** Counts the days of `days` on which the person is at work. */
export function daysAtWork(person: PersonDays, days: readonly IsoDate[]): number {
  return days.filter((day) => isAtWork(person, day)).length;
}

/** "About" an amount: whole dollars under $100, else two significant figures ($1,234 → $1,200). */
export function aboutAmount(n: number): number {
  const abs = Math.abs(n);
  if (abs < 100) return Math.round(n) + 0;
  const step = 10 ** (Math.floor(Math.log10(abs)) - 1);
  return Math.sign(n) * Math.round(abs / step) * step + 0;
}

/**
 * 'Will land about $X over target', '… under target' or 'On track', in the retainer's currency
 * (decision 031; docs/decisions/350-one-billing-currency-per-project.md).
 */
export function retainerVerdictText(
  f: Pick<RetainerForecast, 'verdict' | 'difference'>,
  currency: CurrencyCode,
): string {
  if (f.verdict === 'on-track') return 'On track';
  const amount = formatMoney(aboutAmount(Math.abs(f.difference)), currency);
  return `Will land about ${amount} ${f.verdict === 'over' ? 'over' : 'under'} target`;
}

/** One past period of the back-test: forecast at mid-period against what it really came to. */
export interface BackTestSample {
  target: number;
  forecast: number;
  actual: number;
}

/**
 * Mean absolute error of the forecasts as a % of their targets, one decimal; periods with no
 * target are left out (their error has no scale). null when no period counts.
 */
export function meanAbsoluteErrorPercent(samples: readonly BackTestSample[]): number | null {
  const counted = samples.filter((s) => s.target > 0);
  if (counted.length === 0) return null;
  const total = counted.reduce((sum, s) => sum + Math.abs(s.forecast - s.actual) / s.target, 0);
  return Math.round((total / counted.length) * 1000) / 10 + 0;
}

/** GET /api/projects/:id/retainer-forecast. */
export interface RetainerForecastResponse {
  /** null when the project is not a retainer or has no period running today. */
  forecast:
    | (RetainerForecast & {
        periodNumber: number;
        startDate: IsoDate;
        endDate: IsoDate;
        verdictText: string;
      })
    | null;
  /** The retainer's currency: of target, actual and projected amounts. */
  currency: CurrencyCode;
}

/** The billed amount at a period's end as a range (docs/decisions/420-forecasts-with-ranges.md). */
export interface RetainerRange {
  p10: number;
  p50: number;
  p90: number;
}

/**
 * Days at the recent pace a person's pace in the period is weighed with: three days of a weekly
 * period count for 3/5, so one odd day moves the pace less (the back-test's error was least at 2).
 */
export const PACE_PRIOR_DAYS = 2;

/** One person who carries a retainer period forward, in billed value (hours × the client rate). */
export interface RetainerBiller {
  /** Value billed on each of the period's days so far on which they worked, by date. */
  periodDays: ReadonlyMap<IsoDate, number>;
  /**
   * Their past working days on which they were at work by plan, with the value billed; null for
   * a day they logged as time off after all (drawn as nothing billed: the absences nobody
   * planned come back as often as they came).
   */
  pastDays: ReadonlyMap<IsoDate, number | null>;
  /** The period's working days left on which they are at work by plan. */
  daysLeft: readonly IsoDate[];
}

export interface RetainerPaceSimulation {
  people: readonly RetainerBiller[];
  /** The period's first day: the recent pace is of the days before it. */
  periodStart: IsoDate;
  /** Mondays of the past weeks to draw from. */
  pastWeeks: readonly IsoDate[];
  runs?: number;
  seed: number;
}

const sum = (values: readonly number[]) => values.reduce((s, v) => s + v, 0);

/** What a person bills on a usual day of each weekday (Monday first) and on any day. */
function usualDays(pastDays: RetainerBiller['pastDays']) {
  const byWeekday: number[][] = [[], [], [], [], [], [], []];
  for (const [date, value] of pastDays)
    if (value !== null) byWeekday[weekdayIndex(date)]!.push(value);
  const worked = byWeekday.flat();
  const overall = worked.length ? sum(worked) / worked.length : 0;
  const means = byWeekday.map((v) => (v.length ? sum(v) / v.length : overall));
  return { overall, usual: (date: IsoDate) => means[weekdayIndex(date)]! };
}

/**
 * P10, P50 and P90 of the amount billed by the period's end: the actual so far plus, in each
 * simulated future, each person's days left at their pace. Their pace is what they billed on the
 * period's days so far against what they bill on those weekdays as a rule (a Monday of planning
 * is no slow start), weighed with PACE_PRIOR_DAYS days at their pace over their last
 * RECENT_WORKING_DAYS days at work; the period's days are drawn again with replacement in each
 * future (three days say little), the pace's deviation from the one they make scaled by
 * √(n/(n−1)): days drawn again vary less than the days themselves did. Each future draws one past week for everyone (a busy week is
 * busy for the team): a day left bills what the person billed on its weekday in that week, times
 * their pace; a weekday they were away by plan then is drawn from their other weeks.
 */
export function retainerRangeFromPace(
  actualSoFar: number,
  { people, periodStart, pastWeeks, runs = FORECAST_RUNS, seed }: RetainerPaceSimulation,
): RetainerRange {
  const rand = seededRandom(seed);
  const pick = <T>(values: readonly T[]) => values[Math.floor(rand() * values.length)]!;
  const prepared = people.map((p) => {
    const { overall, usual } = usualDays(p.pastDays);
    const recent = [...p.pastDays]
      .filter(([date, value]) => value !== null && date < periodStart)
      .slice(-RECENT_WORKING_DAYS);
    const recentUsual = sum(recent.map(([date]) => usual(date)));
    const byWeekday: number[][] = [[], [], [], [], [], [], []];
    for (const [date, value] of p.pastDays) byWeekday[weekdayIndex(date)]!.push(value ?? 0);
    const recentPace = recentUsual > 0 ? sum(recent.map(([, v]) => v ?? 0)) / recentUsual : 1;
    const period = [...p.periodDays].map(([date, value]) => ({ value, usual: usual(date) }));
    const paceOf = (billed: number, usualValue: number) =>
      (billed + PACE_PRIOR_DAYS * overall * recentPace) / (usualValue + PACE_PRIOR_DAYS * overall);
    return {
      ...p,
      overall,
      usual,
      byWeekday,
      period,
      paceOf,
      observedPace: paceOf(sum(period.map((d) => d.value)), sum(period.map((d) => d.usual))),
      // Days drawn again with replacement vary (n−1)/n as much as the days themselves say: the
      // draw's deviation is scaled back by √(n/(n−1)) so three days carry their full doubt.
      spread: period.length > 1 ? Math.sqrt(period.length / (period.length - 1)) : 1,
    };
  });
  const totals: number[] = [];
  for (let run = 0; run < runs; run++) {
    const monday = pastWeeks.length ? pick(pastWeeks) : null;
    let total = actualSoFar;
    for (const p of prepared) {
      if (p.daysLeft.length === 0) continue;
      let billed = 0;
      let usual = 0;
      for (let d = 0; d < p.period.length; d++) {
        const day = pick(p.period);
        billed += day.value;
        usual += day.usual;
      }
      // Someone with no past here: their days so far are all there is to go on.
      if (p.overall <= 0) {
        total += p.period.length ? (billed / p.period.length) * p.daysLeft.length : 0;
        continue;
      }
      const pace = Math.max(
        0,
        p.observedPace + p.spread * (p.paceOf(billed, usual) - p.observedPace),
      );
      for (const date of p.daysLeft) {
        const same =
          monday === null ? undefined : p.pastDays.get(addCalendarDays(monday, weekdayIndex(date)));
        const others = p.byWeekday[weekdayIndex(date)]!;
        const drawn =
          same !== undefined ? (same ?? 0) : others.length ? pick(others) : p.usual(date);
        total += drawn * pace;
      }
    }
    totals.push(total);
  }
  return {
    p10: roundMoney(quantile(totals, 0.1)),
    p50: roundMoney(quantile(totals, 0.5)),
    p90: roundMoney(quantile(totals, 0.9)),
  };
}
