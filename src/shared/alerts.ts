/**
 * Alert rules (docs/decisions/200-alert-rules.md): eight pure functions over stored figures, each
 * against a threshold admins edit in settings. Each answers a finding (what it is about, the
 * numbers that triggered it, one sentence) or null when all is well. Browser-safe: the settings
 * form and the alert list share the labels, defaults and bounds.
 */
import { differenceInCalendarDays } from 'date-fns';
import { type IsoDate, parseIsoDate } from './calendar';
import { formatDate } from './format';
import { marginPercent, roundMoney } from './money';
import { percentText, roundPercent } from './percent';
import { type CurrencyCode, formatMoney } from './currency';
import { type BudgetBurn, burnsPastAlert } from './budget-burn';
import { type Ability, can, type Role } from './roles';

export const ALERT_RULES = [
  'overdue',
  'budget_burn',
  'retainer',
  'margin',
  'velocity',
  'blocked',
  'stale',
  'availability',
] as const;
export type AlertRule = (typeof ALERT_RULES)[number];

/** Rules about money: their alerts reach admins only, in the app, the API, the digest and Slack. */
export const MONEY_RULES: ReadonlySet<AlertRule> = new Set<AlertRule>([
  'overdue',
  'budget_burn',
  'retainer',
  'margin',
]);
export const isMoneyRule = (rule: AlertRule) => MONEY_RULES.has(rule);

/**
 * What acting on each rule's alert takes (docs/decisions/392-alerts-people-can-act-on.md): an
 * alert reaches only the roles with that ability. Money is admins'; the delivery side (velocity,
 * blocked tickets, availability) is staff's and admins'; a stale sync needs Sync now, admins'.
 */
export const RULE_ABILITY: Record<AlertRule, Ability> = {
  overdue: 'money.view',
  budget_burn: 'money.view',
  retainer: 'money.view',
  margin: 'money.view',
  velocity: 'developers.availability',
  blocked: 'project.team',
  stale: 'sync.run',
  availability: 'developers.availability',
};

/** The rules whose alerts a role can act on, and so reads. */
export function alertRulesFor(role: Role): AlertRule[] {
  return ALERT_RULES.filter((rule) => can(role, RULE_ABILITY[rule]));
}

export const RULE_LABELS: Record<AlertRule, string> = {
  overdue: 'Overdue invoice',
  budget_burn: 'Budget burn',
  retainer: 'Retainer forecast',
  margin: 'Gross margin',
  velocity: 'Low velocity',
  blocked: 'Blocked tickets',
  stale: 'Stale data',
  availability: 'Availability missing',
};

export interface AlertThresholds {
  /** Overdue amount above 0 for at least this many days. */
  overdueDays: number;
  /** Internal cost or invoiced reaches this % of the project value. */
  budgetBurnPercent: number;
  /** The retainer forecast lands more than this % over or under target. */
  retainerPercent: number;
  /** Gross margin % over the last four weeks below this. */
  marginPercent: number;
  /** Team velocity below this % two finished weeks running. */
  velocityPercent: number;
  /** Blocked tickets in the active sprint at or above this. */
  blockedTickets: number;
  /** Last successful sync older than this many hours (or the last run failed). */
  staleHours: number;
  /** Weekday (1 Monday … 5 Friday) from which a missing next-week availability is reminded. */
  availabilityFromWeekday: number;
}

export const DEFAULT_THRESHOLDS: AlertThresholds = {
  overdueDays: 14,
  budgetBurnPercent: 80,
  retainerPercent: 10,
  marginPercent: 30,
  velocityPercent: 60,
  blockedTickets: 5,
  staleHours: 6,
  availabilityFromWeekday: 4,
};

/** Bounds, unit and label of each threshold: the server validates with them, the form shows them. */
export const THRESHOLD_FIELDS: Record<
  keyof AlertThresholds,
  { label: string; min: number; max: number; integer: boolean; unit: string; rule: AlertRule }
