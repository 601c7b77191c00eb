/**
 * How the /alerts list reads: alerts grouped by project, and each alert's numbers as people read
 * them (amounts in the currency the alert recorded, dates as 'Nov 15, 2026', hours as '26 hrs 30 min'), with the
 * shared formats of format.ts and money-format.ts. Browser-safe.
 */
import type { AlertJson, AlertRule } from './alerts';
import { dateTimeFormat } from './date-time-format';
import { formatDate, formatHours } from './format';
import { formatMoney } from './currency';
import { FIGURES } from './figures';

type NumberKind = 'money' | 'percent' | 'count' | 'hours' | 'date' | 'time' | 'text';

/** Each number an alert keeps: its label and how it reads. */
const ALERT_NUMBERS: Record<string, { label: string; kind: NumberKind }> = {
  overdueAmount: { label: 'Overdue', kind: 'money' },
  daysOverdue: { label: 'Days overdue', kind: 'count' },
  dueDate: { label: 'Due', kind: 'date' },
  projectValue: { label: 'Project value', kind: 'money' },
  costToDate: { label: 'Cost to date', kind: 'money' },
  invoicedToDate: { label: 'Invoiced to date', kind: 'money' },
  costPercent: { label: 'Cost %', kind: 'percent' },
  invoicedPercent: { label: 'Invoiced %', kind: 'percent' },
  threshold: { label: 'Threshold', kind: 'count' },
  target: { label: 'Target', kind: 'money' },
  projected: { label: 'Projected', kind: 'money' },
  offPercent: { label: 'Off target %', kind: 'percent' },
  periodNumber: { label: 'Period', kind: 'count' },
  invoiced: { label: 'Invoiced (4 weeks)', kind: 'money' },
  cost: { label: 'Cost (4 weeks)', kind: 'money' },
  marginPercent: { label: 'Margin %', kind: 'percent' },
  earlierWeek: { label: 'Week', kind: 'date' },
  earlierVelocity: { label: FIGURES.velocity.label, kind: 'percent' },
  laterWeek: { label: 'Then week', kind: 'date' },
  laterVelocity: { label: FIGURES.velocity.label, kind: 'percent' },
  blocked: { label: 'Blocked', kind: 'count' },
  sprint: { label: 'Sprint', kind: 'text' },
  hoursSinceSuccess: { label: 'Since last success', kind: 'hours' },
  lastSuccessAt: { label: 'Last success', kind: 'time' },
  lastFailure: { label: 'Last failure', kind: 'text' },
  // A person, not Forecast's role of the same name.
  developer: { label: 'Tracked person', kind: 'text' },
  weekStart: { label: 'Week of', kind: 'date' },
};

/** A threshold is in its rule's unit: percent, tickets or hours. */
const THRESHOLD_KINDS: Partial<Record<AlertRule, NumberKind>> = {
  budget_burn: 'percent',
  margin: 'percent',
  velocity: 'percent',
  blocked: 'count',
  stale: 'hours',
};

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

function numberText(
  kind: NumberKind,
  value: number | string,
  timeZone: string,
  currency: string | null,
): string {
  const n = typeof value === 'number' ? value : Number(value);
  switch (kind) {
    case 'money':
      // An alert from before amounts recorded their currency reads as a bare number.
      if (!Number.isFinite(n)) return String(value);
      return currency ? formatMoney(n, currency) : count.format(Math.round(n));
    case 'percent':
      return Number.isFinite(n) ? `${count.format(n)}%` : String(value);
    case 'count':
      return Number.isFinite(n) ? count.format(n) : String(value);
    case 'hours':
      return Number.isFinite(n) ? formatHours(n) : String(value);
    case 'date':
      return formatDate(String(value));
    case 'time': {
      const at = new Date(String(value));
      if (Number.isNaN(at.getTime())) return String(value);
      return dateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
        at,
      );
    }
    default:
      return String(value);
  }
}

export interface AlertNumberLine {
  key: string;
  label: string;
  text: string;
}

/** An alert's numbers, labelled and formatted; a missing value reads '—'. */
export function alertNumberLines(
  alert: Pick<AlertJson, 'rule' | 'numbers'>,
  timeZone: string,
): AlertNumberLine[] {
  const currency = typeof alert.numbers.currency === 'string' ? alert.numbers.currency : null;
  // The currency is how the amounts read, not a number of its own.
  const shown = Object.entries(alert.numbers).filter(([key]) => key !== 'currency');
  return shown.map(([key, value]) => {
    const known = ALERT_NUMBERS[key];
    const kind =
      key === 'threshold' ? (THRESHOLD_KINDS[alert.rule] ?? 'count') : (known?.kind ?? 'text');
    return {
      key,
      label: known?.label ?? key,
      text: value === null ? '—' : numberText(kind, value, timeZone, currency),
    };
  });
}

export interface AlertGroup {
  /** null for the agency-wide alerts (velocity, stale data, availability). */
  projectId: number | null;
  name: string;
  alerts: AlertJson[];
}

export const AGENCY_WIDE = 'Agency-wide';

/**
 * The alerts by project, each group in the order its first alert comes in the list (the list is
 * newest first, open before closed), and the agency-wide ones in a group of their own.
 */
export function groupAlertsByProject(alerts: readonly AlertJson[]): AlertGroup[] {
  const groups = new Map<number | null, AlertGroup>();
  for (const a of alerts) {
    let group = groups.get(a.projectId);
    if (!group) {
      group = {
        projectId: a.projectId,
        name: a.projectId === null ? AGENCY_WIDE : (a.projectName ?? `Project ${a.projectId}`),
        alerts: [],
      };
      groups.set(a.projectId, group);
    }
    group.alerts.push(a);
  }
  return [...groups.values()];
}
