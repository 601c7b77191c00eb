/**
 * The Capacity page's figures, from stored data only (no upstream call): each person's weeks
 * from Forecast's copy, team and total rows, and the open deals' weighted tentative demand set
 * against free hours (docs/decisions/320-capacity-rules.md).
 */
import {
  getCapacitySyncState,
  readAllocations,
  readCapacityPersons,
  readDeals,
  readHolidays,
} from '../db/capacity';
import type { Config } from '../config';
import type { Db } from '../db/port';
import { addCalendarDays, type IsoDate, weekStartOf } from '../shared/calendar';
import { isoDateInZone } from '../shared/time-zones';
import {
  type CapacityDeal,
  type CapacityWeek,
  demandHours,
  derivedDays,
  fitDeals,
  fitText,
  personWeek,
  spreadDemand,
  sumWeeks,
  weeksFrom,
} from '../shared/capacity';
import type { DerivedDay } from '../shared/availability';
import { type PublicHolidayRegion, publicHolidays } from '../shared/public-holidays';
import { dealProbability, pipelineByMonth, weightedValue } from '../shared/pipeline';

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
}

export interface CapacityTotalWeek extends CapacityWeek {
  tentativeHours: number;
}

export interface CapacityAnswer {
  weeks: CapacityTotalWeek[];
  people: { id: number; name: string; team: string; weeks: CapacityWeek[] }[];
  teams: { team: string; weeks: CapacityWeek[] }[];
  /** Open deals as hours, with whether they fit: no money, so staff may see them. */
  deals: CapacityDeal[];
  forecastSyncedAt: string | null;
  pipedriveSyncedAt: string | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export async function loadCapacity(db: Db, options: CapacityOptions): Promise<CapacityAnswer> {
  const weeks = weeksFrom(options.from, options.weeks);
  const first = weeks[0]!;
  const last = addCalendarDays(weeks.at(-1)!, 6);
  const [persons, holidays, allocations, deals, state] = await Promise.all([
    readCapacityPersons(db),
    readHolidays(db, first, last),
    readAllocations(db, first, last),
    readDeals(db),
    getCapacitySyncState(db),
  ]);
  const holidaysByCalendar = new Map<number, Map<IsoDate, string>>();
  for (const h of holidays) {
    const days = holidaysByCalendar.get(h.holidayCalendarId) ?? new Map<IsoDate, string>();
    days.set(h.date, h.name);
    holidaysByCalendar.set(h.holidayCalendarId, days);
  }
  const none = new Map<IsoDate, string>();
  const people = persons.map((p) => {
    const days =
      p.holidayCalendarId === null ? none : (holidaysByCalendar.get(p.holidayCalendarId) ?? none);
    return {
      id: p.id,
      name: p.name,
      team: p.team,
      weeks: weeks.map((w) => personWeek(p, w, days, allocations)),
    };
  });
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
  const demand = deals
    .filter((d) => d.expectedCloseDate !== null)
    .map((d) => {
      const probability = dealProbability(d.probability, d.stageProbability);
      const hours = demandHours(weightedValue(d.value, d.probability, d.stageProbability), rate);
      return {
        id: d.id,
        title: d.title,
        probability,
        expectedCloseDate: d.expectedCloseDate,
        hours: round2(hours),
        weeks: spreadDemand(hours, d.expectedCloseDate!, options.dealWeeks),
      };
    })
    .filter((d) => options.tentative && d.probability >= options.minProbability);
  const free = new Map(totals.map((w) => [w.weekStart, Math.max(0, w.freeHours)]));
  const fitted = fitDeals(demand, free);
  const tentativeByWeek = new Map<IsoDate, number>();
  for (const d of demand)
    for (const w of d.weeks)
      tentativeByWeek.set(w.weekStart, (tentativeByWeek.get(w.weekStart) ?? 0) + w.hours);

  return {
    weeks: totals.map((w) => ({
      ...w,
      tentativeHours: round2(tentativeByWeek.get(w.weekStart) ?? 0),
    })),
    people,
    teams,
    deals: fitted.map(({ deal, fit }) => ({
      id: deal.id,
      title: deal.title,
      probability: deal.probability,
      expectedCloseDate: deal.expectedCloseDate,
      hours: deal.hours,
      fit: fitText(fit),
    })),
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
  });
}

/** The weighted pipeline for admins: every open deal with its stage, and months per currency. */
export async function loadPipeline(db: Db) {
  const deals = (await readDeals(db)).map((d) => ({
    id: d.id,
    title: d.title,
    value: d.value,
    currency: d.currency,
    probability: dealProbability(d.probability, d.stageProbability),
    expectedCloseDate: d.expectedCloseDate,
    weightedValue: weightedValue(d.value, d.probability, d.stageProbability),
    stage: d.stageName,
  }));
  return { deals, byMonth: pipelineByMonth(deals) };
}

/**
 * Days each of `people` is away by Forecast's plan or the public holidays, with their source,
 * from stored data only: the availability grid shows them and available points count them
 * (docs/decisions/335-derived-availability.md).
 */
export async function loadDerivedDays(
  db: Db,
  people: readonly { accountId: string; displayName: string }[],
  range: { from: IsoDate; to: IsoDate },
  publicHolidayRegion: PublicHolidayRegion | null,
): Promise<DerivedDay[]> {
  if (people.length === 0 || range.from > range.to) return [];
  const [persons, holidays, allocations] = await Promise.all([
    readCapacityPersons(db),
    readHolidays(db, range.from, range.to),
    readAllocations(db, range.from, range.to),
  ]);
  return derivedDays({
    people,
    persons,
    holidays,
    allocations: allocations.filter((a) => a.timeOff),
    publicHolidays: publicHolidayRegion
      ? publicHolidays(publicHolidayRegion, range.from, range.to)
      : new Map(),
    ...range,
  });
}
