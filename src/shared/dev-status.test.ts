import { describe, expect, it } from 'vitest';
import { BILLING_BLOCKED_AFTER_DAYS, billingBlockedHint } from './dev-status';

describe('billingBlockedHint', () => {
  it('suggests Billing Blocked only once the oldest unpaid invoice is overdue longer than the threshold', () => {
    expect(BILLING_BLOCKED_AFTER_DAYS).toBe(30);
    // Due 2026-10-01: 30 days overdue on 2026-10-31 is not yet longer than 30; 31 is.
    expect(
      billingBlockedHint({ devStatus: 'Active', overdueSince: '2026-10-01' }, '2026-10-31'),
    ).toBeNull();
    expect(
      billingBlockedHint({ devStatus: 'Active', overdueSince: '2026-10-01' }, '2026-11-01'),
    ).toBe(31);
    expect(
      billingBlockedHint({ devStatus: 'On Hold', overdueSince: '2026-01-15' }, '2026-11-23'),
    ).toBe(312);
  });

  it('says nothing without an overdue invoice, or when the status already says it', () => {
    expect(
      billingBlockedHint({ devStatus: 'Active', overdueSince: null }, '2026-11-23'),
    ).toBeNull();
    expect(billingBlockedHint({ devStatus: 'Active' }, '2026-11-23')).toBeNull();
    expect(
      billingBlockedHint(
        { devStatus: 'Billing Blocked', overdueSince: '2026-01-01' },
        '2026-11-23',
      ),
    ).toBeNull();
    expect(
      billingBlockedHint({ devStatus: 'Finished', overdueSince: '2026-01-01' }, '2026-11-23'),
    ).toBeNull();
  });
});
