/**
 * The Capacity page's figures, from stored data only (no upstream call): each person's weeks
 * from Forecast's copy, team and total rows, and the open deals' expected load (weighted) per week
 * beside the free hours (docs/decisions/320-capacity-rules.md); no verdict here, those use the
 * if-won hours (docs/decisions/411-expected-load-no-verdict.md).
 */
import {
  getCapacitySyncState,
  projectsByClient,
  readAllocations,
  readCapacityPersons,
  readDeals,
  readHolidays,
} from '../db/capacity';
import type { Config } from '../config';
import type { Db } from '../db/port';
import { personRowsByAccount } from '../db/people';
import { addCalendarDays, type IsoDate, parseIsoDate, weekStartOf } from '../shared/calendar';
import { isoDateInZone } from '../shared/time-zones';
import {
  type CapacityWeek,
  demandHours,
  derivedDays,
  personWeek,
  spreadDemand,
  sumWeeks,
  weeksFrom,
} from '../shared/capacity';
import type { DerivedDay } from '../shared/availability';
import { type PublicHolidayRegion, publicHolidays } from '../shared/public-holidays';
import {
  clientKey,
  dealProbability,
  pipelineByMonth,
  pipelineFunnel,
  pipelineTotals,
  renewedProjects,
  weightedValue,
} from '../shared/pipeline';
import { pipedriveUserNames } from '../db/plan';
import { readRegisteredTimeOff } from '../db/utilisation';
import { differenceInCalendarDays } from 'date-fns';
import { roundHours, roundMoney } from '../shared/money';
import { type FxRates, toAgencyCurrency } from '../shared/deal-plan';

export interface CapacityOptions {
  from: IsoDate;
  weeks: number;
  /** Count tentative demand from open deals. */
  tentative: boolean;
  /** Deals below this probability (%) are left out of tentative demand. */
  minProbability: number;
  /** Weeks a deal's hours are spread over (CAPACITY_DEAL_WEEKS). */
  dealWeeks: number;
  /** CAPACITY_BLENDED_RATE; unset uses the rate cards' average. */
  blendedRate?: number;
  /** Deal values into the company currency (FX_RATES); a deal in a currency without a rate has no hours. */
  fx?: { base: string; rates: FxRates };
}

export interface CapacityTotalWeek extends CapacityWeek {
  tentativeHours: number;
}

export interface CapacityAnswer {
  weeks: CapacityTotalWeek[];
  people: { id: number; name: string; team: string; weeks: CapacityWeek[] }[];
  teams: { team: string; weeks: CapacityWeek[] }[];
  forecastSyncedAt: string | null;
  pipedriveSyncedAt: string | null;
}

/**
 * Each Forecast person's weeks from the stored copy, with their team and Forecast default role:
 * the grid's rows and, by role, what a deal is staffed from.
 */
export async function loadPeopleWeeks(db: Db, weeks: readonly IsoDate[]) {
  const first = weeks[0]!;
  const last = addCalendarDays(weeks.at(-1)!, 6);
  const [persons, holidays, allocations] = await Promise.all([
    readCapacityPersons(db),
    readHolidays(db, first, last),
    readAllocations(db, first, last),
  ]);
  const holidaysByCalendar = new Map<number, Map<IsoDate, string>>();
  for (const h of holidays) {
    const days = holidaysByCalendar.get(h.holidayCalendarId) ?? new Map<IsoDate, string>();
    days.set(h.date, h.name);
    holidaysByCalendar.set(h.holidayCalendarId, days);
  }
  const none = new Map<IsoDate, string>();
  return persons.map((p) => {
    const days =
      p.holidayCalendarId === null ? none : (holidaysByCalendar.get(p.holidayCalendarId) ?? none);
    return {
      id: p.id,
      name: p.name,
      team: p.team,
      role: p.role,
      weeks: weeks.map((w) => personWeek(p, w, days, allocations)),
    };
  });
}

export async function loadCapacity(db: Db, options: CapacityOptions): Promise<CapacityAnswer> {
  const weeks = weeksFrom(options.from, options.weeks);
  const [withRoles, deals, state] = await Promise.all([
    loadPeopleWeeks(db, weeks),
    readDeals(db),
    getCapacitySyncState(db),
  ]);
  const people = withRoles.map(({ role: _role, ...p }) => p);
  const teamNames = [...new Set(people.map((p) => p.team))].sort();
  const teams = teamNames.map((team) => ({
    team,
    weeks: sumWeeks(
      people.filter((p) => p.team === team).map((p) => p.weeks),
      weeks,
    ),
  }));
  const totals = sumWeeks(
    people.map((p) => p.weeks),
    weeks,
  );

  const rate = options.blendedRate ?? state.rateCardBlendedRate ?? 0;
  const fx = options.fx;
  const demand = deals
    .filter((d) => d.expectedCloseDate !== null)
    .filter((d) => !fx || toAgencyCurrency(d.value, d.currency, fx.base, fx.rates) !== null)
    .map((d) => {
      const probability = dealProbability(
        d.probability,
        d.stageProbability,
        d.pipelineDealProbability,
      );
      const weighted = weightedValue(
        d.value,
        d.probability,
        d.stageProbability,
        d.pipelineDealProbability,
      );
      const hours = demandHours(
        fx ? toAgencyCurrency(weighted, d.currency, fx.base, fx.rates)! : weighted,
        rate,
      );
      return { probability, weeks: spreadDemand(hours, d.expectedCloseDate!, options.dealWeeks) };
    })
    .filter((d) => options.tentative && d.probability >= options.minProbability);
  const tentativeByWeek = new Map<IsoDate, number>();
  for (const d of demand)
    for (const w of d.weeks)
      tentativeByWeek.set(w.weekStart, (tentativeByWeek.get(w.weekStart) ?? 0) + w.hours);

  return {
    weeks: totals.map((w) => ({
      ...w,
      tentativeHours: roundHours(tentativeByWeek.get(w.weekStart) ?? 0),
    })),
    people,
    teams,
    forecastSyncedAt: state.forecastSyncedAt?.toISOString() ?? null,
    pipedriveSyncedAt: state.pipedriveSyncedAt?.toISOString() ?? null,
  };
}

