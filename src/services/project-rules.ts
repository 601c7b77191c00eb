/**
 * The Projects tab's pure rules (product spec §2, §4, §5, §9 and design §5): percentages,
 * gauge and status colours, retainer and sprint progress, billing staleness. Kept apart from
 * the week arithmetic in metrics.ts (which re-exports all of this) so that an island needing
 * only these rules does not load date-fns' formatting and parsing: esbuild shares code between
 * islands file by file.
 */
import { isValid } from 'date-fns';

// ---------------------------------------------------------------------------
// Percentages and gauges (spec §2, §9)

/** Clamps a percentage to 0..100: progress bars and the gauge ring never pass 100 (spec §9). */
export function capPercent(p: number): number {
  if (Number.isNaN(p)) return 0;
  return Math.min(100, Math.max(0, p));
}

/** Rounded share of `part` in `whole` as a percentage, 0 when there is no whole. */
export function percentOf(part: number, whole: number): number {
  if (!whole) return 0;
  // `+ 0` turns a rounded -0 into 0 so it never renders as "-0%".
  return Math.round((part / whole) * 100) + 0;
}

export type GaugeColor = 'red' | 'green' | 'amber';

/** The circular gauge: red at 99 or above, green at 70 or above, otherwise amber (spec §2). */
export function gaugeColor(percent: number): GaugeColor {
  if (percent >= 99) return 'red';
  if (percent >= 70) return 'green';
  return 'amber';
}

// ---------------------------------------------------------------------------
// Retainer periods (spec §4, §5)

export type RetainerProgress = {
  completed: number;
  total: number;
  percentage: number;
  /** True only when there are periods and every one is COMPLETED (the red warning icon). */
  allCompleted: boolean;
};

/** Only COMPLETED periods count as done; the percentage is rounded, 0 when there are none. */
export function retainerProgress(periods: readonly { status: string }[]): RetainerProgress {
  const total = periods.length;
  const completed = periods.filter((p) => p.status === 'COMPLETED').length;
  return {
    completed,
    total,
    percentage: percentOf(completed, total),
    allCompleted: total > 0 && completed === total,
  };
}

export type RetainerStatusColor = 'green' | 'blue' | 'grey' | 'red';

const RETAINER_STATUS_COLORS: Record<string, RetainerStatusColor> = {
  COMPLETED: 'green',
  ACTIVE: 'blue',
  DRAFT: 'grey',
  CANCELLED: 'red',
};

/** Retainer period badge: COMPLETED green, ACTIVE blue, DRAFT grey, CANCELLED red, unknown grey. */
export function retainerStatusColor(status: string): RetainerStatusColor {
  return RETAINER_STATUS_COLORS[status] ?? 'grey';
}

// ---------------------------------------------------------------------------
// Tickets and sprints (spec §2, design §5)

/** Completion Rate of the project overview: rounded percent, 0 when there are no tickets. */
export function completionRate(completed: number, total: number): number {
  return percentOf(completed, total);
}

/** Blocked tickets: the status name contains 'blocked' or 'impediment', in any case. */
export function isBlockedStatus(name: string): boolean {
  const n = name.toLowerCase();
  return n.includes('blocked') || n.includes('impediment');
}

/**
 * Descoped sprint tickets: the status name says descoped, won't do (or wont do) or
 * cancelled/canceled, in any case. Typographic apostrophes count too (Jira admins type them).
 */
export function isDescopedStatus(name: string): boolean {
  const n = name.toLowerCase().replace(/[\u2018\u2019\u02bc]/g, "'");
  return (
    n.includes('descoped') ||
    n.includes("won't do") ||
    n.includes('wont do') ||
    n.includes('cancelled') ||
    n.includes('canceled')
  );
}

/** 'Progress (including descoped)': (completed + descoped) / total, rounded, 0 with no tickets. */
export function sprintProgress(sprint: { completed: number; descoped: number; total: number }): number {
  return percentOf(sprint.completed + sprint.descoped, sprint.total);
}

export type StatusColor = 'green' | 'blue' | 'purple' | 'amber' | 'red' | 'grey' | 'cyan' | 'violet';

// Order matters: the first keyword found wins, as the spec lists them.
const STATUS_KEYWORDS: readonly (readonly [StatusColor, readonly string[]])[] = [
  ['green', ['done', 'closed']],
  ['blue', ['progress', 'development']],
  ['purple', ['testing', 'qa']],
  ['amber', ['review', 'uat']],
  ['red', ['blocked', 'impediment']],
  ['grey', ['todo', 'to do', 'backlog']],
  ['cyan', ['ready']],
];

/** Ticket status colour by name keyword (spec §2); anything unmatched is violet. */
export function statusColor(name: string): StatusColor {
  const n = name.toLowerCase();
  for (const [color, keywords] of STATUS_KEYWORDS) {
    if (keywords.some((k) => n.includes(k))) return color;
  }
  return 'violet';
}

// ---------------------------------------------------------------------------
// Billing (spec §4, §9, design §5)

/** Billing data is stale after 24 hours (spec §9). */
export const BILLING_STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * True when billing was never synced, or last synced more than 24 hours before `now`.
 * An unreadable timestamp counts as never synced, so the sync button still asks for a sync.
 */
export function isBillingStale(lastSync: Date | string | null, now: Date): boolean {
  if (lastSync === null || lastSync === '') return true;
  const at = lastSync instanceof Date ? lastSync : new Date(lastSync);
  if (!isValid(at)) return true;
  return now.getTime() - at.getTime() > BILLING_STALE_AFTER_MS;
}

export type BillingPercentages = { sentPercentage: number; paidPercentage: number };

/** Sent % and Paid % as rounded shares of the project value, 0 when the value is 0 (design §5). */
export function billingPercentages(billing: { projectValue: number; sent: number; paid: number }): BillingPercentages {
  if (!(billing.projectValue > 0)) return { sentPercentage: 0, paidPercentage: 0 };
  return {
    sentPercentage: percentOf(billing.sent, billing.projectValue),
    paidPercentage: percentOf(billing.paid, billing.projectValue),
  };
}
