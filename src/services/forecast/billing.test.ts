import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { costRateOn } from '../../shared/money';
import {
  costPeriodRanges,
  deriveRetainerPeriods,
  entryAmount,
  invoiceShares,
  projectBilling,
  retainerCounts,
  splitDate,
} from './billing';
import { retainerStatus } from '../../shared/retainer';
import type { ForecastCostPeriod, ForecastInvoice, ForecastRetainerPeriod } from './schemas';

type InvoiceInput = Omit<Partial<ForecastInvoice>, 'entries' | 'payments'> & {
  entries: { project_id: number | null; quantity: number; unit_price: number; discount?: number }[];
  payments?: number[];
};

let nextId = 1;
function invoice({ entries, payments = [], ...rest }: InvoiceInput): ForecastInvoice {
  const id = nextId++;
  return {
    id,
    project_id: entries[0]?.project_id ?? null,
    created_date: '2025-03-17',
    due_date: '2025-04-16',
    status: 'SENT',
    currency: 'USD',
    ...rest,
    entries: entries.map((e) => ({ id: nextId++, name: 'line', discount: 0, tax: 10, ...e })),
    payments: payments.map((amount) => ({ id: nextId++, amount, date: '2025-03-28' })),
  };
}

const ACME = 4021;
const GLOBEX = 4022;

describe('invoice entry amounts', () => {
  it('multiplies quantity by unit price and leaves tax out', () => {
    expect(entryAmount({ quantity: 1, unit_price: 2400, discount: 0 })).toBe(2400);
    expect(entryAmount({ quantity: 7.5, unit_price: 150, discount: 0 })).toBe(1125);
  });

  it('takes the discount as a percentage of the line', () => {
    // 10 h × $150 = $1,500, less 10% = $1,350.
    expect(entryAmount({ quantity: 10, unit_price: 150, discount: 10 })).toBe(1350);
    expect(entryAmount({ quantity: 3, unit_price: 99.99, discount: 12.5 })).toBe(262.47);
  });
});

