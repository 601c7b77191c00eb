import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { readOr } from '../client/api';
import { useWeekInAddress } from '../client/week-address';
import { Dialog } from '../components/Dialog';
import { DownloadCsv } from '../components/DownloadCsv';
import { exportHref } from '../shared/exports';
import { badge, card, h2, spinner } from '../components/ui.css';
import { WeekButtons } from '../components/WeekButtons';
import { formatDate, formatWeekLabel } from '../shared/format';
import { shiftWeek, type IsoDate } from '../shared/calendar';
import { statusColor } from '../shared/tickets';
import { velocityColor, velocityPercentage } from '../shared/velocity';
import {
  totalStoryPoints,
  type CompletedTicket,
  type CompletedTicketResult,
} from '../shared/story-points';
import * as s from './WeeklyHistory.css';

// Chart code loads only when a modal opens, so the page's first load carries no visx.
const StoryPointsModal = lazy(() => import('./developers/StoryPointsModal'));
const VelocityTrendModal = lazy(() => import('./developers/VelocityTrendModal'));

export interface Props {
  /** The Monday of the agency's current week ('Current' returns here). */
  currentWeekStart: IsoDate;
  /** The week the server rendered, with its data. */
  weekStart: IsoDate;
  completed: CompletedTicketResult;
  totalAvailablePoints: number;
  /** The Jira status that counts as ready for QA (docs/design.md, "Tickets ready for QA"). */
  qaStatus: string;
  /** The agency's zone, so a ticket's Updated date is the same day on the server and in any browser. */
  timeZone: string;
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
      readOr<{ totalAvailablePoints: number }>(
        availablePointsPath(weekStart),
        'Failed to fetch available points',
      ),
    initialData: seeded ? { totalAvailablePoints: props.totalAvailablePoints } : undefined,
  });

  const storyPoints = completed.data ? totalStoryPoints(completed.data.tickets) : null;
  const velocity =
    storyPoints !== null && available.data
      ? velocityPercentage(storyPoints, available.data.totalAvailablePoints)
      : null;
  const weekLabel = formatWeekLabel(weekStart);

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
          <span className={s.statLabel}>Total Story Points</span>
          <span className={s.statValue}>
            {value(completed, storyPoints === null ? null : String(storyPoints))}
          </span>
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
        </button>
      </div>

      <div className={`${card} ${s.navigator}`}>
        <span className={s.weekLabel} data-testid="week-label" aria-live="polite">
          Week: {weekLabel}
        </span>
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
        <TicketList query={completed} timeZone={props.timeZone} />
      </section>

      <Dialog
        open={modal === 'story-points'}
        onClose={() => setModal(null)}
        title="Story Points by Assignee"
        size="lg"
        testId="story-points-modal"
      >
        <Suspense fallback={<DialogLoading />}>
          <StoryPointsModal currentWeekStart={props.currentWeekStart} />
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

function DialogLoading() {
  return (
    <div className={s.dialogLoading} role="status" aria-label="Loading chart">
      <div className={spinner} />
    </div>
  );
}

function TicketList({
  query,
  timeZone,
}: {
  query: { data?: CompletedTicketResult; isError: boolean; error: Error | null };
  timeZone: string;
}) {
  // One formatter for the list: building an Intl.DateTimeFormat per ticket dominated the render.
  const updatedDay = useMemo(() => updatedDayFormatter(timeZone), [timeZone]);
  if (query.isError) {
    return (
      <p className={s.error} role="alert">
        {query.error?.message ?? 'Failed to fetch completed tickets'}
      </p>
    );
  }
  if (!query.data) {
    return (
      <div className={s.loading} role="status" aria-label="Loading tickets">
        <div className={spinner} />
      </div>
    );
  }
  if (query.data.tickets.length === 0) {
    return (
      <div className={s.empty}>
        <p className={s.emptyTitle}>No Ready for QA Tickets</p>
      </div>
    );
  }
  return (
    <ul className={s.tickets} data-testid="qa-tickets">
      {query.data.tickets.map((t) => (
        <TicketRow key={t.key} ticket={t} updatedDay={updatedDay} />
      ))}
    </ul>
  );
}

/** 'Nov 19, 2026' for a timestamp, as the calendar day in the agency's zone (the server and every browser agree). */
function updatedDayFormatter(timeZone: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat('en-US', {
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
  return (
    <li className={s.ticket} data-testid="qa-ticket">
      <div className={s.ticketTop}>
        <span className={s.ticketKey}>{ticket.key}</span>
        <span className={badge[statusColor(ticket.status.name)]}>{ticket.status.name}</span>
        <span className={s.ticketProject}>{ticket.projectName}</span>
      </div>
      <span className={s.points} title="Story points">
        {ticket.storyPoints ?? 0} pts
      </span>
      <p className={s.ticketSummary}>{ticket.summary}</p>
      <div className={s.ticketMeta}>
        <span>{ticket.assignee?.displayName ?? 'Unassigned'}</span>
        <span>Updated {updatedDay(ticket.updated)}</span>
      </div>
    </li>
  );
}
