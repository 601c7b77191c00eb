/**
 * The deal plan from stored data only (no upstream call): each open deal's value in the company
 * currency, its if-won and expected hours, its split by role and the earliest week it fits, with
 * a scenario applied or not; and the free hours by role and week it is set against
 * (docs/decisions/410-deal-staffing-verdicts.md).
 */
import { differenceInCalendarDays } from 'date-fns';
import type { Config } from '../config';
import { getCapacitySyncState, readDeals } from '../db/capacity';
import type { Db } from '../db/port';
import { billableHoursByRole, pipedriveUserNames, readRoleMixes } from '../db/plan';
import { addCalendarDays, type IsoDate, parseIsoDate, weekStartOf } from '../shared/calendar';
import { weeksFrom } from '../shared/capacity';
import {
  expectedHours,
  type FreeByRole,
  freeByRole,
  freeByRoleAndTeam,
  type FreeByRoleAndTeam,
  type FxRates,
  ifWonHours,
  NO_ROLE,
  noExchangeRateText,
  PLAN_HORIZON_WEEKS,
  type PlannedDeal,
  parseRoleMix,
  pickRoleMix,
  planScenario,
  type RoleMix,
  type RoleSource,
  type ScenarioDeal,
  type ScenarioStatus,
  splitByRole,
  toAgencyCurrency,
  verdictText,
} from '../shared/deal-plan';
import { roundHours, roundMoney } from '../shared/money';
import { dealProbability } from '../shared/pipeline';
import { isoDateInZone } from '../shared/time-zones';
import { loadPeopleWeeks } from './capacity';

export interface PlanDeal {
  id: number;
  title: string;
  stage: string | null;
  pipeline: string | null;
  owner: string | null;
  ageDays: number | null;
  currency: string;
  value: number;
  /** Null when the currency has no rate. */
  valueInAgencyCurrency: number | null;
  probability: number;
  expectedCloseDate: IsoDate | null;
  /** Null when the deal cannot be turned into hours (no exchange rate). */
  expectedHours: number | null;
  ifWonHours: number | null;
  byRole: { role: string; hours: number }[];
  roleSource: RoleSource | null;
  earliestStart: IsoDate | null;
  verdict: string;
  /** What the scenario says of it, if anything. */
  status: ScenarioStatus | null;
  /** The week it may start from: its expected close, this week, or where the scenario moved it. */
  from: IsoDate;
}

export interface PlanRoleWeek {
  weekStart: IsoDate;
  /** Free hours of the role's people (none below 0 each). */
  freeHours: number;
  /** If-won hours of the deals staffed in the week. */
  demandHours: number;
  /** Free less demand: below 0 never happens for a placed deal; what is left for more work. */
  leftHours: number;
}

export interface Plan {
  rate: { hourly: number | null; currency: string; source: string };
  fx: { base: string; rates: FxRates; source: string };
  /** Weeks searched for a start (PLAN_HORIZON_WEEKS) and weeks a deal runs (CAPACITY_DEAL_WEEKS). */
  horizonWeeks: number;
  dealWeeks: number;
  firstWeek: IsoDate;
  /** Free hours by role and week over the horizon, before any deal. */
  free: FreeByRole;
  /** The same by role, then the roster's team (the heat-map's team rows). */
  freeByTeam: FreeByRoleAndTeam;
  deals: PlanDeal[];
  /** The staffing of each deal with hours, in staffing order (with the free hours before it). */
  planned: PlannedDeal[];
  roles: { role: string; weeks: PlanRoleWeek[] }[];
  forecastSyncedAt: Date | null;
  pipedriveSyncedAt: Date | null;
}

type Deps = { db: Db; config: Config; clock: () => Date };

/** The hourly rate deals are turned into hours at, and where it came from. */
function hourlyRate(config: Config, rateCards: number | null) {
  if (config.CAPACITY_BLENDED_RATE !== undefined)
    return { hourly: config.CAPACITY_BLENDED_RATE, source: 'CAPACITY_BLENDED_RATE' };
  if (rateCards !== null)
    return { hourly: rateCards, source: "Forecast's rate cards (their default rates' average)" };
  return { hourly: null, source: 'none: set CAPACITY_BLENDED_RATE or rate cards in Forecast' };
}

const sumMix = (free: FreeByRole): RoleMix =>
  [...free]
    .filter(([role]) => role !== NO_ROLE || free.size === 1)
    .map(([role, weeks]) => ({ role, weight: [...weeks.values()].reduce((a, b) => a + b, 0) }));

/**
 * The plan with a scenario's marks applied (none: every open deal tentative, in order of
 * expected close).
 */