describe('billing of a project from its invoices', () => {
  // The example invoice of docs/reference/forecast-api.md, "Invoices": two retainer weeks of $2,400
  // (+10% tax), $2,400 paid, due 2025-04-16.
  const reference = invoice({
    entries: [
      { project_id: ACME, quantity: 1, unit_price: 2400 },
      { project_id: ACME, quantity: 1, unit_price: 2400 },
    ],
    payments: [2400],
  });

  it('totals the reference invoice tax excluded: created, invoiced and sent $4,800, paid $2,400', () => {
    const billing = projectBilling(invoiceShares([reference]), {
      forecastProjectId: ACME,
      projectValue: 48_000,
      today: '2025-04-01',
    });
    expect(billing).toEqual({
      currency: 'USD',
      totalCreated: 4800,
      totalInvoiced: 4800,
      totalSent: 4800,
      totalPaid: 2400,
      overdue: 0,
      sentPercentage: 10,
      paidPercentage: 5,
    });
  });

  it('counts the unpaid remainder as overdue from the day after the due date', () => {
    const shares = invoiceShares([reference]);
    expect(
      projectBilling(shares, { forecastProjectId: ACME, projectValue: 0, today: '2025-04-16' })
        .overdue,
    ).toBe(0);
    expect(
      projectBilling(shares, { forecastProjectId: ACME, projectValue: 0, today: '2025-04-17' })
        .overdue,
    ).toBe(2400);
  });

  it('counts drafts as created only, approved invoices as invoiced but not sent', () => {
    const draft = invoice({
      status: 'DRAFT',
      due_date: '2025-01-01',
      entries: [{ project_id: ACME, quantity: 10, unit_price: 100 }],
    });
    const approved = invoice({
      status: 'APPROVED',
      due_date: '2025-01-01',
      entries: [{ project_id: ACME, quantity: 5, unit_price: 100 }],
    });
    const billing = projectBilling(invoiceShares([draft, approved]), {
      forecastProjectId: ACME,
      projectValue: 10_000,
      today: '2025-02-01',
    });
    expect(billing.totalCreated).toBe(1500);
    expect(billing.totalInvoiced).toBe(500);
    expect(billing.totalSent).toBe(0);
    // The approved invoice is past due and unpaid; the draft never is overdue.
    expect(billing.overdue).toBe(500);
  });

  it('shares the payments of an invoice spanning two projects pro rata to their entries', () => {
    // Acme 20 h × $150 = $3,000, Globex 60 h × $130 = $7,800; total $10,800, $5,400 paid (half).
    const spanning = invoice({
      entries: [
        { project_id: ACME, quantity: 20, unit_price: 150 },
        { project_id: GLOBEX, quantity: 60, unit_price: 130 },
      ],
      payments: [5400],
      due_date: '2025-04-01',
    });
    const shares = invoiceShares([spanning]);
    const acme = projectBilling(shares, {
      forecastProjectId: ACME,
      projectValue: 30_000,
      today: '2025-05-01',
    });
    const globex = projectBilling(shares, {
      forecastProjectId: GLOBEX,
      projectValue: 78_000,
      today: '2025-05-01',
    });
    expect(acme).toMatchObject({
      totalCreated: 3000,
      totalInvoiced: 3000,
      totalPaid: 1500,
      overdue: 1500,
      paidPercentage: 5,
    });
    expect(globex).toMatchObject({
      totalCreated: 7800,
      totalInvoiced: 7800,
      totalPaid: 3900,
      overdue: 3900,
      paidPercentage: 5,
    });
  });

  it('gives an entry without a project to the invoice project, and rounds shares to cents', () => {
    const three = invoice({
      project_id: ACME,
      entries: [
        { project_id: null, quantity: 1, unit_price: 100 },
        { project_id: GLOBEX, quantity: 1, unit_price: 100 },
        { project_id: 4023, quantity: 1, unit_price: 100 },
      ],
      payments: [100],
    });
    const shares = invoiceShares([three]);
    expect(shares.map((s) => [s.forecastProjectId, s.amount, s.paid])).toEqual([
      [ACME, 100, 33.33],
      [GLOBEX, 100, 33.33],
      [4023, 100, 33.33],
    ]);
  });

  it('never counts an overpaid invoice as overdue, and ignores other projects', () => {
    const overpaid = invoice({
      due_date: '2025-01-01',
      entries: [{ project_id: ACME, quantity: 1, unit_price: 100 }],
      payments: [120],
    });
    const other = invoice({
      due_date: '2025-01-01',
      entries: [{ project_id: GLOBEX, quantity: 1, unit_price: 999 }],
    });
    const billing = projectBilling(invoiceShares([overpaid, other]), {
      forecastProjectId: ACME,
      projectValue: 100,
      today: '2025-06-01',
    });
    expect(billing).toMatchObject({
      totalInvoiced: 100,
      totalPaid: 120,
      overdue: 0,
      paidPercentage: 120,
    });
  });

  it('gives 0% sent and paid when the project has no value', () => {
    const billing = projectBilling(invoiceShares([reference]), {
      forecastProjectId: ACME,
      projectValue: 0,
      today: '2025-04-01',
    });
    expect(billing.sentPercentage).toBe(0);
    expect(billing.paidPercentage).toBe(0);
  });

  it('keeps each share in its invoice currency', () => {
    const aud = invoice({
      currency: 'AUD',
      entries: [{ project_id: ACME, quantity: 1, unit_price: 900 }],
    });
    expect(invoiceShares([aud]).map((share) => [share.currency, share.amount])).toEqual([
      ['AUD', 900],
    ]);
  });

  it('totals in the currency of the latest invoice and never adds an invoice in another', () => {
    const older = invoice({
      currency: 'USD',
      created_date: '2025-02-01',
      entries: [{ project_id: ACME, quantity: 1, unit_price: 1000 }],
    });
    const newer = invoice({
      currency: 'EUR',
      created_date: '2025-03-01',
      entries: [{ project_id: ACME, quantity: 1, unit_price: 300 }],
    });
    const billing = projectBilling(invoiceShares([older, newer]), {
      forecastProjectId: ACME,
      projectValue: 0,
      today: '2025-03-02',
    });
    expect(billing.currency).toBe('EUR');
    expect(billing.totalCreated).toBe(300);
    expect(billing.totalInvoiced).toBe(300);
  });

  it('has no billing currency before the first invoice', () => {
    const billing = projectBilling([], {
      forecastProjectId: ACME,
      projectValue: 0,
      today: '2025-03-02',
    });
    expect(billing.currency).toBeNull();
    expect(billing.totalInvoiced).toBe(0);
  });
});

