import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { apiRequest, readOr, serverMessage } from '../client/api';
import { toast } from '../client/toast';
import { useTicketFiltersInAddress } from '../client/ticket-filters-address';
import { useWeekInAddress } from '../client/week-address';
import { Dialog } from '../components/Dialog';
import { type PanelQuery, QueryPanel } from '../components/QueryPanel';
import { DownloadCsv } from '../components/DownloadCsv';
import { JiraKey, JiraSiteContext } from '../components/SourceLink';
import { exportHref } from '../shared/exports';
import { badge, button, card, h2, spinner, visuallyHidden } from '../components/ui.css';
import { WeekButtons } from '../components/WeekButtons';
import { formatDate, formatWeekLabel } from '../shared/format';
import { shiftWeek, type IsoDate } from '../shared/calendar';
import { figureHelp, formatStoryPoints, NOT_STARTED, SO_FAR, weekPhase } from '../shared/figures';
import { statusColor } from '../shared/tickets';
import {
  type AvailablePoints,
  type UntrackedPoints,
  untrackedLine,
  velocityColor,
} from '../shared/velocity';
import {
  assigneeName,
  filterTickets,
  ticketsByProject,
  totalStoryPoints,
  UNASSIGNED,
  type CompletedTicket,
  type CompletedTicketResult,
  type TicketFilterChoice,
} from '../shared/story-points';
import * as s from './WeeklyHistory.css';
import { dateTimeFormat } from '../shared/date-time-format';

// Chart code loads only when a modal opens, so the page's first load carries no visx.
const StoryPointsModal = lazy(() => import('./developers/StoryPointsModal'));
const VelocityTrendModal = lazy(() => import('./developers/VelocityTrendModal'));

export interface Props {
  /** The Monday of the agency's current week ('Current' returns here). */
  currentWeekStart: IsoDate;
  /** The week the server rendered, with its data. */
  weekStart: IsoDate;
  completed: CompletedTicketResult;
  /** GET /api/developer-available-points of the week: velocity over the tracked people. */
  availablePoints: AvailablePoints;
  /** The tracked people's Jira account ids: the Story Points modal's Top Performer is one of them. */
  trackedAccountIds: string[];
  /** Whether this person may track someone (staff and admins change the selection). */
  canTrack: boolean;
  /** The Jira status that counts as ready for QA (docs/design.md, "Tickets ready for QA"). */
  qaStatus: string;
  /** The agency's zone, so a ticket's Updated date is the same day on the server and in any browser. */
  timeZone: string;
  /** The ticket filters named in the address; '' for all. */
  filters: TicketFilterChoice;
  /** The Jira site, so each ticket key links to its issue. */
  jiraSite: string;
}

export const completedInWeekPath = (weekStart: IsoDate) =>
  `/api/jira/tickets/completed-in-week?weekStart=${weekStart}`;
export const availablePointsPath = (weekStart: IsoDate) =>
  `/api/developer-available-points?weekStart=${weekStart}`;

/**
 * The Weekly History page body: stat cards, week navigator and the tickets ready for QA
 * (docs/product-spec.md, "Weekly History page").
 */
