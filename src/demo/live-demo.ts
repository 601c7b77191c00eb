/**
 * The demo is live (docs/decisions/402-live-pages.md): with no credentials, the demo agency's
 * Jira moves a ticket of a linked project one step along its workflow now and then, and tells
 * the dashboard as Jira Cloud does, with a signed delivery to `POST /webhooks/jira`. The change
 * takes the same path as a real one (receiver, inbox, job, apply, event stream), so a newcomer
 * sees a figure move on an open page within a minute.
 */
import { linkedJiraKeys } from '../db/projects';
import type { Db } from '../db/port';
import { DEMO_STATUSES, type DemoIssue, type JiraDemoData } from '../mocks/jira/data';
import { issueUpdatedEvent, signedDelivery } from '../mocks/jira/webhooks';

/** Each step a ticket takes, To Do to Done; a ticket already past these is left alone. */
const NEXT_STATUS: Record<string, string> = {
  [DEMO_STATUSES.toDo.name]: DEMO_STATUSES.inProgress.name,
  [DEMO_STATUSES.inProgress.name]: DEMO_STATUSES.inReview.name,
  [DEMO_STATUSES.inReview.name]: DEMO_STATUSES.readyForQa.name,
  [DEMO_STATUSES.readyForQa.name]: DEMO_STATUSES.done.name,
};

/** How often the demo agency changes a ticket: a few times a minute. */
export const LIVE_DEMO_INTERVAL_MS = 20_000;

export interface LiveDemoDeps {
  db: Db;
  data: JiraDemoData;
  /** The server's own origin, whose `/webhooks/jira` the delivery goes to. */
  origin: string;
  /** The secret the demo's receiver checks (made for the process). */
  secret: string;
  clock: () => Date;
  random?: () => number;
  intervalMs?: number;
  log: (line: string) => void;
}

/** A ticket of a linked project that can take a step, chosen at random (null: none). */
export function pickTicket(
  data: JiraDemoData,
  keys: readonly string[],
  random: () => number,
): DemoIssue | null {
  const candidates = keys
    .filter((key) => data.projectByKey(key))
    .flatMap((key) => data.detail(key).issues)
    .filter((issue) => issue.typeName !== 'Epic' && NEXT_STATUS[issue.status.name]);
  if (candidates.length === 0) return null;
  return candidates[Math.floor(random() * candidates.length)] ?? null;
}

/** Moves one ticket a step and delivers the change; resolves with its key (null: none moved). */
export async function changeOneTicket(deps: LiveDemoDeps): Promise<string | null> {
  const issue = pickTicket(deps.data, await linkedJiraKeys(deps.db), deps.random ?? Math.random);
  if (!issue) return null;
  const moved = deps.data.transitionIssue(issue.key, NEXT_STATUS[issue.status.name]!, deps.clock());
  const delivery = signedDelivery(issueUpdatedEvent(deps.data, moved), deps.secret);
  const res = await fetch(new URL('/webhooks/jira', deps.origin), {
    method: 'POST',
    headers: delivery.headers,
    body: delivery.body,
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`the receiver answered ${res.status}`);
  return moved.key;
}

/** Changes a ticket every interval until stopped; a failed change is logged and the next tried. */
export function startLiveDemo(deps: LiveDemoDeps): { stop(): void } {
  const timer = setInterval(() => {
    changeOneTicket(deps).catch((error: unknown) =>
      deps.log(`The live demo could not change a ticket: ${(error as Error).message}`),
    );
  }, deps.intervalMs ?? LIVE_DEMO_INTERVAL_MS);
  timer.unref?.();
  return { stop: () => clearInterval(timer) };
}
