import { useQuery } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { apiRequest } from '../../client/api';
import { QueryPanel } from '../../components/QueryPanel';
import { JiraKey, JiraSiteContext, SourceLink } from '../../components/SourceLink';
import { jiraSprintUrl } from '../../shared/source-links';
import { ProgressBar } from '../../components/ProgressBar';
import { badge, button } from '../../components/ui.css';
import type { ProjectForEveryone } from '../../shared/projects';
import type { Role } from '../../shared/roles';
import { formatDate } from '../../shared/format';
import { completionRate, sprintProgress, statusColor } from '../../shared/tickets';
import { jiraDataKey } from './api';
import { LinkJiraDialog } from './LinkJiraDialog';
import * as s from './ProjectDetailModal.css';
import { epicProgress, epicProgressText } from '../../shared/epics';
import { figureHelp, figureLabel } from '../../shared/figures';
import { blockedTickets, currentSprint, EPICS_PAGE_SIZE } from '../../shared/tickets';
import { TicketStatusPie } from './TicketStatusPie';
import { useProjectForecast } from './RetainerForecastPanel';
import type { EpicForecast, ThroughputUnit } from '../../shared/delivery-forecast';
import type { JiraEpic, JiraOverview, JiraSprint } from '../../shared/tickets';

/** The detail modal's 'Jira Integration' tab (docs/product-spec.md, "Project detail modal"). */
export function JiraTab({
  project,
  role,
  onLinked,
}: {
  project: ProjectForEveryone;
  role: Role;
  /** After the Jira project is linked or changed. */
  onLinked?: () => void;
}) {
  return (
    <div>
      <div className={`${s.sectionHead} ${s.section}`}>
        <h3 className={s.h3}>Jira Integration</h3>
        <span className={s.headActions}>
          {project.jiraProjectKey ? <JiraKey issueKey={project.jiraProjectKey} /> : null}
          <LinkJiraDialog
            projectId={project.id}
            currentKey={project.jiraProjectKey}
            role={role}
            onLinked={onLinked}
          />
        </span>
      </div>
      {project.jiraProjectKey ? (
        <JiraOverviewPanel project={project} projectKey={project.jiraProjectKey} />
      ) : (
        <div className={s.centered}>
          <div className={s.stateTitle}>No Jira Project Linked</div>
          <p className={s.mutedText}>
            Link a Jira project to view sprints, epics, and ticket details
          </p>
        </div>
      )}
    </div>
  );
}

function JiraOverviewPanel({
  project,
  projectKey,
}: {
  project: ProjectForEveryone;
  projectKey: string;
}) {
  const projectId = project.id;
  const overview = useQuery({
    queryKey: jiraDataKey(projectId),
    queryFn: () => apiRequest<JiraOverview>('GET', `/api/projects/${projectId}/jira-data`),
  });
  return (
    <QueryPanel
      query={overview}
      look="compact"
      loading="Loading Jira data..."
      error={{
        title: 'Failed to load Jira data',
        text: 'Please check your Jira project configuration',
      }}
    >
      {(data) => <JiraOverviewView data={data} project={project} projectKey={projectKey} />}
    </QueryPanel>
  );
}

function JiraOverviewView({
  data,
  project,
  projectKey,
}: {
  data: JiraOverview;
  project: ProjectForEveryone;
  projectKey: string;
}) {
  const projectId = project.id;
  const rate = completionRate(data.completedTickets, data.totalTickets);
  const sprint = currentSprint(data.sprints);
  return (
    <>
      <section className={s.section} aria-labelledby="jira-overview">
        <h3 id="jira-overview" className={s.h3}>
          Project Overview
        </h3>
        <div className={s.stats}>
          <Stat label="Total Tickets" value={data.totalTickets} />
          <Stat label="Completed" value={data.completedTickets} />
          <Stat label="Blocked" value={blockedTickets(data.ticketsByStatus)} />
          <Stat label="Completion Rate" value={`${rate}%`} />
        </div>
        <ProgressBar percent={rate} ariaLabel="Completion Rate" hideValue tone="green" />
      </section>

      <section className={s.section} aria-labelledby="jira-status">
        <h3 id="jira-status" className={s.h3}>
          Ticket Status Breakdown
        </h3>
        <TicketStatusPie ticketsByStatus={data.ticketsByStatus} />
      </section>

      <ThisSprint
        sprint={sprint}
        projectKey={projectKey}
        forecast={<SprintForecastLine projectId={projectId} sprint={sprint} />}
      />
      <Epics epics={data.epics} project={project} />
    </>
  );
}

function Stat({ label, value }: { label: string; value: number | string }) {
  return (
    <div className={s.stat}>
      <span className={s.statLabel}>{label}</span>
      <span className={s.statValue}>{value}</span>
    </div>
  );
}

function sprintBadge(state: string): string {
  const st = state.toLowerCase();
  if (st === 'active') return badge.green;
  if (st === 'closed') return badge.grey;
  return badge.blue;
}

