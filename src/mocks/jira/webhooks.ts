/**
 * Jira Cloud's webhook deliveries for the demo agency's changes, in the shape Jira sends
 * (docs/decisions/400-live-webhooks-inbox-and-queue.md): `timestamp` in ms, `webhookEvent`,
 * `issue_event_type_name`, the `user` who acted, the whole `issue` (as the REST API's issue bean,
 * every field by id) and, for an update, the `changelog` of this change. Jira signs the raw body
 * (`X-Hub-Signature: sha256=…`) and names the delivery in `X-Atlassian-Webhook-Identifier`.
 */
import { jiraSignature } from '../../services/live/signatures';
import { DEMO_SITE_URL, type DemoIssue, type JiraDemoData } from './data';

export interface WebhookDelivery {
  /** The raw body, exactly as signed. */
  body: string;
  headers: Record<string, string>;
}

let sequence = 0;

/** Jira's delivery id: one per delivery, the same on each retry of it. */
export function newDeliveryId(): string {
  sequence += 1;
  return `${Date.now().toString(36)}-${sequence.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The body and headers of one delivery, signed with the webhook's secret. */
export function signedDelivery(
  payload: unknown,
  secret: string,
  deliveryId = newDeliveryId(),
): WebhookDelivery {
  const body = JSON.stringify(payload);
  return {
    body,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'X-Atlassian-Webhook-Identifier': deliveryId,
      'X-Hub-Signature': jiraSignature(secret, body),
      'User-Agent': 'Atlassian Webhook HTTP Client',
    },
  };
}

function issueBean(data: JiraDemoData, issue: DemoIssue) {
  return {
    id: issue.id,
    self: `${DEMO_SITE_URL}/rest/api/2/issue/${issue.id}`,
    key: issue.key,
    fields: data.issueFields(issue),
  };
}

const USER = {
  accountId: '557058:f58131cb-b67d-43c7-b30d-6b58d40bd077',
  displayName: 'Automation for Jira',
  active: true,
  accountType: 'app',
};

/** `jira:issue_updated` for the issue's latest status change (transitionIssue), as Jira sends it. */
export function issueUpdatedEvent(data: JiraDemoData, issue: DemoIssue) {
  const histories = data.issueHistories(issue).filter((h) => h.items[0]?.field === 'status');
  const last = histories[histories.length - 1];
  return {
    timestamp: issue.updatedAt,
    webhookEvent: 'jira:issue_updated',
    issue_event_type_name: 'issue_generic',
    user: USER,
    issue: issueBean(data, issue),
    ...(last ? { changelog: { id: last.id, items: last.items } } : {}),
  };
}

/** `jira:issue_deleted`: the issue as it was, when it was deleted. */
export function issueDeletedEvent(data: JiraDemoData, issue: DemoIssue, at: Date) {
  return {
    timestamp: at.getTime(),
    webhookEvent: 'jira:issue_deleted',
    issue_event_type_name: 'issue_deleted',
    user: USER,
    issue: issueBean(data, issue),
  };
}
