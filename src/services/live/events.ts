/**
 * The events each upstream's webhooks send and which of them the dashboard applies
 * (docs/decisions/400-live-webhooks-inbox-and-queue.md):
 * - Jira Cloud admin webhooks: `webhookEvent` `jira:issue_created|updated|deleted`,
 *   `sprint_created|started|closed|updated`; the issue or sprint comes whole in the body.
 * - Forecast webhook subscriptions: `event` names the object type and the event
 *   (`time_registration_updated`; TIME_REG and PROJECT subscriptions); `object.id` only.
 * - Pipedrive webhooks v2: `meta.entity` and `meta.action` (`deal`, `create|change|delete`),
 *   the deal in `data`, its former values in `previous`.
 */
import type { WebhookSource } from '../../db/live';

export const JIRA_EVENTS = [
  'jira:issue_created',
  'jira:issue_updated',
  'jira:issue_deleted',
  'sprint_created',
  'sprint_started',
  'sprint_closed',
  'sprint_updated',
] as const;

/** Forecast writes the object type in its own words: TIME_REG subscriptions send time_reg_* or time_registration_*. */
const FORECAST_EVENT = /^(time_reg|time_registration|project)_(created|updated|deleted)$/;

export type ForecastEvent = {
  object: 'time_registration' | 'project';
  action: 'created' | 'updated' | 'deleted';
};

export function forecastEvent(name: string): ForecastEvent | null {
  const m = FORECAST_EVENT.exec(name.toLowerCase());
  if (!m) return null;
  return {
    object: m[1] === 'project' ? 'project' : 'time_registration',
    action: m[2] as ForecastEvent['action'],
  };
}

export type PipedriveAction = 'create' | 'change' | 'delete';

export function pipedriveEvent(name: string): { entity: string; action: PipedriveAction } | null {
  const m = /^(create|change|delete)\.(\w+)$/.exec(name);
  return m ? { action: m[1] as PipedriveAction, entity: m[2]! } : null;
}

export interface EventName {
  /** The event as stored (null: the body names none, a 400). */
  name: string | null;
  /** Whether the dashboard applies it; an unknown one is stored dead-lettered. */
  known: boolean;
  problem: string;
}

const text = (v: unknown, max = 100) =>
  typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : null;

export function eventOf(source: WebhookSource, body: Record<string, unknown>): EventName {
  switch (source) {
    case 'jira': {
      const name = text(body.webhookEvent);
      return {
        name,
        known: name !== null && (JIRA_EVENTS as readonly string[]).includes(name),
        problem: 'The body has no "webhookEvent".',
      };
    }
    case 'forecast': {
      const name = text(body.event);
      return {
        name,
        known: name !== null && forecastEvent(name) !== null,
        problem: 'The body has no "event".',
      };
    }
    case 'pipedrive': {
      const meta = body.meta as Record<string, unknown> | null | undefined;
      const action = text(meta?.action);
      const entity = text(meta?.entity);
      const name = action && entity ? `${action}.${entity}` : null;
      const parsed = name ? pipedriveEvent(name) : null;
      return {
        name,
        known: parsed?.entity === 'deal',
        problem: 'The body has no "meta.action" and "meta.entity" (webhooks v2).',
      };
    }
  }
}
