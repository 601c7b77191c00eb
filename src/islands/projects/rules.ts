/**
 * The detail modal's and manage dialog's own rules (spec sections 2 and 5), pure so they are
 * tested from the spec's words and shared by the server render and the browser.
 */
import { isBlockedStatus, percentOf } from '../../services/project-rules';
import type { ForecastProjectItem, JiraOverview, JiraSprint, RetainerPeriod } from './types';

/** Epics shown at first and added by each 'Load More' (spec section 9). */
export const EPICS_PAGE_SIZE = 5;

/**
 * Blocked tickets: those whose status name contains 'blocked' or 'impediment', in any case
 * (spec section 2), counted from the tickets-per-status totals.
 */
export function blockedTickets(ticketsByStatus: JiraOverview['ticketsByStatus']): number {
  return Object.entries(ticketsByStatus).reduce((sum, [status, n]) => (isBlockedStatus(status) ? sum + n : sum), 0);
}

/** 'This Sprint': the active sprint, or else the last sprint in the list; null when there are none. */
export function currentSprint(sprints: readonly JiraSprint[]): JiraSprint | null {
  return sprints.find((s) => s.state.toLowerCase() === 'active') ?? sprints[sprints.length - 1] ?? null;
}

export interface RetainerSummary {
  totalTarget: number;
  totalActual: number;
  /** How far actual is from target, always positive; `over` says which side. */
  difference: number;
  /** 'Over Target' when actual >= target, else 'Under Target'. */
  over: boolean;
  /** Rounded percent of target achieved, 0 when the target is 0. */
  achievement: number;
}

/** The Retainer tab's Project Summary (spec section 2). */
export function retainerSummary(periods: readonly Pick<RetainerPeriod, 'target_amount' | 'actual_amount'>[]): RetainerSummary {
  const totalTarget = periods.reduce((sum, p) => sum + p.target_amount, 0);
  const totalActual = periods.reduce((sum, p) => sum + p.actual_amount, 0);
  return {
    totalTarget,
    totalActual,
    difference: Math.abs(totalActual - totalTarget),
    over: totalActual >= totalTarget,
    achievement: percentOf(totalActual, totalTarget),
  };
}

/** Forecast stages the list leaves out: 'Finished' (DONE in Forecast's API) and 'Halted' (spec section 5). */
const UNLISTED_STAGES = new Set(['DONE', 'FINISHED', 'HALTED']);

/**
 * The Forecast projects the manage dialog lists: those whose stage is not Finished or Halted,
 * plus any already on the dashboard whatever their stage, so they can still be removed there.
 */
export function listedForecastProjects<P extends ForecastProjectItem>(projects: readonly P[], onDashboard: ReadonlySet<number>): P[] {
  return projects.filter((p) => !UNLISTED_STAGES.has(p.stage.toUpperCase()) || onDashboard.has(p.id));
}
