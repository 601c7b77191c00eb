/**
 * Billing figures of a project (docs/product-spec.md, "Business constants and limits";
 * docs/design.md, "Rules the spec leaves open"): when the stored billing is stale, and the
 * Sent % and Paid % bars.
 */
import { percentOf } from './percent';

/** Billing data is stale after 24 hours (docs/product-spec.md, "Business constants and limits"). */
export const BILLING_STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * True when billing was never synced, or last synced more than 24 hours before `now`.
 * An unreadable timestamp counts as never synced, so the sync button still asks for a sync.
 */
export function isBillingStale(lastSync: Date | string | null, now: Date): boolean {
  if (lastSync === null || lastSync === '') return true;
  const at = lastSync instanceof Date ? lastSync : new Date(lastSync);
  if (Number.isNaN(at.getTime())) return true;
  return now.getTime() - at.getTime() > BILLING_STALE_AFTER_MS;
}

export type BillingPercentages = { sentPercentage: number; paidPercentage: number };

/**
 * Sent % and Paid % as rounded shares of the project value, 0 when the value is 0 (docs/design.md,
 * "Rules the spec leaves open").
 */
export function billingPercentages(billing: {
  projectValue: number;
  sent: number;
  paid: number;
}): BillingPercentages {
  if (!(billing.projectValue > 0)) return { sentPercentage: 0, paidPercentage: 0 };
  return {
    sentPercentage: percentOf(billing.sent, billing.projectValue),
    paidPercentage: percentOf(billing.paid, billing.projectValue),
  };
}