> = {
  overdueDays: {
    label: 'Overdue for at least',
    min: 1,
    max: 365,
    integer: true,
    unit: 'days',
    rule: 'overdue',
  },
  budgetBurnPercent: {
    label: 'Budget burn at',
    min: 1,
    max: 1000,
    integer: true,
    unit: '% of value used',
    rule: 'budget_burn',
  },
  retainerPercent: {
    label: 'Retainer forecast off target by more than',
    min: 1,
    max: 100,
    integer: true,
    unit: '%',
    rule: 'retainer',
  },
  marginPercent: {
    label: 'Gross margin (last 4 weeks) below',
    min: -100,
    max: 100,
    integer: true,
    unit: '%',
    rule: 'margin',
  },
  velocityPercent: {
    label: 'Velocity two weeks running below',
    min: 1,
    max: 200,
    integer: true,
    unit: '%',
    rule: 'velocity',
  },
  blockedTickets: {
    label: 'Blocked tickets in the active sprint at',
    min: 1,
    max: 1000,
    integer: true,
    unit: 'tickets',
    rule: 'blocked',
  },
  staleHours: {
    label: 'Last successful sync older than',
    min: 1,
    max: 168,
    integer: true,
    unit: 'hours',
    rule: 'stale',
  },
  availabilityFromWeekday: {
    label: 'Remind of next week’s availability from',
    min: 1,
    max: 5,
    integer: true,
    unit: 'weekday (1 Mon … 5 Fri)',
    rule: 'availability',
  },
};

/** What a rule found: the subject it is about, its numbers and one sentence for people. */
export interface AlertFinding {
  rule: AlertRule;
  /** 'project:<id>', 'agency' or 'developer:<account id>': one open alert per rule and subject. */
  subject: string;
  projectId: number | null;
  numbers: Record<string, number | string | null>;
  message: string;
}

const projectSubject = (id: number) => `project:${id}`;

export function overdueRule(
  p: {
    projectId: number;
    name: string;
    overdueAmount: number;
    overdueSince: IsoDate | null;
    /** The project's billing currency. */
    currency: CurrencyCode;
  },
  today: IsoDate,
  t: Pick<AlertThresholds, 'overdueDays'>,
): AlertFinding | null {
  if (!(p.overdueAmount > 0) || !p.overdueSince) return null;
  const days = differenceInCalendarDays(parseIsoDate(today), parseIsoDate(p.overdueSince));
  if (days < t.overdueDays) return null;
  return {
    rule: 'overdue',
    subject: projectSubject(p.projectId),
    projectId: p.projectId,
    numbers: {
      overdueAmount: p.overdueAmount,
      daysOverdue: days,
      dueDate: p.overdueSince,
      currency: p.currency,
    },
    message: `${p.name}: ${formatMoney(p.overdueAmount, p.currency)} overdue for ${days} days (due ${formatDate(p.overdueSince)}).`,
  };
}

/**
 * Open when the project's share of budget used, exactly as the Budget Burn tab prints it, is at
 * or past the threshold (`burnsPastAlert`, docs/decisions/386). Invoiced is in the numbers, as
 * the tab shows it beside, and never opens the alert on its own.
 */
export function budgetBurnRule(
  p: {
    projectId: number;
    name: string;
    /** `budgetBurn`'s figures for the project. */
    burn: Pick<
      BudgetBurn,
      'projectValue' | 'costToDate' | 'invoicedToDate' | 'usedPercent' | 'invoicedPercent'
    >;
    /** Of the value, the cost and the invoices alike (budget burn needs them in one). */
    currency: CurrencyCode;
  },
  t: Pick<AlertThresholds, 'budgetBurnPercent'>,
): AlertFinding | null {
  const { burn } = p;
  if (!burnsPastAlert(burn.usedPercent, t.budgetBurnPercent)) return null;
  return {
    rule: 'budget_burn',
    subject: projectSubject(p.projectId),
    projectId: p.projectId,
    numbers: {
      projectValue: burn.projectValue,
      costToDate: burn.costToDate,
      invoicedToDate: burn.invoicedToDate,
      costPercent: burn.usedPercent,
      invoicedPercent: burn.invoicedPercent,
      threshold: t.budgetBurnPercent,
      currency: p.currency,
    },
    message: `${p.name}: internal cost ${formatMoney(burn.costToDate, p.currency)} is ${burn.usedPercent}% of the ${formatMoney(burn.projectValue, p.currency)} project value.`,
  };
}

