/**
 * Staffing a deal if it is won (docs/decisions/410-deal-staffing-verdicts.md): a deal's value in
 * the agency's currency at configured exchange rates, its hours if won at the hourly rate, those
 * hours split by role, and the earliest week from its expected close on in which every role's
 * share fits the free hours the deals before it left. "Expected load" (hours × probability) is a
 * forecast of demand; every verdict uses the if-won hours.
 */
import { format, parseISO } from 'date-fns';
import { type IsoDate, shiftWeek, weekStartOf } from './calendar';
import { roundHours } from './money';

// ---------------------------------------------------------------------------------- currencies

/** One unit of each currency in the agency's currency: FX_RATES `EUR=1.08,AUD=0.66`. */
export type FxRates = Readonly<Record<string, number>>;

/** The demo agency's rates (USD): what FX_RATES holds for the demo when it is unset. */
export const DEMO_FX_RATES: FxRates = { EUR: 1.08, AUD: 0.66 };

const FX_PAIR = /^([A-Z]{3})\s*=\s*(\d+(?:\.\d+)?)$/;

/** FX_RATES' text as rates, or the problem with it; an empty text is no rates. */
export function parseFxRates(text: string): { rates: FxRates } | { error: string } {
  const rates: Record<string, number> = {};
  for (const part of text.split(',')) {
    const pair = part.trim();
    if (pair === '') continue;
    const m = FX_PAIR.exec(pair.toUpperCase());
    const rate = m ? Number(m[2]) : Number.NaN;
    if (!m || !(rate > 0) || !Number.isFinite(rate))
      return { error: `"${pair}" is not CODE=rate (such as EUR=1.08) with a rate above 0` };
    if (m[1]! in rates) return { error: `${m[1]} is given twice` };
    rates[m[1]!] = rate;
  }
  return { rates };
}

/** What a deal in a currency with no rate reads, instead of a figure. */
export const noExchangeRateText = (currency: string) => `no exchange rate for ${currency}`;

/**
 * A value in the agency's currency: as is in that currency, at its rate in another; null when
 * the currency has no rate (never 1:1).
 */
export function toAgencyCurrency(
  value: number,
  currency: string,
  base: string,
  rates: FxRates,
): number | null {
  if (currency === base) return value;
  const rate = Object.hasOwn(rates, currency) ? rates[currency] : undefined;
  return rate === undefined ? null : value * rate;
}

// --------------------------------------------------------------------------------------- hours

/** A deal's full hours if won: its value in the agency's currency ÷ the hourly rate (0 without a rate). */
export function ifWonHours(valueInAgencyCurrency: number, hourlyRate: number): number {
  return hourlyRate > 0 ? roundHours(valueInAgencyCurrency / hourlyRate) : 0;
}

/** Expected load: the if-won hours weighted by the deal's probability (%). */
export function expectedHours(ifWon: number, probability: number): number {
  return roundHours((ifWon * probability) / 100);
}

// --------------------------------------------------------------------------------------- roles

/** A role's weight in a mix (any positive numbers; shares are weight ÷ total). */
export type RoleMix = readonly { role: string; weight: number }[];

/** Where a deal's split by role came from, in the order they are tried. */
export type RoleSource = 'deal field' | 'pipeline mix' | 'billable hours' | 'team hours';

export const ROLE_SOURCE_TEXT: Record<RoleSource, string> = {
  'deal field': "the deal's role field",
  'pipeline mix': "its pipeline's role mix",
  'billable hours': 'billable hours by role, last 12 weeks',
  'team hours': "the team's hours by role",
};

/** `Developer=60, Designer=40` (or `;` between pairs) as a mix; null when it is not one. */
export function parseRoleMix(text: string | null | undefined): RoleMix | null {
  if (!text) return null;
  const mix: { role: string; weight: number }[] = [];
  for (const part of text.split(/[,;]/)) {
    if (part.trim() === '') continue;
    const m = /^\s*([^=:]+?)\s*[=:]\s*(\d+(?:\.\d+)?)\s*%?\s*$/.exec(part);
    if (!m) return null;
    const weight = Number(m[2]);
    if (weight > 0) mix.push({ role: m[1]!, weight });
  }
  return mix.length ? mix : null;
}

const usable = (mix: RoleMix | null | undefined): mix is RoleMix =>
  !!mix && mix.some((r) => r.weight > 0);

