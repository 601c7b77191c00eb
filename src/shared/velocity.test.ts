import { describe, expect, it } from 'vitest';
import {
  ALL_ZERO_VELOCITY_HINT,
  hasVelocityData,
  velocityColor,
  velocityHint,
  velocityPercentage,
  velocityStats,
} from './velocity';

describe('velocity', () => {
  it('is round(story points / available points × 100), 0 with no available points', () => {
    expect(velocityPercentage(34, 40)).toBe(85);
    expect(velocityPercentage(13, 15)).toBe(87); // 86.67
    expect(velocityPercentage(50, 40)).toBe(125);
    expect(velocityPercentage(12, 0)).toBe(0);
  });

  it('is green from 80, yellow from 60 to below 80, red below 60', () => {
    expect(velocityColor(120)).toBe('green');
    expect(velocityColor(80)).toBe('green');
    expect(velocityColor(79.9)).toBe('yellow');
    expect(velocityColor(79)).toBe('yellow');
    expect(velocityColor(60)).toBe('yellow');
    expect(velocityColor(59.9)).toBe('red');
    expect(velocityColor(59)).toBe('red');
    expect(velocityColor(0)).toBe('red');
  });
});

describe('Velocity Percentage Trend', () => {
  const history = [60, 85, 110, 50, 45, 90, 100, 30].map((velocityPercentage, i) => ({
    weekStart: `2026-10-${String(i + 1).padStart(2, '0')}`,
    velocityPercentage,
  }));

  it('gives Avg Velocity (rounded mean), Best Week, Lowest Week over the full weeks, and This Week (the last)', () => {
    // This week is running: its 30% so far is neither the lowest week nor in the mean.
    // (60 + 85 + 110 + 50 + 45 + 90 + 100) / 7 = 77.14
    expect(velocityStats(history)).toEqual({
      avgVelocity: 77,
      bestWeek: 110,
      lowestWeek: 45,
      thisWeek: 30,
    });
    expect(velocityStats(history.slice(-1))).toEqual({
      avgVelocity: 0,
      bestWeek: 0,
      lowestWeek: 0,
      thisWeek: 30,
    });
  });

  it('has no data only when there are no weeks; eight weeks at 0% are data, with a hint', () => {
    const allZero = history.map((h) => ({ ...h, velocityPercentage: 0 }));
    expect(hasVelocityData([])).toBe(false);
    expect(velocityStats([])).toEqual({ avgVelocity: 0, bestWeek: 0, lowestWeek: 0, thisWeek: 0 });
    expect(hasVelocityData(allZero)).toBe(true);
    expect(velocityHint(allZero)).toBe(ALL_ZERO_VELOCITY_HINT);
    expect(hasVelocityData(history)).toBe(true);
    expect(velocityHint(history)).toBeNull();
    expect(velocityHint([])).toBeNull();
  });
});