export function retainerRule(
  p: {
    projectId: number;
    name: string;
    target: number;
    projected: number;
    periodNumber: number;
    /** The retainer's currency (the project's billing currency). */
    currency: CurrencyCode;
  },
  t: Pick<AlertThresholds, 'retainerPercent'>,
): AlertFinding | null {
  if (!(p.target > 0)) return null;
  const offPercent = ((p.projected - p.target) / p.target) * 100;
  if (Math.abs(offPercent) <= t.retainerPercent) return null;
  const side = offPercent > 0 ? 'over' : 'under';
  return {
    rule: 'retainer',
    subject: projectSubject(p.projectId),
    projectId: p.projectId,
    numbers: {
      target: p.target,
      projected: roundMoney(p.projected),
      offPercent: roundPercent(offPercent),
      periodNumber: p.periodNumber,
      currency: p.currency,
    },
    message: `${p.name}: period ${p.periodNumber} heading ${percentText(Math.abs(offPercent))} ${side} target (${formatMoney(p.projected, p.currency)} projected against ${formatMoney(p.target, p.currency)}).`,
  };
}

/**
 * Margin over the last four weeks: invoices dated in them against the cost of the time logged in
 * them. Four weeks with nothing invoiced have no margin % (unbilled work is its own insight).
 */
export function marginRule(
  p: {
    projectId: number;
    name: string;
    invoiced: number;
    cost: number;
    /** The company currency: of the cost, and of the invoices counted. */
    currency: CurrencyCode;
  },
  t: Pick<AlertThresholds, 'marginPercent'>,
): AlertFinding | null {
  if (!(p.invoiced > 0)) return null;
  // The threshold is met or missed by the exact margin; the alert shows it as Gross Margins does.
  if (((p.invoiced - p.cost) / p.invoiced) * 100 >= t.marginPercent) return null;
  const percent = marginPercent(p.invoiced - p.cost, p.invoiced);
  return {
    rule: 'margin',
    subject: projectSubject(p.projectId),
    projectId: p.projectId,
    numbers: {
      invoiced: p.invoiced,
      cost: roundMoney(p.cost),
      marginPercent: percent,
      threshold: t.marginPercent,
      currency: p.currency,
    },
    message: `${p.name}: gross margin ${percent}% over the last 4 weeks (${formatMoney(p.invoiced, p.currency)} invoiced, ${formatMoney(p.cost, p.currency)} cost), below ${t.marginPercent}%.`,
  };
}

/** The last two finished weeks, oldest first; a week with no available points has no velocity. */
export function velocityRule(
  weeks: readonly { weekStart: IsoDate; velocityPercentage: number; availablePoints: number }[],
  t: Pick<AlertThresholds, 'velocityPercent'>,
): AlertFinding | null {
  if (weeks.length < 2) return null;
  const [a, b] = weeks.slice(-2) as [(typeof weeks)[number], (typeof weeks)[number]];
  if (a.availablePoints <= 0 || b.availablePoints <= 0) return null;
  if (a.velocityPercentage >= t.velocityPercent || b.velocityPercentage >= t.velocityPercent)
    return null;
  return {
    rule: 'velocity',
    subject: 'agency',
    projectId: null,
    numbers: {
      earlierWeek: a.weekStart,
      earlierVelocity: a.velocityPercentage,
      laterWeek: b.weekStart,
      laterVelocity: b.velocityPercentage,
      threshold: t.velocityPercent,
    },
    message: `Team velocity below ${t.velocityPercent}% two weeks running: ${a.velocityPercentage}% (week of ${formatDate(a.weekStart)}) and ${b.velocityPercentage}% (week of ${formatDate(b.weekStart)}).`,
  };
}

export function blockedRule(
  p: { projectId: number; name: string; sprintName: string; blocked: number },
  t: Pick<AlertThresholds, 'blockedTickets'>,
): AlertFinding | null {
  if (p.blocked < t.blockedTickets) return null;
  return {
    rule: 'blocked',
    subject: projectSubject(p.projectId),
    projectId: p.projectId,
    numbers: { blocked: p.blocked, sprint: p.sprintName, threshold: t.blockedTickets },
    message: `${p.name}: ${p.blocked} blocked tickets in the active sprint ${p.sprintName}.`,
  };
}

