import { Gauge } from '../../components/Gauge';
import { WarningIcon } from '../../components/icons';
import { ProgressBar } from '../../components/ProgressBar';
import { badge } from '../../components/ui.css';
import type { Project, TeamName } from '../../db/projects';
import { formatBillingAmount } from '../../services/money-format';
import { completionRate, isBillingStale, percentOf } from '../../services/project-rules';
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
  pendingTeam: TeamName | null;
  onTeamChange: (projectId: number, teamName: TeamName) => void;
  syncing: boolean;
  onSync: (projectId: number) => void;
}

/** One project on the portfolio (spec section 2 'Projects list'). Clicking it opens the detail. */
export function ProjectCard({ project: p, now, onOpen, pendingTeam, onTeamChange, syncing, onSync }: ProjectCardProps) {
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
              <span className={s.marker} data-marker="forecast">
                Forecast
              </span>
            ) : null}
            {p.jiraProjectKey ? (
              <span className={s.marker} data-marker="jira">
                Jira
              </span>
            ) : null}
          </div>
          <div className={s.subRow}>
            <TeamSelector project={p} pendingTeam={pendingTeam} onChange={onTeamChange} />
            {line ? <span className={s.sprintLine}>{line}</span> : null}
          </div>
        </div>
        <div className={s.gaugeBlock}>
          <Gauge percent={tickets.percent} label={`Tickets completed in ${p.name}`} />
          <span>{`${tickets.completed}/${tickets.total} tickets`}</span>
        </div>
      </div>

      <div className={s.facts}>
        <div className={s.fact}>
          <span className={s.factLabel}>
            Agreed Weeks
            {allPeriodsDone ? <WarningIcon size={14} className={s.redIcon} label="All agreed weeks are completed" /> : null}
          </span>
          <span className={s.factValue}>{`${periodsDone}/${periodsTotal}`}</span>
        </div>
        {/* Focusable, so the hover details also open from the keyboard. */}
        <div className={`${s.fact} ${s.billing}`} tabIndex={0} onClick={stopClick} data-testid="billing">
          <span className={s.factLabel}>
            Billing
            {overdue ? <WarningIcon size={14} className={s.redIcon} label="Overdue invoices" /> : null}
          </span>
          <span className={s.factValue}>{formatBillingAmount(p.forecastTotalInvoiced)}</span>
          <div className={s.billingDetails} role="tooltip">
            <strong>Forecast Billing, tax excluded</strong>
            {[
              `Created: ${formatBillingAmount(p.forecastTotalCreated)}`,
              `Sent: ${formatBillingAmount(p.forecastTotalSent)}`,
              `Paid: ${formatBillingAmount(p.forecastTotalPaid)}`,
              `Overdue: ${formatBillingAmount(p.forecastOverdueAmount)}`,
              `Retainer periods: ${periodsDone} completed of ${periodsTotal}`,
              `Forecast ID: ${p.forecastProjectId ?? '—'}`,
            ].join('\n')}
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
        {p.forecastProjectId !== null ? <SyncButton project={p} stale={isBillingStale(p.lastForecastSync, now)} syncing={syncing} onSync={onSync} /> : null}
      </div>
    </li>
  );
}
