import { describe, expect, it } from 'vitest';
import {
  blockedShare,
  sortByUnbilledValue,
  type UnbilledRow,
  unbilledRow,
  unbilledTotals,
  unbilledValue,
  uninvoicedPeriods,
} from './unbilled';

const period = (periodNumber: number, startDate: string, endDate: string) => ({
  periodNumber,
  startDate,
  endDate,
});

describe('unbilled work', () => {
  it('values billable hours since the last invoice at the client rate, in cents', () => {
    // 1,270 minutes = 21.1666… hours × $150 = $3,175.
    expect(unbilledValue(1270, 150)).toBe(3175);
    // 1 minute × $125/h = 2.0833… → $2.08.
    expect(unbilledValue(1, 125)).toBe(2.08);
    expect(unbilledValue(0, 150)).toBe(0);
    // No rate, no value (the row says the rate is unknown rather than showing $0 as a fact).
    expect(unbilledValue(600, null)).toBe(0);
  });

  it('lists completed periods ending after the last invoice, none on its day', () => {
    const periods = [
      period(2, '2026-11-09', '2026-11-15'),
      period(1, '2026-11-02', '2026-11-08'),
      period(3, '2026-11-16', '2026-11-22'),
    ];
    expect(uninvoicedPeriods(periods, '2026-11-15').map((p) => p.periodNumber)).toEqual([3]);
    expect(uninvoicedPeriods(periods, '2026-11-14').map((p) => p.periodNumber)).toEqual([2, 3]);
    expect(uninvoicedPeriods(periods, null).map((p) => p.periodNumber)).toEqual([1, 2, 3]);
  });

  it('calls a sprint mostly blocked only past half its tickets', () => {
    expect(blockedShare(['Blocked', 'Impediment', 'In Progress'])).toEqual({
      blocked: 2,
      total: 3,
      mostly: true,
    });
    expect(blockedShare(['Blocked', 'Done']).mostly).toBe(false);
    expect(blockedShare([]).mostly).toBe(false);
  });

  it('puts a project’s figures in one row, flagging invoices sent over a blocked sprint', () => {
    const row = unbilledRow({
      projectId: 7,
      currency: 'USD',
      name: 'Globex',
      clientHourlyRate: 150,
      lastInvoiceDate: '2026-11-15',
      minutesSince: 1290,
      billableMinutesSince: 1270,
      pointsSince: 13,
      completedPeriods: [period(3, '2026-11-16', '2026-11-22')],
      invoiceSprints: [
        {
          invoiceReference: 'INV-9',
          invoiceDate: '2026-11-15',
          sprintName: 'Sprint 4',
          statusNames: ['blocked', 'Blocked', 'Done'],
        },
        {
          invoiceReference: 'INV-8',
          invoiceDate: '2026-10-18',
          sprintName: 'Sprint 2',
          statusNames: ['Done'],
        },
      ],
    });
    expect(row).toEqual({
      projectId: 7,
      name: 'Globex',
      currency: 'USD',
      lastInvoiceDate: '2026-11-15',
      hoursSince: 21.5,
      unbilledValue: 3175,
      rateKnown: true,
      pointsSince: 13,
      uninvoicedPeriods: [period(3, '2026-11-16', '2026-11-22')],
      invoicedWhileBlocked: [
        {
          invoiceReference: 'INV-9',
          invoiceDate: '2026-11-15',
          sprintName: 'Sprint 4',
          blocked: 2,
          total: 3,
        },
      ],
    });
  });

  it('sorts by unbilled value, then hours, then name', () => {
    const row = (name: string, unbilledValue: number, hoursSince: number) => ({
      projectId: 1,
      name,
      lastInvoiceDate: null,
      hoursSince,
      unbilledValue,
      rateKnown: true,
      currency: 'USD',
      pointsSince: 0,
      uninvoicedPeriods: [],
      invoicedWhileBlocked: [],
    });
    expect(
      sortByUnbilledValue([row('B', 0, 0), row('A', 0, 0), row('C', 500, 1), row('D', 0, 5)]).map(
        (r) => r.name,
      ),
    ).toEqual(['C', 'D', 'A', 'B']);
  });

  it('totals the unbilled value per currency, never adding two, and leaves out unknown rates', () => {
    const row = (unbilledValue: number, currency: string, rateKnown = true): UnbilledRow => ({
      projectId: 1,
      name: 'P',
      lastInvoiceDate: null,
      hoursSince: 1.25,
      unbilledValue,
      rateKnown,
      currency,
      pointsSince: 2,
      uninvoicedPeriods: [],
      invoicedWhileBlocked: [],
    });
    expect(
      unbilledTotals([
        row(100.005, 'USD'),
        row(200, 'AUD'),
        row(50.004, 'USD'),
        row(0, 'EUR', false),
      ]),
    ).toEqual({
      hoursSince: 5,
      unbilledValue: [
        { currency: 'USD', amount: 150.01 },
        { currency: 'AUD', amount: 200 },
      ],
      pointsSince: 8,
    });
  });
});
