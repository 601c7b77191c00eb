/**
 * The Monday digest's text and HTML parts from its figures (docs/decisions/202-monday-digest.md,
 * docs/figures.md). Pure, so its escaping is tested without mail: every upstream text (project
 * names, ticket summaries, alert messages) is escaped in the HTML part. Labels and formats come
 * from the glossary of figures, so the digest names each number as the app does; the HTML part
 * is laid out like the app (tables, amounts with their currency, links back to its pages).
 */
import type { AlertJson } from './alerts';
import { type CurrencyCode, formatMoney } from './currency';
import { dateTimeFormat } from './date-time-format';
import { escapeHtml } from './escape-html';
import { figureLabel, formatStoryPoints } from './figures';
import { formatHours } from './format';

export const DIGEST_HOUR = 8;

export interface DigestFigures {
  weekStart: string;
  weekEnd: string;
  /** When the digest was composed (ISO): the alerts are counted at that moment. */
  composedAt: string;
  timeZone: string;
  /** The bell's count for the recipient at `composedAt`. */
  openAlerts: number;
  /** The alerts behind that count, oldest first. */
  alerts: Pick<AlertJson, 'ruleLabel' | 'projectName' | 'message' | 'openedAt'>[];
  tickets: { key: string; summary: string; projectName: string; storyPoints: number | null }[];
  /** Every ticket's points (Total Story Points). */
  storyPoints: number;
  /** The tracked people's points, velocity's numerator (docs/decisions/391). */
  trackedStoryPoints: number;
  availablePoints: number;
  velocityPercentage: number;
  /** Weekly Hours' Total Hours for the week. */
  hours: number;
  /**
   * Admins only: Weekly Hours' Invoices This Week and Total Internal Cost, and Trends' cumulative
   * margin at the end of the week (docs/decisions/302): one week's invoices less its cost is a
   * cash-timing swing, not a margin, so the digest never prints it.
   */
  money: {
    invoiced: number;
    cost: number;
    /** Trends' Cumulative Margin on the week's row, run from `marginSince`. */
    cumulativeMargin: number;
    /** The first week Trends shows, where the running total starts. */
    marginSince: string;
    currency: CurrencyCode;
  } | null;
  /** The dashboard's origin for links ('https://dash.example.com'); '' leaves them relative. */
  origin: string;
}

export interface DigestMail {
  subject: string;
  text: string;
  html: string;
}

const MAX_TICKETS = 30;

/** 'Mon, Nov 23, 2026, 08:00 (Europe/London)': when the counts were taken. */
export function asOfText(composedAt: string, timeZone: string): string {
  const when = dateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(composedAt));
  return `${when} (${timeZone})`;
}

/**
 * 'Velocity Percentage: 67% (150 tracked points of 225 available)': velocity's numerator and
 * denominator cover the same people (docs/decisions/391-velocity-over-tracked-people.md).
 */
export function velocityLine(
  f: Pick<DigestFigures, 'trackedStoryPoints' | 'availablePoints' | 'velocityPercentage'>,
): string {
  return `${figureLabel('velocity')}: ${f.velocityPercentage}% (${f.trackedStoryPoints} ${figureLabel('trackedStoryPoints').toLowerCase()} of ${f.availablePoints} available)`;
}

