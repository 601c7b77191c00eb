/**
 * What open pages are told when figures change (docs/decisions/402-live-pages.md): each applied
 * change names its topic and the projects it touched, never a figure, and a role hears only the
 * topics whose figures it may see. Browser-safe: data and pure functions only.
 */
import { type Ability, can, type Role } from './roles';

/** Jira's tickets and sprints, Forecast's time entries, a project's invoices, Pipedrive's deals. */
export const CHANGE_TOPICS = ['jira', 'time', 'billing', 'deal'] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

/**
 * Who hears of a change in each topic: hours and tickets everyone sees; invoices are money; a
 * deal moves the Capacity page's tentative demand (staff and admins) and the pipeline's value.
 */
const HEARD_WITH: Record<ChangeTopic, Ability | null> = {
  jira: null,
  time: null,
  billing: 'money.view',
  deal: 'capacity.view',
};

export function topicHeardBy(role: Role, topic: ChangeTopic): boolean {
  const ability = HEARD_WITH[topic];
  return ability === null || can(role, ability);
}

/** One `change` event of GET /api/events, as the browser reads its data. */
export interface LiveEvent {
  /** The change's id, also the event's `id`: a reconnect goes on after it. */
  id: number;
  topic: ChangeTopic;
  /** The dashboard's projects whose figures moved (empty: agency-wide, a deal). */
  projectIds: number[];
}

/** The event stream's event names. */
export const LIVE_EVENT = { change: 'change', ready: 'ready' } as const;

/** A delivery's lag from received to applied, as the Sync page shows it: '0.4 s', '12 s', '3 min'. */
export function formatLag(ms: number): string {
  if (ms < 10_000) return `${(Math.round(ms / 100) / 10).toFixed(1)} s`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.round(ms / 60_000)} min`;
}

/** What an open page says once a change reached it: 'Updated just now', 'Updated 3 min ago'. */
export function updatedText(at: Date, now: Date): string {
  const ms = Math.max(0, now.getTime() - at.getTime());
  if (ms < 60_000) return 'Updated just now';
  if (ms < 3_600_000) return `Updated ${Math.floor(ms / 60_000)} min ago`;
  return `Updated ${Math.floor(ms / 3_600_000)} h ago`;
}
