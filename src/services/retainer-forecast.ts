/**
 * The retainer outcome forecast of a project's active period, and its back-test over past
 * periods (docs/decisions/170), from stored data only. The rules are in shared/retainer-forecast.
 */
import type { CurrencyCode } from '../shared/currency';
import {
  readRetainerInputs,
  readRetainerInputsOf,
  type RetainerInputs,
  type RetainerInputsRange,
} from '../db/retainer-inputs';
import type { Db } from '../db/port';
import {
  daysAtWork,
  RECENT_WORKING_DAYS,
  retainerForecast,
  retainerVerdictText,
  type BackTestSample,
  type RetainerForecast,
  type RetainerForecastResponse,
} from '../shared/retainer-forecast';
import { lastWorkingDays, workingDaysBetween } from '../shared/working-days';
import type { RetainerPeriod } from '../shared/retainer';
import { addCalendarDays, type IsoDate } from '../shared/calendar';

/** Past periods whose spread gives the range: the last quarter of weekly periods. */
const PAST_PERIODS = 12;

/** The value of billable minutes at the project's client rate (no rate: no value). */
const billableValue = (minutes: number, rate: number | null) => (minutes / 60) * (rate ?? 0);

/**
 * The forecast of `period` as it stood at the end of `asOf`: billable time up to that day gives
 * each person's daily burn, their calendars the days they will be at work until the period ends.
 */
export function forecastAsOf(
  inputs: RetainerInputs,
  period: RetainerPeriod,
  asOf: IsoDate,
  actualSoFar: number,
): RetainerForecast {
  const window = new Set(lastWorkingDays(asOf, RECENT_WORKING_DAYS));
  const remaining = workingDaysBetween(addCalendarDays(asOf, 1), period.end_date);
  const minutesOf = new Map<number, number>();
  for (const b of inputs.billable)
    if (window.has(b.date))
      minutesOf.set(b.personId, (minutesOf.get(b.personId) ?? 0) + b.billableMinutes);
  const calendars = new Map(inputs.people.map((p) => [p.personId, p]));
  const people = [...minutesOf].map(([personId, minutes]) => {
    const calendar = calendars.get(personId) ?? { awayDays: [], startDate: null, endDate: null };
    return {
      recentValue: billableValue(minutes, inputs.clientHourlyRate),
      recentDaysAtWork: daysAtWork(calendar, [...window]),
      remainingDaysAtWork: daysAtWork(calendar, remaining),
    };
  });
  const pastDailyBurns = inputs.periods
    .filter((p) => p.status === 'COMPLETED' && p.end_date < period.start_date)
    .slice(-PAST_PERIODS)
    .flatMap((p) => {
      const days = workingDaysBetween(p.start_date, p.end_date).length;
      return days > 0 ? [p.actual_amount / days] : [];
    });
  return retainerForecast({
    target: period.target_amount,
    actualSoFar,
    remainingWorkingDays: remaining.length,
    people,
    pastDailyBurns,
  });
}

/** The period running today: ACTIVE and holding today (a past unlocked period has no days left). */
export function activePeriod(periods: readonly RetainerPeriod[], today: IsoDate) {
  return periods.find((p) => p.status === 'ACTIVE' && p.start_date <= today && today <= p.end_date);
}

/** What a forecast made today reads: the recent working days' burn and the Away days ahead. */
function forecastRange(today: IsoDate): RetainerInputsRange {
  const window = lastWorkingDays(today, RECENT_WORKING_DAYS);
  return {
    from: window[0] ?? today,
    to: today,
    // Away days as far as any period could run; a year covers monthly and quarterly retainers.
    awayUntil: addCalendarDays(today, 366),
    today,
  };
}

export async function loadRetainerForecast(
  db: Db,
  projectId: number,
  today: IsoDate,
  companyCurrency: CurrencyCode,
): Promise<RetainerForecastResponse | null> {
  const inputs = await readRetainerInputs(db, projectId, forecastRange(today));
  return inputs ? forecastToday(inputs, today, companyCurrency) : null;
}

