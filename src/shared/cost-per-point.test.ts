import { describe, expect, it } from 'vitest';
import { costPerPoint, costPerPointOverall, costPerPointWeeks } from './cost-per-point';

describe('cost per story point', () => {
  it('divides a week’s internal cost by the points done that week, in cents', () => {
    expect(costPerPoint(4000, 16)).toBe(250);
    expect(costPerPoint(1000, 3)).toBe(333.33);
    expect(costPerPoint(0, 5)).toBe(0);
  });

  it('has no figure for a week with no points, rather than dividing by zero', () => {
    expect(costPerPoint(4000, 0)).toBeNull();
    expect(costPerPoint(0, 0)).toBeNull();
  });

  it('keeps cost and points beside each week’s figure', () => {
    expect(
      costPerPointWeeks([
        { weekStart: '2026-11-09', cost: 3000, points: 12 },
        { weekStart: '2026-11-16', cost: 2500.005, points: 0 },
      ]),
    ).toEqual([
      { weekStart: '2026-11-09', cost: 3000, points: 12, costPerPoint: 250 },
      { weekStart: '2026-11-16', cost: 2500.01, points: 0, costPerPoint: null },
    ]);
  });

  it('takes the span’s figure as total cost over total points, not a mean of weeks', () => {
    // 3,000/12 = 250 and 1,000/2 = 500 average 375, but 4,000 over 14 points is 285.71.
    expect(
      costPerPointOverall([
        { weekStart: '2026-11-09', cost: 3000, points: 12 },
        { weekStart: '2026-11-16', cost: 1000, points: 2 },
      ]),
    ).toEqual({ cost: 4000, points: 14, costPerPoint: 285.71 });
    expect(costPerPointOverall([{ weekStart: '2026-11-16', cost: 900, points: 0 }])).toEqual({
      cost: 900,
      points: 0,
      costPerPoint: null,
    });
  });
});
