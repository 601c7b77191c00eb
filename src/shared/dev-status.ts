/**
 * A project's development status, set by admins (docs/decisions/190-dev-status.md), and the hint
 * that suggests Billing Blocked when an invoice has been overdue too long. Browser-safe.
 */
import { differenceInCalendarDays } from 'date-fns';
import { type IsoDate, parseIsoDate } from './calendar';

export const DEV_STATUSES = ['Active', 'Billing Blocked', 'On Hold', 'Finished'] as const;
export type DevStatus = (typeof DEV_STATUSES)[number];

/** Days an invoice may stay overdue before the dashboard suggests Billing Blocked. */
export const BILLING_BLOCKED_AFTER_DAYS = 30;

/**
 * How many days the project's oldest unpaid invoice has been overdue, when that is longer than
 * BILLING_BLOCKED_AFTER_DAYS and the project is still Active or On Hold; else null. An invoice is
 * overdue from the day after its due date (docs/design.md, "Billing"). The admin confirms the
 * change: the hint never sets the status itself.
 */
export function billingBlockedHint(
  project: { devStatus: string; overdueSince?: IsoDate | null },
  today: IsoDate,
): number | null {
  if (project.devStatus !== 'Active' && project.devStatus !== 'On Hold') return null;
  if (!project.overdueSince) return null;
  const days = differenceInCalendarDays(parseIsoDate(today), parseIsoDate(project.overdueSince));
  return days > BILLING_BLOCKED_AFTER_DAYS ? days : null;
}