export async function loadPlan(deps: Deps, scenario: readonly ScenarioDeal[] = []): Promise<Plan> {
  const { db, config } = deps;
  const now = deps.clock();
  const today = isoDateInZone(now, config.AGENCY_TIMEZONE);
  const firstWeek = weekStartOf(today);
  const horizonWeeks = PLAN_HORIZON_WEEKS;
  const dealWeeks = config.CAPACITY_DEAL_WEEKS;
  const weeks = weeksFrom(firstWeek, horizonWeeks);
  const [people, stored, state, mixes, billable, owners] = await Promise.all([
    loadPeopleWeeks(db, weeks),
    readDeals(db),
    getCapacitySyncState(db),
    readRoleMixes(db),
    billableHoursByRole(db, addCalendarDays(firstWeek, -84), addCalendarDays(firstWeek, -1)),
    pipedriveUserNames(db),
  ]);
  const free = freeByRole(people);
  const teamHours = sumMix(free);
  const rate = hourlyRate(config, state.rateCardBlendedRate);
  const base = config.COMPANY_CURRENCY;
  const marks = new Map(scenario.map((s) => [s.id, s]));

  const deals: PlanDeal[] = stored.map((d) => {
    const mark = marks.get(d.id);
    const probability = dealProbability(
      d.probability,
      d.stageProbability,
      d.pipelineDealProbability,
    );
    const converted = toAgencyCurrency(d.value, d.currency, base, config.fx.rates);
    const from = mark?.start ? weekStartOf(mark.start) : weekStartOf(d.expectedCloseDate ?? today);
    const common = {
      id: d.id,
      title: d.title,
      stage: d.stageName,
      pipeline: d.pipelineName,
      owner: d.ownerId === null ? null : (owners.get(d.ownerId) ?? null),
      ageDays: d.addTime
        ? Math.max(0, differenceInCalendarDays(parseIsoDate(today), d.addTime))
        : null,
      currency: d.currency,
      value: d.value,
      probability,
      expectedCloseDate: d.expectedCloseDate,
      status: mark?.status ?? null,
      from: from < firstWeek ? firstWeek : from,
      earliestStart: null,
    };
    if (converted === null)
      return {
        ...common,
        valueInAgencyCurrency: null,
        expectedHours: null,
        ifWonHours: null,
        byRole: [],
        roleSource: null,
        verdict: noExchangeRateText(d.currency),
      };
    const ifWon = ifWonHours(converted, rate.hourly ?? 0);
    const { mix, source } = pickRoleMix({
      dealField: parseRoleMix(d.roleMix),
      pipelineMix: d.pipelineId === null ? null : mixes.get(d.pipelineId),
      billableHours: billable,
      teamHours,
    });
    return {
      ...common,
      valueInAgencyCurrency: roundMoney(converted),
      expectedHours: expectedHours(ifWon, probability),
      ifWonHours: ifWon,
      byRole: splitByRole(ifWon, mix),
      roleSource: source,
      verdict: rate.hourly === null ? 'no hourly rate' : '',
    };
  });

  const { planned, freeAfter } = planScenario(
    deals.map((d) => ({
      id: d.id,
      expectedCloseDate: d.expectedCloseDate,
      byRole: d.ifWonHours === null || rate.hourly === null ? null : d.byRole,
      from: d.from,
    })),
    free,
    scenario,
    { firstWeek, horizonWeeks, dealWeeks },
  );
  const byId = new Map(planned.map((p) => [p.id, p]));
  for (const d of deals) {
    const p = byId.get(d.id);
    if (p) {
      d.earliestStart = p.earliestStart;
      d.verdict = verdictText(p.verdict);
    } else if (d.status === 'lost') d.verdict = verdictText({ kind: 'lost' });
  }

  const roles = [...free.keys()].sort(roleOrder).map((role) => ({
    role,
    weeks: weeks.map((weekStart) => {
      const had = free.get(role)?.get(weekStart) ?? 0;
      const left = freeAfter.get(role)?.get(weekStart) ?? had;
      return {
        weekStart,
        freeHours: roundHours(had),
        demandHours: roundHours(had - left),
        leftHours: roundHours(left),
      };
    }),
  }));

  return {
    rate: { hourly: rate.hourly, currency: base, source: rate.source },
    fx: { base, rates: config.fx.rates, source: config.fx.source },
    horizonWeeks,
    dealWeeks,
    firstWeek,
    free,
    freeByTeam: freeByRoleAndTeam(people),
    deals: staffingFirst(deals, planned),
    planned,
    roles,
    forecastSyncedAt: state.forecastSyncedAt,
    pipedriveSyncedAt: state.pipedriveSyncedAt,
  };
}

/** Roles by name, 'No role' last. */
const roleOrder = (a: string, b: string) =>
  (a === NO_ROLE ? 1 : 0) - (b === NO_ROLE ? 1 : 0) || a.localeCompare(b);

/** Deals in staffing order, then those left out (lost, no rate) in the stored order. */
function staffingFirst(deals: PlanDeal[], planned: readonly PlannedDeal[]): PlanDeal[] {
  const at = new Map(planned.map((p, i) => [p.id, i]));
  return [...deals].sort(
    (a, b) => (at.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (at.get(b.id) ?? Number.MAX_SAFE_INTEGER),
  );
}
