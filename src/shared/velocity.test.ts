import { describe, expect, it } from 'vitest';
import {
  ALL_ZERO_VELOCITY_HINT,
  hasVelocityData,
  splitByTracked,
  untrackedLine,
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

describe('velocity over the tracked people', () => {
  const t = (accountId: string | null, displayName: string, storyPoints: number | null) => ({
    ...(accountId ? { assignee: { accountId, displayName } } : {}),
    storyPoints,
  });
  // Mia and Lena are tracked; Ivan and Aiko are not; two tickets have nobody.
  const tickets = [
    t('mia', 'Mia Chen', 8),
    t('ivan', 'Ivan Haddad', 13),
    t('lena', 'Lena Tanaka', 5),
    t(null, 'Unassigned', 3),
    t('aiko', 'Aiko Berg', 5),
    t('ivan', 'Ivan Haddad', 0.5),
    t('mia', 'Mia Chen', null),
    t(null, 'Unassigned', 2),
    t('omar', 'Omar Silva', null),
  ];
  const tracked = new Set(['mia', 'lena']);

  it('splits the total between tracked people and everyone else, who add up to it', () => {
    const split = splitByTracked(tickets, tracked);
    // 8 + 13 + 5 + 3 + 5 + 0.5 + 2 = 36.5; tracked 8 + 5 = 13.
    expect(split).toEqual({
      totalStoryPoints: 36.5,
      trackedStoryPoints: 13,
      untracked: [
        { accountId: 'ivan', displayName: 'Ivan Haddad', storyPoints: 13.5 },
        { accountId: 'aiko', displayName: 'Aiko Berg', storyPoints: 5 },
        { accountId: null, displayName: 'Unassigned', storyPoints: 5 },
      ],
    });
    const untrackedSum = split.untracked.reduce((sum, u) => sum + u.storyPoints, 0);
    expect(split.trackedStoryPoints + untrackedSum).toBe(split.totalStoryPoints);
    // Velocity counts the tracked people's points against their available points.
    expect(velocityPercentage(split.trackedStoryPoints, 20)).toBe(65);
  });

  it('holds tracked + untracked = total on any tickets, in hundredths', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const some = tickets.map((x, i) => ({
        ...x,
        storyPoints: (seed * (i + 3)) % 7 === 0 ? null : ((seed * 31 + i * 17) % 130) / 10,
      }));
      const split = splitByTracked(some, tracked);
      const sum = split.untracked.reduce(
        (acc, u) => Math.round(acc * 100 + u.storyPoints * 100) / 100,
        split.trackedStoryPoints,
      );
      expect(sum).toBe(split.totalStoryPoints);
    }
  });

  it('tracks nobody: every point is untracked; tracks everyone: none is', () => {
    expect(splitByTracked(tickets, new Set()).trackedStoryPoints).toBe(0);
    expect(
      splitByTracked(
        tickets.filter((x) => x.assignee),
        new Set(['mia', 'lena', 'ivan', 'aiko', 'omar']),
      ).untracked,
    ).toEqual([]);
  });

  it("says how many points velocity leaves out and whose: '52 points by 3 people who are not tracked'", () => {
    const p = (accountId: string | null, storyPoints: number) => ({
      accountId,
      displayName: accountId ?? 'Unassigned',
      storyPoints,
    });
    expect(untrackedLine([p('a', 20), p('b', 20), p('c', 12)])).toBe(
      '52 points by 3 people who are not tracked',
    );
    expect(untrackedLine([p('a', 1)])).toBe('1 point by 1 person who is not tracked');
    expect(untrackedLine([p('a', 13.5), p(null, 5)])).toBe(
      '13.5 points by 1 person who is not tracked, 5 points unassigned',
    );
    expect(untrackedLine([p(null, 2)])).toBe('2 points unassigned');
    expect(untrackedLine([])).toBeNull();
  });
});
