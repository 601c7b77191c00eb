import SyncButton from '../../../islands/SyncButton';
import TeamSelector from '../../../islands/TeamSelector';
import { type IslandRender, islandMarkup } from '../../../render/Island';
import { type Markup, markup, trusted } from '../../../render/markup';
import { formatBillingAmount } from '../../../shared/money-format';
import { cardGauge, type Project, sprintLine, ticketCompletion } from '../../../shared/projects';
import { retainerProgressOf } from '../../../shared/retainer';
import { isBillingStale } from '../../../shared/billing';
import { percentOf } from '../../../shared/percent';
import type { Role } from '../../../shared/roles';
import { Gauge } from '../../../components/Gauge';
import { WarningIcon } from '../../../components/icons';
import { ProgressBar, type ProgressTone } from '../../../components/ProgressBar';
import { badge } from '../../../components/ui.css';
import * as s from '../../../components/portfolio/ProjectCard.css';

/**
 * What a feature adds to a card, each slot placed after the card's own content of that row:
 * `badges` beside the status and link markers, `gauges` beside the ticket gauge, `facts` after
 * Agreed Weeks and Billing, `bars` after the progress bars, `actions` before Sync Billing.
 * Slots are server markup; an interactive part inside one is an island of its own.
 */
export interface ProjectCardSlots {
  badges?: Markup;
  gauges?: Markup;
  facts?: Markup;
  bars?: Markup;
  actions?: Markup;
}

export interface ProjectCardProps {
  project: Project;
  /** The time staleness is judged against at render (the server's). */
  now: Date;
  /** Internal cost as a % of the project value: admins only (docs/decisions/171, 192). */
  budgetUsedPercent?: number | null;
  slots?: ProjectCardSlots;
  /** The signed-in role: the team selector and Sync Billing say why a role may not use them. */
  role: Role;
}

const GAUGE_CAPTION = {
  'budget-used': 'of budget used',
  'budget-invoiced': 'of budget invoiced',
  tickets: 'tickets completed',
} as const;

/**
 * One project on the portfolio (docs/product-spec.md, "Projects list"), rendered on the server only,
 * as a string: a long portfolio renders hundreds, and React's per-element cost was most of the
 * page's (docs/decisions/230). Its gauge, bars, icons and two islands are React components,
 * each shape rendered once per page by `render.repeated`. The team selector and Sync Billing
 * are small islands; a click anywhere else on the card opens the detail modal through the
 * page's PortfolioCards island (docs/decisions/140).
 */