export default function WeeklyHistory(props: Props) {
  const [weekStart, goTo] = useWeekInAddress(props.weekStart, props.currentWeekStart);
  const [modal, setModal] = useState<'story-points' | 'velocity' | null>(null);

  const seeded = weekStart === props.weekStart;
  const completed = useQuery({
    queryKey: [completedInWeekPath(weekStart)],
    queryFn: () =>
      readOr<CompletedTicketResult>(
        completedInWeekPath(weekStart),
        'Failed to fetch completed tickets',
      ),
    initialData: seeded ? props.completed : undefined,
  });
  const available = useQuery({
    queryKey: [availablePointsPath(weekStart)],
    queryFn: () =>
      readOr<AvailablePoints>(availablePointsPath(weekStart), 'Failed to fetch available points'),
    initialData: seeded ? props.availablePoints : undefined,
  });
  const [tracked, setTracked] = useState(() => new Set(props.trackedAccountIds));

  const storyPoints = completed.data ? totalStoryPoints(completed.data.tickets) : null;
  // Velocity is the tracked people's points over their available points (docs/decisions/391).
  const velocity = available.data ? available.data.velocityPercentage : null;
  const weekLabel = formatWeekLabel(weekStart);
  // The running week's figures are so far; a week not started has none (never a red 0%).
  const phase = weekPhase(weekStart, props.currentWeekStart);
  const partial = phase === 'current' ? <span className={s.statNote}>{SO_FAR}</span> : null;

  const value = (q: { isError: boolean }, text: string | null) =>
    q.isError ? 'Error' : (text ?? '…');

  return (
    <>
      <div className={s.stats}>
        <div className={s.stat.plain} data-testid="stat-total-tickets">
          <span className={s.statLabel}>Total Tickets This Week</span>
          <span className={s.statValue}>
            {value(completed, completed.data ? String(completed.data.totalCompleted) : null)}
          </span>
        </div>
        <button
          type="button"
          className={s.stat.clickable}
          data-testid="stat-story-points"
          onClick={() => setModal('story-points')}
          aria-haspopup="dialog"
        >
          <span className={s.statLabel} title={figureHelp('storyPoints')}>
            Total Story Points
          </span>
          <span className={s.statValue}>
            {value(completed, storyPoints === null ? null : String(storyPoints))}
          </span>
          {partial}
        </button>
        <div className={s.stat.plain} data-testid="stat-available-points">
          <span className={s.statLabel}>Available Points</span>
          <span className={s.statValue}>
            {value(available, available.data ? String(available.data.totalAvailablePoints) : null)}
          </span>
        </div>
        <button
          type="button"
          className={s.stat.clickable}
          data-testid="stat-velocity"
          onClick={() => setModal('velocity')}
          aria-haspopup="dialog"
        >
          <span className={s.statLabel}>Velocity Percentage</span>
          {phase === 'future' ? (
            <span className={s.statValue}>Not started</span>
          ) : (
            <span
              className={`${s.statValue} ${velocity === null ? '' : s.velocity[velocityColor(velocity)]}`}
              data-color={velocity === null ? undefined : velocityColor(velocity)}
            >
              {completed.isError || available.isError
                ? 'Error'
                : velocity === null
                  ? '…'
                  : `${velocity}%`}
            </span>
          )}
          {partial}
        </button>
      </div>

      {phase === 'future' || !available.data ? null : (
        <UntrackedPeople
          untracked={available.data.untracked}
          canTrack={props.canTrack}
          onTracked={(accountId) => setTracked((before) => new Set([...before, accountId]))}
        />
      )}

      <div className={`${card} ${s.navigator}`}>
        <span className={s.weekLabel} data-testid="week-label" aria-live="polite">
          Week: {weekLabel}
        </span>
        {phase === 'past' ? null : (
          <span className={s.statNote} data-testid="week-phase">
            {phase === 'current' ? SO_FAR : `${NOT_STARTED}: nothing to count yet`}
          </span>
        )}
        <WeekButtons
          look="chevrons"
          onPrevious={() => goTo(shiftWeek(weekStart, -1))}
          onCurrent={() => goTo(props.currentWeekStart)}
          onNext={() => goTo(shiftWeek(weekStart, 1))}
          atCurrent={weekStart === props.currentWeekStart}
        />
      </div>

      <section className={card} aria-labelledby="qa-tickets-heading">
        <div className={s.listHeader}>
          <h2 id="qa-tickets-heading" className={h2}>
            Tickets Ready for QA Testing
          </h2>
          <span className={badge.blue} data-testid="qa-count">
            {completed.data ? completed.data.totalCompleted : '…'}
          </span>
          <span className={s.listActions}>
            <DownloadCsv href={exportHref.readyForQa(weekStart)} />
          </span>
        </div>
        <p className={s.listDescription}>
          Tasks, Bugs, and Stories moved to &quot;{props.qaStatus}&quot; during {weekLabel}
        </p>
        <JiraSiteContext.Provider value={props.jiraSite}>
          <TicketList query={completed} timeZone={props.timeZone} initialFilters={props.filters} />
        </JiraSiteContext.Provider>
      </section>

      <Dialog
        open={modal === 'story-points'}
        onClose={() => setModal(null)}
        title="Story Points by Assignee"
        size="lg"
        testId="story-points-modal"
      >
        <Suspense fallback={<DialogLoading />}>
          <StoryPointsModal currentWeekStart={props.currentWeekStart} tracked={tracked} />
        </Suspense>
      </Dialog>
      <Dialog
        open={modal === 'velocity'}
        onClose={() => setModal(null)}
        title="Velocity Percentage Trend"
        description="8-week velocity percentage history with 100% target line"
        size="lg"
        testId="velocity-modal"
      >
        <Suspense fallback={<DialogLoading />}>
          <VelocityTrendModal />
        </Suspense>
      </Dialog>
    </>
  );
}

