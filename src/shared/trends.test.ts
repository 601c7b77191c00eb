import { describe, expect, it } from 'vitest';
import { trendTotals, trendWeeks } from './trends';

describe('12-week trends', () => {
  it('lists the weeks ending with the current one, oldest first, with zeros for quiet weeks', () => {
    const weeks = trendWeeks('2026-11-23', [], 3);
    expect(weeks.map((w) => w.weekStart)).toEqual(['2026-11-09', '2026-11-16', '2026-11-23']);
    expect(weeks.map((w) => w.isCurrent)).toEqual([false, false, true]);
    expect(weeks[0]).toMatchObject({ hours: 0, internalCost: 0, invoiced: 0, cumulativeMargin: 0 });
    expect(trendWeeks('2026-11-23', []).length).toBe(12);
  });

  it('turns minutes into hours and takes margin as invoiced less cost', () => {
    const [week] = trendWeeks(
      '2026-11-16',
      [
        // Two projects in the same week add up: 90 + 45 minutes = 2.25 hours.
        { weekStart: '2026-11-16', minutes: 90, cost: 150, invoiced: 1000 },
        { weekStart: '2026-11-16', minutes: 45, cost: 75.5, invoiced: 0 },
      ],
      1,
    );
    expect(week).toEqual({
      weekStart: '2026-11-16',
      hours: 2.25,
      internalCost: 225.5,
      invoiced: 1000,
      cumulativeMargin: 774.5,
      isCurrent: true,
    });
  });

  it('runs the margin on from week to week, so a week without an invoice is no invented loss', () => {
    // A month invoiced in one go: the weekly difference would read three losses and one spike.
    const weeks = trendWeeks(
      '2026-11-23',
      [
        { weekStart: '2026-11-02', minutes: 600, cost: 32502.6, invoiced: 0 },
        { weekStart: '2026-11-09', minutes: 600, cost: 32502.6, invoiced: 0 },
        { weekStart: '2026-11-16', minutes: 600, cost: 32502.6, invoiced: 0 },
        { weekStart: '2026-11-23', minutes: 600, cost: 32502.6, invoiced: 150000 },
      ],
      4,
    );
    expect(weeks.map((w) => w.cumulativeMargin)).toEqual([-32502.6, -65005.2, -97507.8, 19989.6]);
    // The last running value is the span's margin.
    expect(trendTotals(weeks).cumulativeMargin).toBe(weeks.at(-1)!.cumulativeMargin);
  });

  it('ignores figures for weeks outside the span', () => {
    const weeks = trendWeeks(
      '2026-11-23',
      [{ weekStart: '2026-11-02', minutes: 600, cost: 1000, invoiced: 0 }],
      2,
    );
    expect(trendTotals(weeks)).toEqual({
      hours: 0,
      internalCost: 0,
      invoiced: 0,
      cumulativeMargin: 0,
    });
  });

  it('totals the span for the table’s last row', () => {
    const weeks = trendWeeks(
      '2026-11-23',
      [
        { weekStart: '2026-11-16', minutes: 60, cost: 100.1, invoiced: 500 },
        { weekStart: '2026-11-23', minutes: 30, cost: 50.2, invoiced: 0 },
      ],
      2,
    );
    expect(trendTotals(weeks)).toEqual({
      hours: 1.5,
      internalCost: 150.3,
      invoiced: 500,
      cumulativeMargin: 349.7,
    });
  });
});