export function projectCardMarkup(
  render: IslandRender,
  { project: p, now, budgetUsedPercent, slots = {}, role }: ProjectCardProps,
): Markup {
  const { repeated } = render;
  const line = sprintLine(p);
  const tickets = ticketCompletion(p);
  const gauge = cardGauge(p, budgetUsedPercent);
  const periods = retainerProgressOf(
    p.forecastRetainerPeriodsCompleted,
    p.forecastRetainerPeriodsTotal,
  );
  const periodsDone = periods.completed;
  const periodsTotal = periods.total;
  const overdue = p.forecastOverdueAmount > 0;
  const warning = (label: string) =>
    trusted(repeated.render(WarningIcon, { size: 14, className: s.redIcon, label }, {}));
  const bar = (label: string, percent: number, tone: ProgressTone, own = false) =>
    trusted(
      own
        ? repeated.render(ProgressBar, { percent, tone }, { label })
        : repeated.render(ProgressBar, { label, percent, tone }, {}),
    );
  const idPrefix = `p${p.id}-`;
  // The name's button has no type: outside a form it submits nothing, and a card repeats it.

  return markup`<li class="${s.card}" data-project-id="${p.id}" data-testid="project-card"><div class="${s.top}"><div class="${s.titleBlock}"><div class="${s.titleRow}"><button class="${s.name}" aria-haspopup="dialog">${p.name}</button><span class="${p.devStatus === 'Active' ? badge.green : badge.red}">${p.devStatus}</span>${
    p.forecastProjectId !== null
      ? markup`<span class="${s.marker}" data-marker="forecast">Forecast</span>`
      : ''
  }${
    p.jiraProjectKey ? markup`<span class="${s.marker}" data-marker="jira">Jira</span>` : ''
  }${slots.badges}</div><div class="${s.subRow}">${islandMarkup(
    render,
    'TeamSelector',
    TeamSelector,
    { projectId: p.id, projectName: p.name, teamName: p.teamName, role },
    ['projectId', 'projectName'],
    idPrefix,
  )}${line ? markup`<span class="${s.sprintLine}">${line}</span>` : ''}</div></div><div class="${s.gaugeBlock}">${trusted(
    repeated.render(
      Gauge,
      {
        percent: gauge.percent,
        tone: gauge.kind === 'tickets' ? 'blue' : undefined,
      },
      { label: `${p.name}: ${GAUGE_CAPTION[gauge.kind]}` },
    ),
  )}${
    gauge.kind === 'tickets'
      ? ''
      : markup`<span class="${s.gaugeCaption}">${GAUGE_CAPTION[gauge.kind]}</span>`
  }<span>${`${tickets.completed}/${tickets.total} tickets`}</span></div>${slots.gauges}</div><div class="${s.facts}"><div class="${s.fact}"><span class="${s.factLabel}">Agreed Weeks${
    periods.allCompleted ? warning('All agreed weeks are completed') : ''
  }</span><span class="${s.factValue}">${`${periodsDone}/${periodsTotal}`}</span></div>${
    // Focusable, so the hover details also open from the keyboard; a click here opens nothing.
    markup`<div class="${s.fact} ${s.billing}" tabindex="0" data-testid="billing" data-card-click="ignore"><span class="${s.factLabel}">Billing${
      overdue ? warning('Overdue invoices') : ''
    }</span><span class="${s.factValue}">${formatBillingAmount(p.forecastTotalInvoiced)}</span><div class="${s.billingDetails}" role="tooltip"><strong>Forecast Billing, tax excluded</strong>${[
      `Created: ${formatBillingAmount(p.forecastTotalCreated)}`,
      `Sent: ${formatBillingAmount(p.forecastTotalSent)}`,
      `Paid: ${formatBillingAmount(p.forecastTotalPaid)}`,
      `Overdue: ${formatBillingAmount(p.forecastOverdueAmount)}`,
      `Retainer periods: ${periodsDone} completed of ${periodsTotal}`,
      `Forecast ID: ${p.forecastProjectId ?? '—'}`,
    ].join('\n')}</div></div>`
  }${slots.facts}</div><div class="${s.bars}">${bar('Sent %', p.billingSentPercentage, 'blue')}${bar(
    'Paid %',
    p.billingPaidPercentage,
    'green',
  )}${bar('Retainer Periods %', periods.percentage, 'purple')}${
    p.jiraProjectKey
      ? bar(
          `Epic Progress (${p.completedEpics}/${p.totalEpics} epics · ${p.jiraProjectKey})`,
          percentOf(p.completedEpics, p.totalEpics),
          'cyan',
          true,
        )
      : ''
  }${
    p.jiraProjectKey && p.jiraSprintCompletionPercentage > 0
      ? bar(
          `Sprint Progress (${p.jiraCurrentSprintName ?? 'current sprint'})`,
          p.jiraSprintCompletionPercentage,
          'amber',
          true,
        )
      : ''
  }${slots.bars}</div>${footer(
    slots.actions,
    p.forecastProjectId !== null
      ? islandMarkup(
          render,
          'SyncButton',
          SyncButton,
          {
            projectId: p.id,
            projectName: p.name,
            lastForecastSync: p.lastForecastSync,
            stale: isBillingStale(p.lastForecastSync, now),
            role,
          },
          ['projectId', 'projectName', 'lastForecastSync'],
          idPrefix,
        )
      : undefined,
  )}</li>`;
}

/** The card's actions row, left out when there is nothing in it (a project not on Forecast). */
const footer = (...actions: (Markup | undefined)[]) =>
  actions.some(Boolean) ? markup`<div class="${s.footer}">${actions}</div>` : '';
