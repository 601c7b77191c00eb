/**
 * Velocity (docs/product-spec.md, "States and transitions" and "Business constants and
 * limits"): story points delivered against available points, its colour, and the eight-week
 * trend's stats.
 */
import type { IsoDate } from './calendar';
import { percentOf } from './percent';
import { addPoints, UNASSIGNED } from './story-points';

/** How many weeks the velocity history covers. */
export const VELOCITY_HISTORY_WEEKS = 8;

/**
 * round(story points / available points × 100), 0 when no points are available. The story points
 * are the tracked people's, whose days the available points count (docs/decisions/391).
 */
export function velocityPercentage(storyPoints: number, availablePoints: number): number {
  return percentOf(storyPoints, availablePoints);
}

/**
 * Story points delivered by someone outside the tracked people, or by nobody ('Unassigned',
 * accountId null): shown on Weekly History and answered by GET /api/developer-available-points.
 */
export interface UntrackedPoints {
  accountId: string | null;
  displayName: string;
  storyPoints: number;
}

/** A week's story points split by who delivered them (docs/decisions/391-velocity-over-tracked-people.md). */
export interface TrackedSplit {
  /** Every ticket's points: the spec's Total Story Points card. */
  totalStoryPoints: number;
  /** Points of tickets assigned to a tracked person: velocity's numerator. */
  trackedStoryPoints: number;
  /** Everyone else with points, most first (ties by name); Unassigned last. */
  untracked: UntrackedPoints[];
}

/**
 * Splits tickets' story points between the tracked people (by Jira account id) and everyone
 * else, so that trackedStoryPoints + the untracked points = totalStoryPoints. A person whose
 * tickets carry no points is not listed: they add nothing to either side.
 */
export function splitByTracked(
  tickets: readonly {
    assignee?: { accountId?: string; displayName: string };
    storyPoints: number | null;
  }[],
  tracked: ReadonlySet<string>,
): TrackedSplit {
  let total = 0;
  let trackedPoints = 0;
  const others = new Map<string, UntrackedPoints>();
  for (const t of tickets) {
    const points = t.storyPoints ?? 0;
    total = addPoints(total, points);
    const accountId = t.assignee?.accountId ?? null;
    if (accountId !== null && tracked.has(accountId)) {
      trackedPoints = addPoints(trackedPoints, points);
      continue;
    }
    const key = accountId ?? '';
    const entry = others.get(key) ?? {
      accountId,
      displayName: accountId === null ? UNASSIGNED : t.assignee?.displayName?.trim() || accountId,
      storyPoints: 0,
    };
    entry.storyPoints = addPoints(entry.storyPoints, points);
    others.set(key, entry);
  }
  const untracked = [...others.values()]
    .filter((u) => u.storyPoints > 0)
    .sort(
      (a, b) =>
        Number(a.accountId === null) - Number(b.accountId === null) ||
        b.storyPoints - a.storyPoints ||
        a.displayName.localeCompare(b.displayName),
    );
  return { totalStoryPoints: total, trackedStoryPoints: trackedPoints, untracked };
}

/** GET /api/developer-available-points (docs/decisions/391-velocity-over-tracked-people.md). */
export interface AvailablePoints {
  totalAvailablePoints: number;
  trackedStoryPoints: number;
  untracked: UntrackedPoints[];
  velocityPercentage: number;
}

/**
 * The line Weekly History shows under its cards for the points velocity leaves out:
 * '52 points by 3 people who are not tracked', with ', 12 unassigned' when some tickets have
 * nobody; null when every point was delivered by a tracked person.
 */
export function untrackedLine(untracked: readonly UntrackedPoints[]): string | null {
  const people = untracked.filter((u) => u.accountId !== null);
  const unassigned = untracked.find((u) => u.accountId === null)?.storyPoints ?? 0;
  if (people.length === 0 && unassigned === 0) return null;
  const points = people.reduce((sum, u) => addPoints(sum, u.storyPoints), 0);
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const byPeople =
    people.length > 0
      ? `${plural(points, 'point', 'points')} by ${plural(people.length, 'person who is', 'people who are')} not tracked`
      : '';
  const nobody = unassigned > 0 ? `${plural(unassigned, 'point', 'points')} unassigned` : '';
  const text = [byPeople, nobody].filter(Boolean).join(', ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}`;
}

export type VelocityColor = 'green' | 'yellow' | 'red';

/** 80% or more green, 60% to below 80% yellow, below 60% red. */
export function velocityColor(p: number): VelocityColor {
  if (p >= 80) return 'green';
  if (p >= 60) return 'yellow';
  return 'red';
}

/** A velocity history entry (docs/product-spec.md, "Entities and their fields"). */
export interface VelocityHistoryEntry {
  weekStart: IsoDate;
  velocityPercentage: number;
}

export interface VelocityStats {
  avgVelocity: number;
  bestWeek: number;
  lowestWeek: number;
  thisWeek: number;
}

/**
 * The four stats of the Velocity Percentage Trend modal, over the history oldest first (the last is
 * this week). This week is running, so it reads 'so far' and is left out of Avg Velocity, Best
 * Week and Lowest Week, which judge full weeks only (docs/figures.md).
 */
export function velocityStats(history: readonly { velocityPercentage: number }[]): VelocityStats {
  if (history.length === 0) return { avgVelocity: 0, bestWeek: 0, lowestWeek: 0, thisWeek: 0 };
  const thisWeek = history[history.length - 1]!.velocityPercentage;
  const full = history.slice(0, -1).map((h) => h.velocityPercentage);
  if (full.length === 0) return { avgVelocity: 0, bestWeek: 0, lowestWeek: 0, thisWeek };
  return {
    avgVelocity: Math.round(full.reduce((a, b) => a + b, 0) / full.length),
    bestWeek: Math.max(...full),
    lowestWeek: Math.min(...full),
    thisWeek,
  };
}

/** The chart has something to draw when there are weeks at all, even if every one reads 0%. */
export function hasVelocityData(history: readonly { velocityPercentage: number }[]): boolean {
  return history.length > 0;
}

/** Said under a chart whose every week reads 0%: the usual cause is nobody selected to count. */
export const ALL_ZERO_VELOCITY_HINT =
  'Every week reads 0%. Velocity needs developers selected in Developer Availability: with nobody selected, no points are available to measure against.';

/** The hint for a history, or null when some week delivered something. */
export function velocityHint(history: readonly { velocityPercentage: number }[]): string | null {
  return history.length > 0 && history.every((h) => h.velocityPercentage === 0)
    ? ALL_ZERO_VELOCITY_HINT
    : null;
}