/**
 * The points velocity leaves out: delivered by people who are not tracked (each with one click
 * to track them, for staff and admins) or by nobody (docs/decisions/391).
 */
function UntrackedPeople({
  untracked,
  canTrack,
  onTracked,
}: {
  untracked: UntrackedPoints[];
  canTrack: boolean;
  onTracked: (accountId: string) => void;
}) {
  const queryClient = useQueryClient();
  const track = useMutation({
    mutationFn: (person: UntrackedPoints & { accountId: string }) =>
      apiRequest('POST', '/api/developer-availability', {
        developers: {},
        selectedDevelopersList: [person.accountId],
      }),
    onSuccess: (_, person) => {
      onTracked(person.accountId);
      toast({
        title: `${person.displayName} is tracked`,
        description: 'Their story points and available points now count in velocity.',
      });
      return queryClient.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).startsWith('/api/developer-available-points'),
      });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to track this person'),
        variant: 'destructive',
      }),
  });
  const line = untrackedLine(untracked);
  if (line === null) return null;
  return (
    <section className={`${card} ${s.untracked}`} aria-labelledby="untracked-heading">
      <h2 id="untracked-heading" className={s.untrackedLine} data-testid="untracked-line">
        {line}
      </h2>
      <p className={s.statNote}>
        Velocity counts the tracked people&apos;s story points against their available points; Total
        Story Points counts every ticket.
      </p>
      <ul className={s.untrackedList}>
        {untracked.map((u) => (
          <li key={u.accountId ?? UNASSIGNED} className={s.untrackedPerson} data-testid="untracked">
            <span>{u.displayName}</span>
            <span className={s.points}>{formatStoryPoints(u.storyPoints)}</span>
            {u.accountId !== null && canTrack ? (
              <button
                type="button"
                className={button.secondary}
                disabled={track.isPending}
                onClick={() => track.mutate({ ...u, accountId: u.accountId! })}
                aria-label={`Track ${u.displayName}`}
              >
                Track
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function DialogLoading() {
  return (
    <div className={s.dialogLoading} role="status" aria-label="Loading chart">
      <div className={spinner} />
    </div>
  );
}

const ALL = '';

function TicketList({
  query,
  timeZone,
  initialFilters,
}: {
  query: PanelQuery<CompletedTicketResult>;
  timeZone: string;
  initialFilters: TicketFilterChoice;
}) {
  // One formatter for the list: building an Intl.DateTimeFormat per ticket dominated the render.
  const updatedDay = useMemo(() => updatedDayFormatter(timeZone), [timeZone]);
  const [{ assignee, project }, setFilters] = useTicketFiltersInAddress(initialFilters);
  const assigneeId = useId();
  const projectId = useId();
  return (
    <QueryPanel
      query={query}
      look="compact"
      loading="Loading tickets"
      error={(e) => ({ text: e.message })}
      empty={{ when: (d) => d.tickets.length === 0, title: 'No Ready for QA Tickets' }}
    >
      {({ tickets: all }) => {
        const names = (values: string[]) => [...new Set(values)].sort((a, b) => a.localeCompare(b));
        const assignees = names(all.map(assigneeName));
        const projects = names(all.map((t) => t.projectName));
        // A choice that is not in this week's list (after moving to another week) means all.
        const chosenAssignee = assignees.includes(assignee) ? assignee : null;
        const chosenProject = projects.includes(project) ? project : null;
        const shown = filterTickets(all, { assignee: chosenAssignee, project: chosenProject });
        const groups = ticketsByProject(shown);
        return (
          <>
            <div className={s.filters}>
              <label className={s.filter} htmlFor={assigneeId}>
                Assignee
                <select
                  id={assigneeId}
                  className={s.select}
                  value={chosenAssignee ?? ALL}
                  onChange={(e) => setFilters({ assignee: e.target.value, project })}
                >
                  <option value={ALL}>All assignees</option>
                  {assignees.map((a) => (
                    <option key={a} value={a}>
                      {a}
                    </option>
                  ))}
                </select>
              </label>
              <label className={s.filter} htmlFor={projectId}>
                Project
                <select
                  id={projectId}
                  className={s.select}
                  value={chosenProject ?? ALL}
                  onChange={(e) => setFilters({ assignee, project: e.target.value })}
                >
                  <option value={ALL}>All projects</option>
                  {projects.map((p) => (
                    <option key={p} value={p}>
                      {p}
                    </option>
                  ))}
                </select>
              </label>
              <span className={s.shown} aria-live="polite" data-testid="qa-shown">
                {shown.length === all.length
                  ? `${all.length} ticket${all.length === 1 ? '' : 's'} in ${projects.length} project${projects.length === 1 ? '' : 's'}`
                  : `Showing ${shown.length} of ${all.length} ticket${all.length === 1 ? '' : 's'}`}
              </span>
            </div>
            {groups.length === 0 ? (
              <div className={s.empty}>
                <p className={s.emptyTitle}>No tickets match these filters.</p>
                <button
                  type="button"
                  className={button.secondary}
                  onClick={() => setFilters({ assignee: ALL, project: ALL })}
                >
                  Show all tickets
                </button>
              </div>
            ) : (
              <div className={s.groups} data-testid="qa-tickets">
                {groups.map((g, i) => (
                  <section
                    key={g.projectName}
                    className={s.group}
                    aria-labelledby={`qa-group-${i}`}
                    data-testid="qa-group"
                  >
                    <h3 className={s.groupHeader} id={`qa-group-${i}`}>
                      <span className={s.groupName}>{g.projectName}</span>
                      <span className={badge.grey} data-testid="qa-group-count">
                        {g.tickets.length}
                      </span>
                      <span className={s.groupPoints}>{`${g.points} pts`}</span>
                    </h3>
                    <ul className={s.tickets}>
                      {g.tickets.map((t) => (
                        <TicketRow key={t.key} ticket={t} updatedDay={updatedDay} />
                      ))}
                    </ul>
                  </section>
                ))}
              </div>
            )}
          </>
        );
      }}
    </QueryPanel>
  );
}

/** 'Nov 19, 2026' for a timestamp, as the calendar day in the agency's zone (the server and every browser agree). */
function updatedDayFormatter(timeZone: string): (iso: string) => string {
  const format = dateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
  return (iso) => {
    const when = new Date(iso);
    return Number.isNaN(when.getTime()) ? formatDate(iso) : format.format(when);
  };
}

function TicketRow({
  ticket,
  updatedDay,
}: {
  ticket: CompletedTicket;
  updatedDay: (iso: string) => string;
}) {
  // One line per ticket: key, status, summary, assignee, Updated date and points; the project is
  // the group's heading (and in the line's hidden text, so each line reads whole on its own).
  return (
    <li className={s.ticket} data-testid="qa-ticket">
      <JiraKey issueKey={ticket.key} className={s.ticketKey} />
      <span className={badge[statusColor(ticket.status.name)]}>{ticket.status.name}</span>
      <span className={visuallyHidden}>{ticket.projectName}</span>
      <span className={s.ticketSummary} title={ticket.summary}>
        {ticket.summary}
      </span>
      <span className={s.ticketAssignee}>{assigneeName(ticket)}</span>
      <span className={s.ticketUpdated}>Updated {updatedDay(ticket.updated)}</span>
      <span className={s.points} title="Story points">
        {formatStoryPoints(ticket.storyPoints)}
      </span>
    </li>
  );
}