/** The first mix there is: the deal's field, its pipeline's, billable hours, the team's hours. */
export function pickRoleMix(sources: {
  dealField?: RoleMix | null;
  pipelineMix?: RoleMix | null;
  billableHours?: RoleMix | null;
  teamHours: RoleMix;
}): { mix: RoleMix; source: RoleSource } {
  if (usable(sources.dealField)) return { mix: sources.dealField, source: 'deal field' };
  if (usable(sources.pipelineMix)) return { mix: sources.pipelineMix, source: 'pipeline mix' };
  if (usable(sources.billableHours))
    return { mix: sources.billableHours, source: 'billable hours' };
  return { mix: sources.teamHours, source: 'team hours' };
}

/**
 * Hours split by a mix, each to the hundredth and summing exactly to `hours`: the hundredths
 * left by rounding down go to the largest remainders (then the mix's order). Roles named twice
 * are added together; roles with no weight are left out.
 */
export function splitByRole(hours: number, mix: RoleMix): { role: string; hours: number }[] {
  const weights = new Map<string, number>();
  for (const { role, weight } of mix)
    if (weight > 0) weights.set(role, (weights.get(role) ?? 0) + weight);
  const total = [...weights.values()].reduce((a, b) => a + b, 0);
  if (total <= 0 || hours <= 0) return [...weights.keys()].map((role) => ({ role, hours: 0 }));
  const cents = Math.round(hours * 100);
  const parts = [...weights].map(([role, weight], i) => {
    const exact = (cents * weight) / total;
    return { role, i, cents: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  let left = cents - parts.reduce((a, p) => a + p.cents, 0);
  for (const p of [...parts].sort((a, b) => b.rest - a.rest || a.i - b.i)) {
    if (left <= 0) break;
    p.cents += 1;
    left -= 1;
  }
  return parts.map((p) => ({ role: p.role, hours: p.cents / 100 }));
}

/** The most roles a pipeline's mix may name, and the largest weight: PUT /api/plan/role-mixes' limits. */
export const ROLE_MIX_MAX_ROLES = 50;
export const ROLE_MIX_MAX_WEIGHT = 1_000_000;
export const ROLE_MIX_MAX_ROLE_LENGTH = 100;

/** A mix as the settings form holds it: what was typed, before it is a number. */
export interface RoleMixDraftRow {
  role: string;
  weight: string;
}

/** What is wrong with a typed mix, row by row, and with the whole; all null when it can be saved. */
export interface RoleMixProblems {
  rows: { role: string | null; weight: string | null }[];
  mix: string | null;
}

/**
 * The settings form's check of a typed mix, the same limits the call enforces, said per field:
 * a role typed once and not empty, a weight above 0 and at most 1,000,000, at least one role.
 */
export function checkRoleMixDraft(rows: readonly RoleMixDraftRow[]): RoleMixProblems {
  const seen = new Map<string, number>();
  for (const r of rows) {
    const key = r.role.trim();
    if (key) seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const checked = rows.map((r) => {
    const role = r.role.trim();
    const weight = Number(r.weight);
    return {
      role: !role
        ? 'Enter a role'
        : role.length > ROLE_MIX_MAX_ROLE_LENGTH
          ? `At most ${ROLE_MIX_MAX_ROLE_LENGTH} characters`
          : (seen.get(role) ?? 0) > 1
            ? 'Name each role once'
            : null,
      weight:
        r.weight.trim() === '' || !Number.isFinite(weight)
          ? 'Enter a number'
          : weight <= 0
            ? 'Enter a weight above 0'
            : weight > ROLE_MIX_MAX_WEIGHT
              ? 'At most 1,000,000'
              : null,
    };
  });
  return {
    rows: checked,
    mix:
      rows.length === 0
        ? 'Add at least one role, or clear the mix'
        : rows.length > ROLE_MIX_MAX_ROLES
          ? `At most ${ROLE_MIX_MAX_ROLES} roles`
          : null,
  };
}

/** Whether a check found nothing wrong. */
export const roleMixDraftOk = (p: RoleMixProblems): boolean =>
  p.mix === null && p.rows.every((r) => r.role === null && r.weight === null);

/** Each role's share of a mix in whole percent (60, 40), for the form to show as weights change. */
export function roleMixShares(weights: readonly number[]): (number | null)[] {
  const usable = weights.map((w) => (Number.isFinite(w) && w > 0 ? w : 0));
  const total = usable.reduce((a, b) => a + b, 0);
  return usable.map((w) => (total > 0 && w > 0 ? Math.round((w / total) * 100) : null));
}

// ----------------------------------------------------------------------------- fitting in time

/** Weeks from this one in which a deal's start is looked for. */
export const PLAN_HORIZON_WEEKS = 26;
/** Weeks the Capacity page's plan shows. */
export const PLAN_WEEKS_SHOWN = 12;

/** Free hours per role and week start; a week missing is outside the weeks planned. */
export type FreeByRole = Map<string, Map<IsoDate, number>>;

export interface FitWeek {
  weekStart: IsoDate;
  role: string;
  demandHours: number;
  freeHours: number;
  shortHours: number;
}

export interface FitAt {
  start: IsoDate;
  fits: boolean;
  /** False when some week of the deal lies past the weeks planned: nothing to judge it against. */
  planned: boolean;
  weeks: FitWeek[];
}

const SHORT_EPSILON = 0.005;

/**
 * A deal's weeks if it starts in `start`'s week: each role's hours spread evenly over
 * `dealWeeks` weeks against what is free (negative free counts as none). It fits when no role
 * is short in any week and every week is planned.
 */
export function fitAt(
  byRole: readonly { role: string; hours: number }[],
  start: IsoDate,
  dealWeeks: number,
  free: FreeByRole,
): FitAt {
  const first = weekStartOf(start);
  const n = Math.max(1, Math.floor(dealWeeks));
  const weeks: FitWeek[] = [];
  let fits = true;
  let planned = true;
  for (let i = 0; i < n; i++) {
    const weekStart = shiftWeek(first, i);
    // A week is planned when any role has it; a role nobody has is free for none of it.
    const weekPlanned = [...free.values()].some((w) => w.has(weekStart));
    if (!weekPlanned) planned = false;
    for (const { role, hours } of byRole) {
      if (hours <= 0) continue;
      const freeHours = Math.max(0, free.get(role)?.get(weekStart) ?? 0);
      const demand = hours / n;
      const short = demand - freeHours;
      if (short > SHORT_EPSILON) fits = false;
      weeks.push({
        weekStart,
        role,
        demandHours: roundHours(demand),
        freeHours: roundHours(freeHours),
        shortHours: short > SHORT_EPSILON ? roundHours(short) : 0,
      });
    }
  }
  return { start: first, fits: fits && planned, planned, weeks };
}

/** Takes a placed deal's hours, spread evenly from `start`, out of the free hours. */
export function takeHours(
  free: FreeByRole,
  byRole: readonly { role: string; hours: number }[],
  start: IsoDate,
  dealWeeks: number,
): void {
  const n = Math.max(1, Math.floor(dealWeeks));
  for (const { role, hours } of byRole) {
    if (hours <= 0) continue;
    const byWeek = free.get(role) ?? new Map<IsoDate, number>();
    free.set(role, byWeek);
    for (let i = 0; i < n; i++) {
      const weekStart = shiftWeek(start, i);
      byWeek.set(weekStart, (byWeek.get(weekStart) ?? 0) - hours / n);
    }
  }
}

export interface PlanDealInput {
  id: number;
  byRole: readonly { role: string; hours: number }[];
  /** The week it may start from: its expected close, or where a scenario moved it. */
  from: IsoDate;
}

/** The role short most at a start, with its short hours over the deal's weeks. */
export interface Shortage {
  start: IsoDate;
  role: string;
  shortHours: number;
}

export type Verdict =
  | { kind: 'fits'; earliestStart: IsoDate; shortAtFrom: Shortage | null }
  | { kind: 'no fit'; horizonWeeks: number; shortAtFrom: Shortage | null }
  | { kind: 'lost' };

export interface PlannedDeal {
  id: number;
  earliestStart: IsoDate | null;
  verdict: Verdict;
  /** The free hours the deals before it left: what its own fit is judged against. */
  freeBefore: FreeByRole;
}

export const cloneFree = (free: FreeByRole): FreeByRole =>
  new Map([...free].map(([role, weeks]) => [role, new Map(weeks)]));

function shortageOf(fit: FitAt): Shortage | null {
  const byRole = new Map<string, number>();
  for (const w of fit.weeks)
    if (w.shortHours > 0) byRole.set(w.role, (byRole.get(w.role) ?? 0) + w.shortHours);
  let worst: Shortage | null = null;
  for (const [role, hours] of byRole)
    if (!worst || hours > worst.shortHours)
      worst = { start: fit.start, role, shortHours: roundHours(hours) };
  return worst;
}

/**
 * Deals in order (the caller puts a scenario's won deals first): each takes the earliest start
 * from its `from` week (never before `firstWeek`) at which it fits what the deals before it
 * left, and takes those hours; a deal that fits nowhere in the weeks planned takes none.
 */
export function planDeals(
  deals: readonly PlanDealInput[],
  free: FreeByRole,
  options: { firstWeek: IsoDate; horizonWeeks: number; dealWeeks: number },
): { deals: PlannedDeal[]; freeAfter: FreeByRole } {
  const left = cloneFree(free);
  const firstWeek = weekStartOf(options.firstWeek);
  const lastStart = shiftWeek(firstWeek, options.horizonWeeks - Math.max(1, options.dealWeeks));
  const out: PlannedDeal[] = [];
  for (const deal of deals) {
    const freeBefore = cloneFree(left);
    let from = weekStartOf(deal.from);
    if (from < firstWeek) from = firstWeek;
    const atFrom = fitAt(deal.byRole, from, options.dealWeeks, left);
    const shortAtFrom = atFrom.planned ? shortageOf(atFrom) : null;
    let placed: FitAt | null = atFrom.fits ? atFrom : null;
    for (let s = shiftWeek(from, 1); !placed && s <= lastStart; s = shiftWeek(s, 1)) {
      const fit = fitAt(deal.byRole, s, options.dealWeeks, left);
      if (fit.fits) placed = fit;
    }
    if (placed) {
      takeHours(left, deal.byRole, placed.start, options.dealWeeks);
      out.push({
        id: deal.id,
        earliestStart: placed.start,
        verdict: { kind: 'fits', earliestStart: placed.start, shortAtFrom },
        freeBefore,
      });
    } else
      out.push({
        id: deal.id,
        earliestStart: null,
        verdict: { kind: 'no fit', horizonWeeks: options.horizonWeeks, shortAtFrom },
        freeBefore,
      });
  }
  return { deals: out, freeAfter: left };
}

const day = (d: IsoDate) => format(parseISO(d), 'MMM d');
const hoursText = (h: number) => {
  const n = Math.ceil(h - SHORT_EPSILON);
  return `${n} ${n === 1 ? 'hour' : 'hours'}`;
};

/**
 * 'fits from Dec 7', 'fits from Jan 11; from Dec 7 Developer is short by 323 hours',
 * 'does not fit in the next 26 weeks; from Dec 7 Designer is short by 40 hours', 'lost in this scenario'.
 */
export function verdictText(verdict: Verdict): string {
  if (verdict.kind === 'lost') return 'lost in this scenario';
  const short = verdict.shortAtFrom
    ? `; from ${day(verdict.shortAtFrom.start)} ${verdict.shortAtFrom.role} is short by ${hoursText(verdict.shortAtFrom.shortHours)}`
    : '';
  if (verdict.kind === 'fits') return `fits from ${day(verdict.earliestStart)}${short}`;
  return `does not fit in the next ${verdict.horizonWeeks} weeks${short}`;
}

// --------------------------------------------------------------------------------- scenarios

export type ScenarioStatus = 'won' | 'lost' | 'tentative';
export interface ScenarioDeal {
  id: number;
  status: ScenarioStatus;
  /** A start moved by the planner (a date in the week it starts). */
  start?: IsoDate | null;
}

/**
 * The order deals are staffed in: the scenario's won deals first, in the scenario's order, then
 * the rest by expected close (none last) and id; lost deals are left out.
 */
export function staffingOrder<D extends { id: number; expectedCloseDate: IsoDate | null }>(
  deals: readonly D[],
  scenario: readonly ScenarioDeal[],
): D[] {
  const status = new Map(scenario.map((s, i) => [s.id, { ...s, i }]));
  const won = deals
    .filter((d) => status.get(d.id)?.status === 'won')
    .sort((a, b) => status.get(a.id)!.i - status.get(b.id)!.i);
  const rest = deals
    .filter((d) => !status.has(d.id) || status.get(d.id)!.status === 'tentative')
    .sort(
      (a, b) =>
        (a.expectedCloseDate ?? '9999').localeCompare(b.expectedCloseDate ?? '9999') || a.id - b.id,
    );
  return [...won, ...rest];
}

/**
 * Free hours by role and week from people's weeks: each person's free hours (never below 0, an
 * over-allocated person frees no one else) added to their role's; no role is 'No role'.
 */
export const NO_ROLE = 'No role';
export function freeByRole(
  people: readonly {
    role: string | null;
    weeks: readonly { weekStart: IsoDate; freeHours: number }[];
  }[],
): FreeByRole {
  const free: FreeByRole = new Map();
  for (const p of people) {
    const role = p.role?.trim() || NO_ROLE;
    const byWeek = free.get(role) ?? new Map<IsoDate, number>();
    free.set(role, byWeek);
    for (const w of p.weeks)
      byWeek.set(
        w.weekStart,
        roundHours((byWeek.get(w.weekStart) ?? 0) + Math.max(0, w.freeHours)),
      );
  }
  return free;
}

/** A role's free hours by team and week: the heat-map's team rows under each role. */
export type FreeByRoleAndTeam = Map<string, Map<string, Map<IsoDate, number>>>;

/** Free hours by role, then by the roster's team, then by week: `freeByRole` split by team. */
export function freeByRoleAndTeam(
  people: readonly {
    role: string | null;
    team: string;
    weeks: readonly { weekStart: IsoDate; freeHours: number }[];
  }[],
): FreeByRoleAndTeam {
  const free: FreeByRoleAndTeam = new Map();
  for (const p of people) {
    const role = p.role?.trim() || NO_ROLE;
    const teams = free.get(role) ?? new Map<string, Map<IsoDate, number>>();
    free.set(role, teams);
    const byWeek = teams.get(p.team) ?? new Map<IsoDate, number>();
    teams.set(p.team, byWeek);
    for (const w of p.weeks)
      byWeek.set(
        w.weekStart,
        roundHours((byWeek.get(w.weekStart) ?? 0) + Math.max(0, w.freeHours)),
      );
  }
  return free;
}

/**
 * A team's hours left in a week once deals took their role's hours: deals are staffed by role,
 * not team, so the role's taken hours are drawn from its teams in proportion to their free hours.
 * The teams' hours left add up to the role's (to rounding).
 */
export function teamHoursLeft(teamFree: number, roleFree: number, roleLeft: number): number {
  if (roleFree <= 0 || teamFree <= 0) return 0;
  return roundHours((teamFree * Math.max(0, roleLeft)) / roleFree);
}

/** A deal as a scenario staffs it: its hours by role, or why it has none. */
export interface StaffableDeal {
  id: number;
  expectedCloseDate: IsoDate | null;
  /** Null when it cannot be turned into hours (no exchange rate, no hourly rate). */
  byRole: readonly { role: string; hours: number }[] | null;
  /** The week it starts from unless a scenario moves it: its expected close, not before this week. */
  from: IsoDate;
}

export interface ScenarioPlan {
  /** Staffing order of the deals with hours that are not lost. */
  planned: PlannedDeal[];
  freeAfter: FreeByRole;
  /** Each deal's start week as the scenario has it (moved or not). */
  fromOf: Map<number, IsoDate>;
}

/**
 * A scenario applied: lost deals and deals without hours left out, won ones first, starts moved,
 * each deal's earliest start found. The same on the server and in the browser.
 */
export function planScenario(
  deals: readonly StaffableDeal[],
  free: FreeByRole,
  scenario: readonly ScenarioDeal[],
  options: { firstWeek: IsoDate; horizonWeeks: number; dealWeeks: number },
): ScenarioPlan {
  const marks = new Map(scenario.map((s) => [s.id, s]));
  const firstWeek = weekStartOf(options.firstWeek);
  const fromOf = new Map<number, IsoDate>();
  for (const d of deals) {
    const start = marks.get(d.id)?.start;
    const from = start ? weekStartOf(start) : d.from;
    fromOf.set(d.id, from < firstWeek ? firstWeek : from);
  }
  const staffable = deals.filter((d) => d.byRole !== null && marks.get(d.id)?.status !== 'lost');
  const ordered = staffingOrder(staffable, scenario);
  const { deals: planned, freeAfter } = planDeals(
    ordered.map((d) => ({ id: d.id, byRole: d.byRole!, from: fromOf.get(d.id)! })),
    free,
    options,
  );
  return { planned, freeAfter, fromOf };
}
