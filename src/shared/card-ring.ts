/**
 * The card's ring (docs/decisions/300-card-ring-is-ticket-completion.md): one meaning for every
 * role and every project type, the share of the project's tickets that are done, named under it,
 * coloured by the spec's gauge rule (red at 99 or above, green at 70 or above, amber below). Spend
 * against a budget is Budget Burn's figure on Insights, not the ring's: a ring that meant spend
 * for some and completion for others could not be read at a glance.
 */
import { capPercent, type GaugeColor, gaugeColor } from './percent';
import { type Project, ticketCompletion } from './projects';

export interface CardRing {
  /** The percentage printed in the ring (may pass 100 only if the counts do; the ring is capped). */
  percent: number;
  /** How far the ring is drawn: 0..100. */
  fill: number;
  color: GaugeColor;
  /** What it measures, under it: '81% of tickets done'. */
  caption: string;
  /** The counts behind it: '279/347 tickets'. */
  detail: string;
}

export function cardRing(
  p: Pick<
    Project,
    | 'jiraProjectKey'
    | 'jiraCompletedTickets'
    | 'jiraTotalTickets'
    | 'completedTickets'
    | 'totalTickets'
  >,
): CardRing {
  const { completed, total, percent } = ticketCompletion(p);
  return {
    percent,
    fill: capPercent(percent),
    color: gaugeColor(percent),
    caption: total === 0 ? 'No tickets yet' : `${percent}% of tickets done`,
    detail: `${completed}/${total} tickets`,
  };
}