function ThisSprint({
  sprint,
  projectKey,
  forecast,
}: {
  sprint: JiraSprint | null;
  projectKey: string;
  forecast: React.ReactNode;
}) {
  const site = useContext(JiraSiteContext);
  return (
    <section className={s.section} aria-labelledby="jira-sprint">
      <h3 id="jira-sprint" className={s.h3}>
        This Sprint
      </h3>
      {sprint ? (
        <div className={s.panel}>
          <div className={s.row}>
            <span className={sprintBadge(sprint.state)}>{sprint.state}</span>
            <strong>
              {site ? (
                <SourceLink href={jiraSprintUrl(site, projectKey, sprint.name)}>
                  {sprint.name}
                </SourceLink>
              ) : (
                sprint.name
              )}
            </strong>
          </div>
          <div className={s.mutedText}>
            {formatDate(sprint.startDate)} - {formatDate(sprint.endDate)}
          </div>
          {sprint.goal ? <p className={s.goal}>"{sprint.goal}"</p> : null}
          <div className={s.stats}>
            <Stat label="Total" value={sprint.totalTickets} />
            <Stat label="Completed" value={sprint.completedTickets} />
            <Stat label="Descoped" value={sprint.descopedTickets} />
            <Stat label="Blocked" value={sprint.blockedTickets} />
          </div>
          <ProgressBar
            label="Progress (including descoped)"
            percent={sprintProgress({
              completed: sprint.completedTickets,
              descoped: sprint.descopedTickets,
              total: sprint.totalTickets,
            })}
          />
          {forecast}
        </div>
      ) : (
        <p className={s.mutedText}>No sprints found for this project</p>
      )}
    </section>
  );
}

/** The epics; their Epic Progress line is the project's, as its card and table row read it. */
function Epics({ epics, project }: { epics: JiraEpic[]; project: ProjectForEveryone }) {
  const [shown, setShown] = useState(EPICS_PAGE_SIZE);
  const remaining = Math.max(0, epics.length - shown);
  const forecast = useProjectForecast(project.id);
  const forecasts = forecast.data && new Map(forecast.data.epics.map((e) => [e.key, e]));
  return (
    <section className={s.section} aria-labelledby="jira-epics">
      <h3 id="jira-epics" className={s.h3}>
        Epics ({epics.length})
      </h3>
      {epics.length > 0 ? (
        <p className={s.mutedText} data-testid="epic-progress" title={figureHelp('epicProgress')}>
          {figureLabel('epicProgress')}: {epicProgressText(epicProgress(project))}
        </p>
      ) : null}
      {forecast.data && forecast.data.epics.length > 0 ? (
        <p className={s.mutedText} data-testid="epic-forecast-basis">
          Finish dates forecast {forecast.data.basis.text}, open epics worked in key order.
        </p>
      ) : null}
      <ul className={s.list}>
        {epics.slice(0, shown).map((epic) => (
          <li key={epic.key} className={s.epic} data-testid="epic">
            <div className={s.row}>
              <JiraKey issueKey={epic.key} className={s.epicKey} />
              <span className={s.epicName}>{epic.name}</span>
              <span className={badge[statusColor(epic.status.name)]}>{epic.status.name}</span>
            </div>
            {epic.tickets > 0 ? (
              <ProgressBar
                label={`${epic.completedTickets}/${epic.tickets} tickets`}
                percent={epic.completionPercentage}
                tone="cyan"
              />
            ) : (
              <span className={s.mutedText}>No tickets assigned to this epic</span>
            )}
            {forecasts?.get(epic.key) ? (
              <EpicForecastLine epic={forecasts.get(epic.key)!} unit={forecast.data!.basis.unit} />
            ) : null}
          </li>
        ))}
      </ul>
      {remaining > 0 ? (
        <button
          type="button"
          className={button.secondary}
          onClick={() => setShown((n) => n + EPICS_PAGE_SIZE)}
        >
          Load More ({remaining} remaining)
        </button>
      ) : null}
    </section>
  );
}

/**
 * An open epic's P50 and P85 finish dates (docs/decisions/420-forecasts-with-ranges.md). A date
 * past the simulation's two years is said as such, not put where a date goes.
 */
function EpicForecastLine({ epic, unit }: { epic: EpicForecast; unit: ThroughputUnit }) {
  const one = unit === 'points' ? 'point' : 'ticket';
  const left = `${epic.remaining} ${epic.remaining === 1 ? one : `${one}s`} left`;
  let text: string;
  if (epic.p50Date === null) text = `${left}: not likely done within two years`;
  else if (epic.p85Date === null)
    text = `${left}: likely done by ${formatDate(epic.p50Date)} (P50), not 85% sure within two years`;
  else
    text = `${left}: likely done by ${formatDate(epic.p50Date)} (P50), 85% sure by ${formatDate(epic.p85Date)} (P85)`;
  return (
    <span className={s.mutedText} data-testid="epic-forecast">
      {text}
    </span>
  );
}

/** The running sprint's share done at its end, P50 and P85, with what it rests on. */
function SprintForecastLine({
  projectId,
  sprint,
}: {
  projectId: number;
  sprint: JiraSprint | null;
}) {
  const forecast = useProjectForecast(projectId);
  const f = forecast.data?.sprint;
  if (!f || !sprint || f.name !== sprint.name) return null;
  return (
    <p className={s.mutedText} data-testid="sprint-forecast">
      By its end: likely {f.p50Done}% done (P50), 85% sure of {f.p85Done}% (P85),{' '}
      {forecast.data!.basis.text}.
    </p>
  );
}