export function composeDigest(f: DigestFigures): DigestMail {
  const subject = `Agency Dashboard: week of ${f.weekStart}`;
  const shown = f.tickets.slice(0, MAX_TICKETS);
  const more = f.tickets.length - shown.length;
  const asOf = asOfText(f.composedAt, f.timeZone);
  const link = (path: string) => `${f.origin}${path}`;
  const weekQuery = `?week=${f.weekStart}`;
  const money = f.money;
  const amount = (n: number) => (money ? formatMoney(n, money.currency) : '');
  const marginLabel = money ? `${figureLabel('cumulativeMargin')} since ${money.marginSince}` : '';

  const text: string[] = [
    `Monday digest for the week ${f.weekStart} to ${f.weekEnd}`,
    '',
    `${figureLabel('openAlerts')} (${f.openAlerts}) as of ${asOf}`,
    ...(f.alerts.length
      ? f.alerts.map((a) => `- ${a.ruleLabel}: ${a.message} (since ${a.openedAt.slice(0, 10)})`)
      : ['- None']),
    `  ${link('/alerts')}`,
    '',
    `Tickets ready for QA last week (${f.tickets.length})`,
    ...(shown.length
      ? shown.map(
          (t) => `- ${t.key} ${t.summary} [${t.projectName}] ${formatStoryPoints(t.storyPoints)}`,
        )
      : ['- None']),
    ...(more > 0 ? [`- and ${more} more`] : []),
    `  ${link(`/developer${weekQuery}`)}`,
    '',
    `${figureLabel('storyPoints')}: ${f.storyPoints}`,
    `${velocityLine(f)}`,
    `${figureLabel('totalHours')}: ${formatHours(f.hours)}`,
  ];
  if (money) {
    text.push(
      `${figureLabel('invoicesThisWeek')}: ${amount(money.invoiced)}`,
      `${figureLabel('internalCost')}: ${amount(money.cost)}`,
      `  ${link(`/agency${weekQuery}`)}`,
      `${marginLabel}: ${amount(money.cumulativeMargin)}`,
      `  ${link('/agency?tab=trends')}`,
    );
  }

  const e = escapeHtml;
  const cell = 'style="padding:4px 8px;border-bottom:1px solid #e5e7eb;text-align:left"';
  const num = 'style="padding:4px 8px;border-bottom:1px solid #e5e7eb;text-align:right"';
  const tableOf = (head: string[], rows: string[][], numeric: boolean[]) =>
    rows.length
      ? `<table style="border-collapse:collapse;width:100%;max-width:720px"><thead><tr>${head
          .map((h, i) => `<th ${numeric[i] ? num : cell}>${e(h)}</th>`)
          .join('')}</tr></thead><tbody>${rows
          .map(
            (r) =>
              `<tr>${r.map((c, i) => `<td ${numeric[i] ? num : cell}>${c}</td>`).join('')}</tr>`,
          )
          .join('')}</tbody></table>`
      : '<p>None</p>';
  const a = (path: string, label: string) =>
    `<p><a href="${e(link(path))}" style="color:#2563eb">${e(label)}</a></p>`;
  const figureRows: string[][] = [
    [e(figureLabel('storyPoints')), `${f.storyPoints}`],
    [e(figureLabel('velocity')), e(velocityLine(f).slice(`${figureLabel('velocity')}: `.length))],
    [e(figureLabel('totalHours')), e(formatHours(f.hours))],
  ];
  if (money)
    figureRows.push(
      [e(figureLabel('invoicesThisWeek')), e(amount(money.invoiced))],
      [e(figureLabel('internalCost')), e(amount(money.cost))],
      [e(marginLabel), e(amount(money.cumulativeMargin))],
    );
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111827">',
    `<h1 style="font-size:20px">Week of ${e(f.weekStart)} to ${e(f.weekEnd)}</h1>`,
    `<h2 style="font-size:16px">${e(figureLabel('openAlerts'))} (${f.openAlerts})</h2>`,
    `<p style="color:#6b7280">As of ${e(asOf)}</p>`,
    tableOf(
      ['Rule', 'Project', 'Alert', 'Since'],
      f.alerts.map((x) => [
        e(x.ruleLabel),
        e(x.projectName ?? ''),
        e(x.message),
        e(x.openedAt.slice(0, 10)),
      ]),
      [false, false, false, false],
    ),
    a('/alerts', 'Open the alerts'),
    `<h2 style="font-size:16px">Tickets ready for QA last week (${f.tickets.length})</h2>`,
    tableOf(
      ['Key', 'Summary', 'Project', figureLabel('storyPoints')],
      shown.map((t) => [
        `<strong>${e(t.key)}</strong>`,
        e(t.summary),
        e(t.projectName),
        e(formatStoryPoints(t.storyPoints)),
      ]),
      [false, false, false, true],
    ),
    more > 0 ? `<p>and ${more} more</p>` : '',
    a(`/developer${weekQuery}`, 'Open Weekly History for the week'),
    '<h2 style="font-size:16px">Delivery, time and billing</h2>',
    tableOf(['Figure', 'Week'], figureRows, [false, true]),
    money
      ? `${a(`/agency${weekQuery}`, 'Open Weekly Hours for the week')}\n${a('/agency?tab=trends', 'Open Trends')}`
      : a('/', 'Open the dashboard'),
    '</body></html>',
  ].join('\n');

  return { subject, text: text.join('\n'), html };
}