function period(
  p: Partial<ForecastRetainerPeriod> & { id: number; start: string; end: string },
): ForecastRetainerPeriod {
  const [sy, sm, sd] = p.start.split('-').map(Number) as [number, number, number];
  const [ey, em, ed] = p.end.split('-').map(Number) as [number, number, number];
  return {
    project_id: ACME,
    start_year: sy,
    start_month: sm,
    start_day: sd,
    end_year: ey,
    end_month: em,
    end_day: ed,
    retainer_budget_type: 'FIXED_PRICE',
    period_locked: false,
    period_target_minutes: 0,
    period_target_price: 0,
    actual_billable_minutes: 0,
    actual_billable_value_of_service: 0,
    ...p,
  };
}

describe('retainer periods', () => {
  it("turns the reference's locked fixed-price week into a COMPLETED period with its money", () => {
    const [week] = deriveRetainerPeriods(
      [
        period({
          id: 6603,
          start: '2025-03-10',
          end: '2025-03-16',
          period_locked: true,
          period_target_price: 2400,
          actual_billable_minutes: 1710,
          actual_billable_value_of_service: 2565,
        }),
      ],
      { today: '2025-03-20', hourlyRate: 150 },
    );
    expect(week).toEqual({
      id: 6603,
      period_number: 1,
      status: 'COMPLETED',
      locked: true,
      start_date: '2025-03-10',
      end_date: '2025-03-16',
      target_amount: 2400,
      actual_amount: 2565,
      actual_billable_minutes: 1710,
    });
  });

  it('numbers periods by start date whatever order Forecast lists them in', () => {
    const periods = deriveRetainerPeriods(
      [
        period({ id: 3, start: '2025-03-17', end: '2025-03-23' }),
        period({ id: 1, start: '2025-03-03', end: '2025-03-09' }),
        period({ id: 2, start: '2025-03-10', end: '2025-03-16' }),
      ],
      { today: '2025-03-01', hourlyRate: null },
    );
    expect(periods.map((p) => [p.id, p.period_number])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
  });

  it('is COMPLETED when locked or over, ACTIVE from its first to its last day, DRAFT before it starts', () => {
    const week = { startDate: '2025-03-10', endDate: '2025-03-16' };
    expect(retainerStatus({ ...week, locked: true }, '2025-03-01')).toBe('COMPLETED');
    expect(retainerStatus({ ...week, locked: false }, '2025-03-09')).toBe('DRAFT');
    expect(retainerStatus({ ...week, locked: false }, '2025-03-10')).toBe('ACTIVE');
    expect(retainerStatus({ ...week, locked: false }, '2025-03-16')).toBe('ACTIVE');
    // Over but not locked yet: its dates say it is done, so it is not a second ACTIVE period.
    expect(retainerStatus({ ...week, locked: false }, '2025-03-17')).toBe('COMPLETED');
    expect(retainerStatus({ ...week, locked: false }, '2025-04-30')).toBe('COMPLETED');
  });

  it('prices an hours target at the project rate: 40 h × $150 = $6,000; no rate gives $0', () => {
    const hours = period({
      id: 9,
      start: '2025-03-10',
      end: '2025-03-16',
      retainer_budget_type: 'FIXED_HOURS',
      period_target_minutes: 2400,
    });
    expect(
      deriveRetainerPeriods([hours], { today: '2025-03-12', hourlyRate: 150 })[0]!.target_amount,
    ).toBe(6000);
    expect(
      deriveRetainerPeriods([hours], { today: '2025-03-12', hourlyRate: null })[0]!.target_amount,
    ).toBe(0);
  });

  it('counts only COMPLETED periods as agreed weeks done', () => {
    const periods = deriveRetainerPeriods(
      [
        period({ id: 1, start: '2025-03-03', end: '2025-03-09', period_locked: true }),
        period({ id: 2, start: '2025-03-10', end: '2025-03-16' }),
        period({ id: 3, start: '2025-03-17', end: '2025-03-23' }),
      ],
      { today: '2025-03-12', hourlyRate: 100 },
    );
    expect(periods.map((p) => p.status)).toEqual(['COMPLETED', 'ACTIVE', 'DRAFT']);
    expect(retainerCounts(periods)).toEqual({ completed: 1, total: 3 });
  });

  it('builds dates from split fields with months 1-12', () => {
    expect(splitDate(2025, 3, 1)).toBe('2025-03-01');
    expect(splitDate(2024, 12, 31)).toBe('2024-12-31');
  });
});

describe('cost rates over time', () => {
  // The example of docs/reference/forecast-api.md, "Person cost periods": Mia costs $55/h until the
  // end of 2024, then $62.50/h.
  const mia: ForecastCostPeriod[] = [
    { id: 301, person_id: 12, cost: 55 },
    { id: 388, person_id: 12, start_year: 2025, start_month: 1, start_day: 1, cost: 62.5 },
  ];

  it('turns cost periods into ranges ending the day before the next one starts', () => {
    expect(costPeriodRanges(mia)).toEqual([
      { id: 301, personId: 12, startDate: null, endDate: '2024-12-31', cost: 55 },
      { id: 388, personId: 12, startDate: '2025-01-01', endDate: null, cost: 62.5 },
    ]);
  });

  it('uses the rate in force on the day, then the person cost, then $100/h', () => {
    const ranges = costPeriodRanges(mia);
    const rangesOf = (personId: number) => ranges.filter((r) => r.personId === personId);
    expect(costRateOn(rangesOf(12), '2024-12-31', 62.5)).toBe(55);
    expect(costRateOn(rangesOf(12), '2025-01-01', 62.5)).toBe(62.5);
    expect(costRateOn(rangesOf(19), '2025-01-01', 70)).toBe(70);
    expect(costRateOn(rangesOf(19), '2025-01-01', null)).toBe(100);
  });

  it('agrees with costRateOn on every day, whatever the periods', () => {
    const day = fc
      .integer({ min: 0, max: 60 })
      .map((n) => new Date(Date.UTC(2025, 0, 1 + n)).toISOString().slice(0, 10));
    const costPeriod = fc.record({
      id: fc.integer({ min: 1, max: 10_000 }),
      person_id: fc.constantFrom(1, 2),
      start: fc.option(day, { nil: null }),
      cost: fc.integer({ min: 1, max: 200 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(costPeriod, { selector: (p) => p.id, maxLength: 6 }),
        day,
        (raw, date) => {
          const periods: ForecastCostPeriod[] = raw.map((p) => {
            const [y, m, d] = p.start
              ? (p.start.split('-').map(Number) as [number, number, number])
              : [];
            return {
              id: p.id,
              person_id: p.person_id,
              start_year: y ?? null,
              start_month: m ?? null,
              start_day: d ?? null,
              cost: p.cost,
            };
          });
          const ranges = costPeriodRanges(periods);
          for (const personId of [1, 2]) {
            const inForce = ranges.filter(
              (r) =>
                r.personId === personId &&
                (r.startDate === null || r.startDate <= date) &&
                (r.endDate === null || date <= r.endDate),
            );
            // At most one range holds any day, and it is the rate costRateOn picks from the raw periods (in id order).
            expect(inForce.length).toBeLessThanOrEqual(1);
            const expected = costRateOn(
              periods
                .filter((p) => p.person_id === personId)
                .sort((a, b) => a.id - b.id)
                .map((p) => ({
                  startDate: p.start_year
                    ? splitDate(p.start_year, p.start_month!, p.start_day!)
                    : null,
                  cost: p.cost,
                })),
              date,
              null,
            );
            expect(inForce[0]?.cost ?? 100).toBe(expected);
          }
        },
      ),
    );
  });
});