function forecastToday(
  inputs: RetainerInputs,
  today: IsoDate,
  companyCurrency: CurrencyCode,
): RetainerForecastResponse {
  const currency = inputs.currency ?? companyCurrency;
  const period = inputs.budgetType === 'RETAINER' ? activePeriod(inputs.periods, today) : undefined;
  if (!period) return { forecast: null, currency };
  const forecast = forecastAsOf(inputs, period, today, period.actual_amount);
  return {
    forecast: {
      ...forecast,
      periodNumber: period.period_number,
      startDate: period.start_date,
      endDate: period.end_date,
      verdictText: retainerVerdictText(forecast, currency),
    },
    currency,
  };
}

/**
 * The back-test: each COMPLETED period forecast from its middle working day (the day, included,
 * of index ⌊(n − 1) / 2⌋: Wednesday in a Monday-to-Friday week), with "actual so far" rebuilt
 * from the billable time stored up to that day, against the period's final actual.
 */
export async function backTestRetainer(
  db: Db,
  projectId: number,
  today: IsoDate,
): Promise<(BackTestSample & { periodNumber: number })[]> {
  const probe = await readRetainerInputs(db, projectId, {
    from: today,
    to: today,
    awayUntil: today,
    today,
  });
  const first = probe?.periods[0];
  if (!probe || !first) return [];
  const inputs = await readRetainerInputs(db, projectId, {
    from: addCalendarDays(first.start_date, -21),
    to: today,
    awayUntil: addCalendarDays(today, 366),
    today,
  });
  if (!inputs) return [];
  return inputs.periods
    .filter((p) => p.status === 'COMPLETED')
    .flatMap((period) => {
      const days = workingDaysBetween(period.start_date, period.end_date);
      const mid = days[Math.floor((days.length - 1) / 2)];
      if (!mid) return [];
      const minutesSoFar = inputs.billable
        .filter((b) => b.date >= period.start_date && b.date <= mid)
        .reduce((sum, b) => sum + b.billableMinutes, 0);
      const forecast = forecastAsOf(
        inputs,
        period,
        mid,
        billableValue(minutesSoFar, inputs.clientHourlyRate),
      );
      return [
        {
          periodNumber: period.period_number,
          target: period.target_amount,
          forecast: forecast.projected,
          actual: period.actual_amount,
        },
      ];
    });
}

/** What a retainer's card shows of its forecast (admins only). */
export interface RetainerMarker {
  verdict: RetainerForecast['verdict'];
  text: string;
  percentOfTarget: number;
}

/**
 * The forecast marker of every visible retainer project, by project id, read in one query; when
 * it cannot be read the cards simply have no markers (they stay as they were).
 */
export async function loadRetainerMarkers(
  db: Db,
  projects: readonly { id: number; visible: number; forecastBudgetType: string | null }[],
  today: IsoDate,
  companyCurrency: CurrencyCode,
): Promise<Record<number, RetainerMarker>> {
  const retainers = projects.filter((p) => p.visible === 1 && p.forecastBudgetType === 'RETAINER');
  const inputs = await readRetainerInputsOf(
    db,
    retainers.map((p) => p.id),
    forecastRange(today),
  ).catch((error: unknown) => {
    console.error('Could not read the retainers to forecast:', error);
    return new Map<number, RetainerInputs>();
  });
  const markers: Record<number, RetainerMarker> = {};
  retainers.forEach((p) => {
    const projectInputs = inputs.get(p.id);
    const forecast = projectInputs && forecastToday(projectInputs, today, companyCurrency).forecast;
    if (forecast)
      markers[p.id] = {
        verdict: forecast.verdict,
        text: forecast.verdictText,
        percentOfTarget: forecast.percentOfTarget,
      };
  });
  return markers;
}