/**
 * The stored capacity for a caller's choice of weeks and demand, from the agency's current week
 * unless `from` says otherwise: the same for the call, its CSV and the page.
 */
export function capacityFor(
  deps: { db: Db; config: Config; clock: () => Date },
  q: { from?: IsoDate; weeks: number; tentative: boolean; minProbability: number },
): Promise<CapacityAnswer> {
  return loadCapacity(deps.db, {
    from: q.from ?? weekStartOf(isoDateInZone(deps.clock(), deps.config.AGENCY_TIMEZONE)),
    weeks: q.weeks,
    tentative: q.tentative,
    minProbability: q.minProbability,
    dealWeeks: deps.config.CAPACITY_DEAL_WEEKS,
    blendedRate: deps.config.CAPACITY_BLENDED_RATE,
    fx: { base: deps.config.COMPANY_CURRENCY, rates: deps.config.fx.rates },
  });
}

/**
 * The weighted pipeline for admins: every open deal with its stage, owner and age, months per
 * currency, totals per currency converted at FX_RATES, and the stage funnel
 * (docs/decisions/410-deal-staffing-verdicts.md). Without `fx` nothing is converted.
 */
export async function loadPipeline(
  db: Db,
  options: { fx?: { base: string; rates: FxRates }; today?: IsoDate } = {},
) {
  const [stored, owners, byClient] = await Promise.all([
    readDeals(db),
    pipedriveUserNames(db),
    projectsByClient(db, clientKey),
  ]);
  const convert = (amount: number, currency: string) =>
    options.fx ? toAgencyCurrency(amount, currency, options.fx.base, options.fx.rates) : null;
  const deals = stored.map((d) => {
    const weighted = weightedValue(
      d.value,
      d.probability,
      d.stageProbability,
      d.pipelineDealProbability,
    );
    const value = convert(d.value, d.currency);
    const weightedConverted = convert(weighted, d.currency);
    return {
      id: d.id,
      title: d.title,
      value: d.value,
      currency: d.currency,
      probability: dealProbability(d.probability, d.stageProbability, d.pipelineDealProbability),
      expectedCloseDate: d.expectedCloseDate,
      weightedValue: weighted,
      stage: d.stageName,
      pipeline: d.pipelineName,
      stageOrder: d.stageOrder,
      owner: d.ownerId === null ? null : (owners.get(d.ownerId) ?? null),
      organization: d.organization,
      renews: renewedProjects(d.organization, byClient),
      ageDays:
        d.addTime && options.today
          ? Math.max(0, differenceInCalendarDays(parseIsoDate(options.today), d.addTime))
          : null,
      valueInAgencyCurrency: value === null ? null : roundMoney(value),
      weightedInAgencyCurrency: weightedConverted === null ? null : roundMoney(weightedConverted),
    };
  });
  return {
    deals,
    byMonth: pipelineByMonth(deals),
    totals: pipelineTotals(deals, convert),
    funnel: pipelineFunnel(deals),
    base: options.fx?.base ?? null,
  };
}

/**
 * Days each of these Jira accounts is away by Forecast (holidays, leave planned or logged) or the
 * public holidays, with their source, from stored data only: the availability grid shows them
 * and available points count them, the same days utilisation takes out
 * (docs/decisions/335-derived-availability.md, 397). Who is which Forecast person is the
 * roster's link (docs/decisions/390-one-roster-of-people.md).
 */
export async function loadDerivedDays(
  db: Db,
  accountIds: readonly string[],
  range: { from: IsoDate; to: IsoDate },
  publicHolidayRegion: PublicHolidayRegion | null,
): Promise<DerivedDay[]> {
  if (accountIds.length === 0 || range.from > range.to) return [];
  const [rows, persons, holidays, allocations, loggedLeave] = await Promise.all([
    personRowsByAccount(db, accountIds),
    readCapacityPersons(db),
    readHolidays(db, range.from, range.to),
    readAllocations(db, range.from, range.to),
    readRegisteredTimeOff(db, range),
  ]);
  const forecastOf = new Map(rows.map((r) => [r.jiraAccountId, r.forecastPersonId]));
  return derivedDays({
    people: [...new Set(accountIds)].map((accountId) => ({
      accountId,
      forecastPersonId: forecastOf.get(accountId) ?? null,
    })),
    persons,
    holidays,
    allocations: allocations.filter((a) => a.timeOff),
    loggedLeave,
    publicHolidays: publicHolidayRegion
      ? publicHolidays(publicHolidayRegion, range.from, range.to)
      : new Map(),
    ...range,
  });
}
