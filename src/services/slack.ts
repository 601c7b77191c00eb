/**
 * Alerts as they open, to a Slack incoming webhook (SLACK_WEBHOOK_URL): never a money alert
 * (Slack channels hold non-admins), upstream text escaped (docs/decisions/203-slack-webhook.md).
 */
import { type AlertFinding, isMoneyRule, RULE_LABELS } from '../shared/alerts';
import { slackEscape } from '../shared/slack';

export interface SlackNotifier {
  /** Posts the alerts that just opened; failures are logged, never thrown. */
  alertsOpened(findings: readonly AlertFinding[]): Promise<void>;
}

export function slackText(finding: AlertFinding): string {
  return `:warning: *${RULE_LABELS[finding.rule]}*: ${slackEscape(finding.message)}`;
}

export function createSlackNotifier(
  webhookUrl: string,
  { fetchFn = fetch, timeoutMs = 5_000, log = console.error } = {},
): SlackNotifier {
  return {
    async alertsOpened(findings) {
      const shown = findings.filter((f) => !isMoneyRule(f.rule));
      for (const finding of shown) {
        try {
          const res = await fetchFn(webhookUrl, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({
              text: slackText(finding),
              unfurl_links: false,
              unfurl_media: false,
            }),
            signal: AbortSignal.timeout(timeoutMs),
          });
          if (!res.ok) log(`Slack did not take an alert: ${res.status} ${await res.text()}`);
        } catch (error) {
          log(`Slack could not be reached: ${(error as Error).message}`);
        }
      }
    },
  };
}
