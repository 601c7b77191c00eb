import { Gauge } from '../../components/Gauge';
import { WarningIcon } from '../../components/icons';
import { ProgressBar } from '../../components/ProgressBar';
import { badge } from '../../components/ui.css';
import type { Project } from '../../db/projects';
import { formatBillingAmount } from '../../services/format';
import { completionRate, isBillingStale, percentOf } from '../../services/metrics';
import * as s from './ProjectCard.css';
import { SyncButton } from './SyncButton';
import { TeamSelector } from './TeamSelector';

/** The card's line under the name (spec section 2): Jira sprint, else '<key> Project', else the stored sprint. */
export function sprintLine(p: Pick<Project, 'jiraCurrentSprintName' | 'jiraProjectKey' | 'currentSprintName'>): string | null {
  if (p.jiraCurrentSprintName) return p.jiraCurrentSprintName;
  if (p.jiraProjectKey) return `${p.jiraProjectKey} Project`;
  return p.currentSprintName || null;
}

/** Ticket completion for the card's gauge: Jira's counts once linked, else the stored ones. */
export function ticketCompletion(p: Project): { completed: number; total: number; percent: number } {
  const [completed, total] = p.jiraProjectKey ? [p.jiraCompletedTickets, p.jiraTotalTickets] : [p.completedTickets, p.totalTickets];
  return { completed, total, percent: completionRate(completed, total) };
}

export interface ProjectCardProps {
  project: Project;
  /** The time staleness is judged against (the server's at first render, so both render the same). */
  now: Date;
  onOpen: (projectId: number) => void;
}

/** One project on the portfolio (spec section 2 'Projects list'). Clicking it opens the detail. */
export function ProjectCard({ project: p, now, onOpen }: ProjectCardProps) {
  const line = sprintLine(p);
  const tickets = ticketCompletion(p);
  const periodsDone = p.forecastRetainerPeriodsCompleted;
  const periodsTotal = p.forecastRetainerPeriodsTotal;
  const allPeriodsDone = periodsTotal > 0 && periodsDone >= periodsTotal;
  const overdue = p.forecastOverdueAmount > 0;
  const stopClick = (e: { stopPropagation(): void }) => e.stopPropagation();

  return (
    <li className={s.card} data-project-id={p.id} data-testid="project-card" onClick={() => onOpen(p.id)}>
      <div className={s.top}>
        <div className={s.titleBlock}>
          <div className={s.titleRow}>
            <button type="button" className={s.name} aria-haspopup="dialog" onClick={(e) => (e.stopPropagation(), onOpen(p.id))}>
              {p.name}
            </button>
            {p.devStatus === 'Active' ? (
              <span className={badge.green}>{p.devStatus}</span>
            ) : (
              <span className={badge.red}>{p.devStatus}</span>
            )}
            {p.forecastProjectId !== null ? (
              <span className={s.marker} title={`Forecast project ${p.forecastProjectId}`} data-marker="forecast">
                Forecast
              </span>
            ) : null}
            {p.jiraProjectKey ? (
              <span className={s.marker} title={`Jira project ${p.jiraProjectKey}`} data-marker="jira">
                Jira
              </span>
            ) : null}
          </div>
          <div className={s.subRow}>
            <TeamSelector project={p} />
            {line ? <span className={s.sprintLine}>{line}</span> : null}
          </div>
        </div>
        <div className={s.gaugeBlock}>
          <Gauge percent={tickets.percent} label={`Tickets completed in ${p.name}`} />
          <span>
            {tickets.completed}/{tickets.total} tickets
          </span>
        </div>
      </div>

      <div className={s.facts}>
        <div className={s.fact}>
          <span className={s.factLabel}>
            Agreed Weeks
            {allPeriodsDone ? <WarningIcon size={14} className={s.redIcon} label="All agreed weeks are completed" /> : null}
          </span>
          <span className={s.factValue}>
            {periodsDone}/{periodsTotal}
          </span>
        </div>
        {/* Focusable, so the hover details also open from the keyboard. */}
        <div className={`${s.fact} ${s.billing}`} tabIndex={0} onClick={stopClick} data-testid="billing">
          <span className={s.factLabel}>
            Billing
            {overdue ? <WarningIcon size={14} className={s.redIcon} label="Overdue invoices" /> : null}
          </span>
          <span className={s.factValue}>{formatBillingAmount(p.forecastTotalInvoiced)}</span>
          <div className={s.billingDetails} role="tooltip">
            <div className={s.detailsTitle}>Forecast Billing, tax excluded</div>
            <dl className={s.detailsList}>
              <dt className={s.detailsTerm}>Created</dt>
              <dd className={s.detailsValue}>{formatBillingAmount(p.forecastTotalCreated)}</dd>
              <dt className={s.detailsTerm}>Sent</dt>
              <dd className={s.detailsValue}>{formatBillingAmount(p.forecastTotalSent)}</dd>
              <dt className={s.detailsTerm}>Paid</dt>
              <dd className={s.detailsValue}>{formatBillingAmount(p.forecastTotalPaid)}</dd>
              <dt className={s.detailsTerm}>Overdue</dt>
              <dd className={s.detailsValue}>{formatBillingAmount(p.forecastOverdueAmount)}</dd>
              <dt className={s.detailsTerm}>Retainer periods</dt>
              <dd className={s.detailsValue}>
                {periodsDone} completed of {periodsTotal}
              </dd>
              <dt className={s.detailsTerm}>Forecast ID</dt>
              <dd className={s.detailsValue}>{p.forecastProjectId ?? '—'}</dd>
            </dl>
          </div>
        </div>
      </div>

      <div className={s.bars}>
        <ProgressBar label="Sent %" percent={p.billingSentPercentage} tone="blue" />
        <ProgressBar label="Paid %" percent={p.billingPaidPercentage} tone="green" />
        <ProgressBar label="Retainer Periods %" percent={percentOf(periodsDone, periodsTotal)} tone="purple" />
        {p.jiraProjectKey ? (
          <ProgressBar
            label={`Epic Progress (${p.completedEpics}/${p.totalEpics} epics · ${p.jiraProjectKey})`}
            percent={percentOf(p.completedEpics, p.totalEpics)}
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
      </div>

      <div className={s.footer}>
        {p.forecastProjectId !== null ? <SyncButton project={p} stale={isBillingStale(p.lastForecastSync, now)} /> : null}
      </div>
    </li>
  );
}
