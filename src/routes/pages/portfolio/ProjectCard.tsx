import type { ReactNode } from 'react';
import SyncButton from '../../../islands/SyncButton';
import TeamSelector from '../../../islands/TeamSelector';
import { Island } from '../../../render/Island';
import { type CurrencyCode, formatMoney } from '../../../shared/currency';
import { cardRing } from '../../../shared/card-ring';
import { epicProgress, epicProgressText } from '../../../shared/epics';
import { type FigureKey, figureHelp, figureLabel } from '../../../shared/figures';
import { type Project, projectPath, sprintLine } from '../../../shared/projects';
import { retainerProgressOf } from '../../../shared/retainer';
import { isBillingStale } from '../../../shared/billing';
import type { Role } from '../../../shared/roles';
import { Gauge } from '../../../components/Gauge';
import { WarningIcon } from '../../../components/icons';
import { ProgressBar } from '../../../components/ProgressBar';
import { ForecastProjectId } from '../../../components/SourceLink';
import { badge } from '../../../components/ui.css';
import * as s from '../../../components/portfolio/ProjectCard.css';

/**
 * What a feature adds to a card, each slot placed after the card's own content of that row:
 * `badges` beside the status and link markers, `gauges` beside the ticket gauge, `facts` after
 * Agreed Weeks and Billing, `bars` after the progress bars, `actions` before Sync Billing.
 * Slots are server HTML; an interactive part inside one is an island of its own.
 */
export interface ProjectCardSlots {
  badges?: ReactNode;
  gauges?: ReactNode;
  facts?: ReactNode;
  bars?: ReactNode;
  actions?: ReactNode;
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
  /** COMPANY_CURRENCY: the currency of the billing amounts before the first invoice. */
  companyCurrency: CurrencyCode;
}

/** 'Billing' is the spec's label; the glossary's definition under it says which amount it is. */
const BILLING_HELP = `${figureLabel('invoiced')}: ${figureHelp('invoiced')}`;
const HOVER_FIGURES: readonly FigureKey[] = ['created', 'sent', 'paid', 'overdue'];

/**
 * One project on the portfolio (docs/product-spec.md, "Projects list"), rendered on the server
 * only. The team selector and Sync Billing are small islands; a click anywhere else on the card
 * opens the detail modal through the page's PortfolioCards island (docs/decisions/140).
 */
