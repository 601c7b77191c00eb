/**
 * The Monday digest's text and HTML parts from its figures (docs/decisions/202-monday-digest.md).
 * Pure, so its escaping is tested without mail: every upstream text (project names, ticket
 * summaries, alert messages) is escaped in the HTML part.
 */
import type { AlertJson } from './alerts';
import { formatHours } from './format';
import { formatUsd } from './money-format';
import { escapeHtml } from './escape-html';

export const DIGEST_HOUR = 8;

export interface DigestFigures {
  weekStart: string;
  weekEnd: string;
  alerts: Pick<AlertJson, 'ruleLabel' | 'projectName' | 'message' | 'openedAt'>[];
  tickets: { key: string; summary: string; projectName: string; storyPoints: number | null }[];
  storyPoints: number;
  availablePoints: number;
  velocityPercentage: number;
  hours: number;
  /** Admins only: invoices dated in the week and the margin on the week's cost. */
  money: { invoiced: number; cost: number; margin: number; marginPercent: number | null } | null;
}

export interface DigestMail {
  subject: string;
  text: string;
  html: string;
}

const MAX_TICKETS = 30;

export function composeDigest(f: DigestFigures): DigestMail {
  const subject = `Agency Dashboard: week of ${f.weekStart}`;
  const shown = f.tickets.slice(0, MAX_TICKETS);
  const more = f.tickets.length - shown.length;
  const points = (p: number | null) => (p === null ? 'no estimate' : `${p} pts`);

  const text: string[] = [
    `Monday digest for the week ${f.weekStart} to ${f.weekEnd}`,
    '',
    `Open alerts (${f.alerts.length})`,
    ...(f.alerts.length
      ? f.alerts.map((a) => `- ${a.ruleLabel}: ${a.message} (since ${a.openedAt.slice(0, 10)})`)
      : ['- None']),
    '',
    `Tickets ready for QA last week (${f.tickets.length})`,
    ...(shown.length
      ? shown.map((t) => `- ${t.key} ${t.summary} [${t.projectName}] ${points(t.storyPoints)}`)
      : ['- None']),
    ...(more > 0 ? [`- and ${more} more`] : []),
    '',
    `Story points: ${f.storyPoints} of ${f.availablePoints} available (velocity ${f.velocityPercentage}%)`,
    `Hours logged: ${formatHours(f.hours)}`,
  ];
  if (f.money) {
    text.push(
      `Invoices: ${formatUsd(f.money.invoiced)}`,
      `Margin: ${formatUsd(f.money.margin)}${f.money.marginPercent === null ? '' : ` (${f.money.marginPercent}%)`} on ${formatUsd(f.money.cost)} internal cost`,
    );
  }

  const e = escapeHtml;
  const li = (items: string[]) =>
    items.length ? `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>` : '<p>None</p>';
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h1>Week of ${e(f.weekStart)} to ${e(f.weekEnd)}</h1>`,
    `<h2>Open alerts (${f.alerts.length})</h2>`,
    li(
      f.alerts.map(
        (a) =>
          `<strong>${e(a.ruleLabel)}</strong>: ${e(a.message)} <small>(since ${e(a.openedAt.slice(0, 10))})</small>`,
      ),
    ),
    `<h2>Tickets ready for QA last week (${f.tickets.length})</h2>`,
    li(
      shown.map(
        (t) =>
          `<strong>${e(t.key)}</strong> ${e(t.summary)} <em>${e(t.projectName)}</em> ${e(points(t.storyPoints))}`,
      ),
    ),
    more > 0 ? `<p>and ${more} more</p>` : '',
    '<h2>Delivery and time</h2>',
    `<p>Story points: ${f.storyPoints} of ${f.availablePoints} available (velocity ${f.velocityPercentage}%)</p>`,
    `<p>Hours logged: ${e(formatHours(f.hours))}</p>`,
    f.money
      ? `<h2>Billing</h2><p>Invoices: ${e(formatUsd(f.money.invoiced))}</p><p>Margin: ${e(formatUsd(f.money.margin))}${f.money.marginPercent === null ? '' : ` (${f.money.marginPercent}%)`} on ${e(formatUsd(f.money.cost))} internal cost</p>`
      : '',
    '</body></html>',
  ].join('\n');

  return { subject, text: text.join('\n'), html };
}