/** Agency-wide: the last successful refresh is too old, or the last refresh failed. */
export function staleRule(
  s: { lastSuccessAt: Date | null; lastFailed: { at: Date; reason: string } | null; now: Date },
  t: Pick<AlertThresholds, 'staleHours'>,
): AlertFinding | null {
  const hours =
    s.lastSuccessAt === null ? null : (s.now.getTime() - s.lastSuccessAt.getTime()) / 3_600_000;
  const old = hours === null || hours > t.staleHours;
  if (!old && !s.lastFailed) return null;
  // Nothing ever ran and nothing failed: a new install, not stale data.
  if (s.lastSuccessAt === null && !s.lastFailed) return null;
  const age = hours === null ? 'never' : `${Math.floor(hours)} hours ago`;
  return {
    rule: 'stale',
    subject: 'agency',
    projectId: null,
    numbers: {
      hoursSinceSuccess: hours === null ? null : Math.round(hours * 10) / 10,
      lastSuccessAt: s.lastSuccessAt?.toISOString() ?? null,
      lastFailure: s.lastFailed?.reason ?? null,
      threshold: t.staleHours,
    },
    message: s.lastFailed
      ? `The last refresh failed (${s.lastFailed.reason}); last successful sync ${age}.`
      : `Data is stale: the last successful sync was ${age} (limit ${t.staleHours} hours).`,
  };
}

/**
 * A tracked developer, employed next week, whose next week nothing describes, from the
 * threshold's weekday (Thursday by default) to the end of the week. A week is described by a day
 * saved by hand, by the person's Forecast calendar (working days, holidays and leave), or by the
 * week being confirmed as it is (docs/decisions/392-alerts-people-can-act-on.md).
 */
export function availabilityRule(
  d: {
    accountId: string;
    displayName: string;
    daysSavedNextWeek: number;
    employedNextWeek: boolean;
    /** Their person has a Forecast calendar, which describes the week. */
    forecastCalendar: boolean;
    /** Next week was confirmed as it is on the availability grid. */
    weekConfirmed: boolean;
  },
  today: IsoDate,
  nextWeekStart: IsoDate,
  t: Pick<AlertThresholds, 'availabilityFromWeekday'>,
): AlertFinding | null {
  const weekday = ((parseIsoDate(today).getDay() + 6) % 7) + 1; // 1 Monday … 7 Sunday
  if (weekday < t.availabilityFromWeekday) return null;
  if (!d.employedNextWeek || d.daysSavedNextWeek > 0) return null;
  if (d.forecastCalendar || d.weekConfirmed) return null;
  return {
    rule: 'availability',
    subject: `developer:${d.accountId}`,
    projectId: null,
    numbers: { developer: d.displayName, weekStart: nextWeekStart },
    message: `${d.displayName} has no availability for the week of ${formatDate(nextWeekStart)}: no Forecast calendar (link them on the roster), no day saved, and the week is not confirmed.`,
  };
}

/** An alert as the API answers it and the list shows it. */
export interface AlertJson {
  id: number;
  rule: AlertRule;
  ruleLabel: string;
  projectId: number | null;
  projectName: string | null;
  status: 'open' | 'closed';
  openedAt: string;
  lastSeenAt: string;
  closedAt: string | null;
  message: string;
  numbers: Record<string, number | string | null>;
  /** This person's acknowledgement or snooze (per person: others still see the alert). */
  acknowledgedAt: string | null;
  snoozedUntil: string | null;
}

export interface AlertsResponse {
  alerts: AlertJson[];
  /** Open alerts needing this person's attention: the bell's number. */
  attention: number;
}

/** Snooze lengths offered in the list, in hours. */
export const SNOOZE_CHOICES = [
  { hours: 4, label: '4 hours' },
  { hours: 24, label: '1 day' },
  { hours: 72, label: '3 days' },
  { hours: 168, label: '1 week' },
] as const;
export const MAX_SNOOZE_HOURS = 24 * 30;

/** Whether the alert still asks for this person's attention at `now`. */
export function needsAttention(a: AlertJson, now: Date): boolean {
  if (a.status !== 'open' || a.acknowledgedAt) return false;
  return !a.snoozedUntil || new Date(a.snoozedUntil) <= now;
}