export function ProjectCard({
  project: p,
  now,
  slots = {},
  role,
  companyCurrency,
}: ProjectCardProps) {
  const billed = (n: number) => formatMoney(n, p.forecastCurrency ?? companyCurrency, 2);
  const line = sprintLine(p);
  // One meaning for every role and project type (docs/decisions/300).
  const ring = cardRing(p);
  const periods = retainerProgressOf(
    p.forecastRetainerPeriodsCompleted,
    p.forecastRetainerPeriodsTotal,
  );
  const onForecast = p.forecastProjectId !== null;

  return (
    <li className={s.card} data-project-id={p.id} data-testid="project-card">
      <div className={s.top}>
        <div className={s.titleBlock}>
          <div className={s.titleRow}>
            {/* A link to the project's page, which works before scripts load; with them a plain
                click opens the detail in place (docs/decisions/345). */}
            <a className={s.name} href={projectPath(p.id)} aria-haspopup="dialog">
              {p.name}
            </a>
            <span className={p.devStatus === 'Active' ? badge.green : badge.red}>
              {p.devStatus}
            </span>
            {onForecast ? (
              <span className={s.marker} data-marker="forecast">
                Forecast
              </span>
            ) : null}
            {p.jiraProjectKey ? (
              <span className={s.marker} data-marker="jira">
                Jira
              </span>
            ) : null}
            {slots.badges}
          </div>
          <div className={s.subRow}>
            <Island
              name="TeamSelector"
              component={TeamSelector}
              props={{ projectId: p.id, projectName: p.name, teamName: p.teamName, role }}
            />
            {line ? <span className={s.sprintLine}>{line}</span> : null}
          </div>
        </div>
        <div className={s.gaugeBlock}>
          <Gauge percent={ring.percent} label={`${p.name}: ${ring.caption}`} tone={ring.color} />
          <span className={s.gaugeCaption} data-testid="ring-caption">
            {ring.caption}
          </span>
          <span>{ring.detail}</span>
        </div>
        {slots.gauges}
      </div>

      <div className={s.facts}>
        <div className={s.fact}>
          <span className={s.factLabel}>
            Agreed Weeks
            {periods.allCompleted ? <Warning label="All agreed weeks are completed" /> : null}
          </span>
          <span className={s.factValue}>{`${periods.completed}/${periods.total}`}</span>
        </div>
        {/* Focusable, so the hover details also open from the keyboard; a click here opens nothing. */}
        <div
          className={`${s.fact} ${s.billing}`}
          tabIndex={0}
          data-testid="billing"
          data-card-click="ignore"
          data-float-anchor="bottom-start"
        >
          <span className={s.factLabel}>
            Billing
            {p.forecastOverdueAmount > 0 ? <Warning label="Overdue invoices" /> : null}
          </span>
          <span className={s.factValue}>{billed(p.forecastTotalInvoiced)}</span>
          <span className={s.factHelp}>{BILLING_HELP}</span>
          <div className={s.billingDetails} role="tooltip" data-float-panel="">
            <strong>Forecast Billing, tax excluded</strong>
            {[
              `Created: ${billed(p.forecastTotalCreated)}`,
              `Sent: ${billed(p.forecastTotalSent)}`,
              `Paid: ${billed(p.forecastTotalPaid)}`,
              `Overdue: ${billed(p.forecastOverdueAmount)}`,
              `Retainer periods: ${periods.completed} completed of ${periods.total}`,
            ].join('\n')}
            <span>
              {'Forecast ID: '}
              {p.forecastProjectId === null ? (
                '—'
              ) : (
                <ForecastProjectId
                  forecastProjectId={p.forecastProjectId}
                  companyProjectId={p.forecastCompanyProjectId}
                />
              )}
            </span>
            {/* Each amount's definition from the glossary, so the hover says which figure is which. */}
            <dl className={s.billingHelp}>
              {HOVER_FIGURES.map((key) => (
                <div key={key}>
                  <dt>{figureLabel(key)}</dt>
                  <dd>{figureHelp(key)}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
        {slots.facts}
      </div>

      <div className={s.bars}>
        <ProgressBar label="Sent %" percent={p.billingSentPercentage} tone="blue" />
        <ProgressBar label="Paid %" percent={p.billingPaidPercentage} tone="green" />
        <ProgressBar label="Retainer Periods %" percent={periods.percentage} tone="purple" />
        {p.jiraProjectKey ? (
          <ProgressBar
            label={`${figureLabel('epicProgress')} (${epicProgressText(epicProgress(p))} · ${p.jiraProjectKey})`}
            percent={epicProgress(p).ticketPercent}
            tone="cyan"
          />
        ) : null}
        {p.jiraProjectKey && p.jiraSprintCompletionPercentage > 0 ? (
          <ProgressBar
            label={`Sprint Progress (${p.jiraCurrentSprintName ?? 'current sprint'})`}
            percent={p.jiraSprintCompletionPercentage}
            tone="amber"
          />
        ) : null}
        {slots.bars}
      </div>

      {/* A project not on Forecast, with nothing added, has no actions row. */}
      {slots.actions || onForecast ? (
        <div className={s.footer}>
          {slots.actions}
          {onForecast ? (
            <Island
              name="SyncButton"
              component={SyncButton}
              props={{
                projectId: p.id,
                projectName: p.name,
                lastForecastSync: p.lastForecastSync,
                stale: isBillingStale(p.lastForecastSync, now),
                role,
              }}
            />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

const Warning = ({ label }: { label: string }) => (
  <WarningIcon size={14} className={s.redIcon} label={label} />
);
