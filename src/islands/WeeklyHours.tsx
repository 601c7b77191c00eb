import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { apiRequest, readOr } from '../client/api';
import { useWeekInAddress } from '../client/week-address';
import { ProgressBar } from '../components/ProgressBar';
import { ChevronRightIcon } from '../components/icons';
import { DownloadCsv } from '../components/DownloadCsv';
import { exportHref } from '../shared/exports';
import { badge, card, h2, spinner, visuallyHidden } from '../components/ui.css';
import { WeekButtons } from '../components/WeekButtons';
import type { AgencyTimeData, ProjectTimeData } from '../shared/weekly-hours';
import { MONEY_TABS_SCOPE } from '../shared/margins';
import { formatDate, formatHours, formatWeekLabel } from '../shared/format';
import { formatMoney, formatTotal } from '../shared/currency';
import { figureHelp, NOT_STARTED, SO_FAR, type WeekPhase, weekPhase } from '../shared/figures';
import { percentOf } from '../shared/percent';
import { shiftWeek, type IsoDate } from '../shared/calendar';
import type { Freshness } from '../shared/freshness';
import { EmptyState, ErrorState } from '../components/PanelState';
import * as state from '../components/PanelState.css';
import * as s from './WeeklyHours.css';

export interface Props {
  /** The Monday of the agency's current week, in its time zone ('Current' returns here). */
  currentWeekStart: IsoDate;
  /** The week the server rendered. */
  weekStart: IsoDate;
  /** Its data, or null when the server could not read it (the island asks again). */
  initial: AgencyTimeData | null;
  /**
   * The Forecast time copy has never been synced and a sync is running: the page says so
   * instead of 'No Time Entries', and shows the week once the sync has brought it.
   */
  syncingTimeData?: boolean;
}

/** How often the first sync's end is asked for while the page waits on it. */
const SYNC_POLL_MS = 1_500;

interface SyncStatus {
  running: unknown;
  freshness: Pick<Freshness, 'sources'>;
}

/** True until the first time sync has stored data (or no sync runs any more). */
function useFirstTimeSync(initiallySyncing: boolean, onDone: () => void): boolean {
  const [syncing, setSyncing] = useState(initiallySyncing);
  useEffect(() => {
    if (!syncing) return;
    let timer: ReturnType<typeof setTimeout>;
    const ask = async () => {
      try {
        const status = await apiRequest<SyncStatus>('GET', '/api/admin/sync');
        const synced = status.freshness.sources.some((s) => s.service === 'Forecast time' && s.at);
        if (synced || !status.running) {
          setSyncing(false);
          onDone();
          return;
        }
      } catch {
        // Asked again below: the sync goes on whether or not this page hears of it.
      }
      timer = setTimeout(() => void ask(), SYNC_POLL_MS);
    };
    timer = setTimeout(() => void ask(), SYNC_POLL_MS);
    return () => clearTimeout(timer);
  }, [syncing, onDone]);
  return syncing;
}

export const agencyTimePath = (weekStart: IsoDate) =>
  `/api/agency-time-entries?weekStart=${weekStart}`;

/**
 * The Weekly Hours tab: 'Weekly Summary', its four cards and the 'Project Time Breakdown'
 * (docs/product-spec.md, "Agency Dashboard").
 */
export default function WeeklyHours(props: Props) {
  const [weekStart, goTo] = useWeekInAddress(props.weekStart, props.currentWeekStart);

  const query = useQuery({
    queryKey: [agencyTimePath(weekStart)],
    // docs/product-spec.md, "Error catalogue": a failed read shows its own message, as 'Error'
    // cards and the error panel.
    queryFn: () =>
      readOr<AgencyTimeData>(agencyTimePath(weekStart), 'Failed to fetch agency time entries'),
    initialData: weekStart === props.weekStart && props.initial ? props.initial : undefined,
  });
  const { refetch } = query;
  const syncing = useFirstTimeSync(
    props.syncingTimeData ?? false,
    useCallback(() => void refetch(), [refetch]),
  );
  return (
    <WeeklyHoursView
      weekStart={weekStart}
      data={query.data}
      isError={query.isError}
      syncing={syncing}
      onPrevious={() => goTo(shiftWeek(weekStart, -1))}
      onCurrent={() => goTo(props.currentWeekStart)}
      onNext={() => goTo(shiftWeek(weekStart, 1))}
      phase={weekPhase(weekStart, props.currentWeekStart)}
    />
  );
}

export interface WeeklyHoursViewProps {
  /** The week asked for: its label stays up while its data loads, so it never flickers. */
  weekStart?: IsoDate;
  /** The week's data; undefined while it loads or after it failed. */
  data: AgencyTimeData | undefined;
  isError: boolean;
  /** The first time sync is still running: an empty week means 'not here yet', not 'none'. */
  syncing?: boolean;
  onPrevious: () => void;
  onCurrent: () => void;
  onNext: () => void;
  /** The running week's figures are so far; a week not started has none yet. */
  phase?: WeekPhase;
}

/**
 * What the tab shows for one state of the week's query (the loading, empty and error texts of
 * docs/product-spec.md, "Agency Dashboard").
 */
export function WeeklyHoursView({
  weekStart,
  data,
  isError,
  syncing = false,
  onPrevious,
  onCurrent,
  onNext,
  phase = 'past',
}: WeeklyHoursViewProps) {
  return (
    <>
      <section className={`${card} ${s.summary}`} aria-labelledby="weekly-summary-title">
        <div className={s.summaryHeader}>
          <div>
            <h2 className={h2} id="weekly-summary-title">
              Weekly Summary
            </h2>
            <p className={s.weekLabel} data-testid="week-label" aria-live="polite">
              {data
                ? formatWeekLabel(data.weekStart)
                : weekStart && !isError
                  ? formatWeekLabel(weekStart)
                  : 'No data'}
            </p>
            {phase === 'past' ? null : (
              <p className={s.scope} data-testid="week-phase">
                {phase === 'current'
                  ? `This week ${SO_FAR}: its figures grow until Sunday.`
                  : `This week has ${NOT_STARTED}: nothing is logged yet.`}
              </p>
            )}
            <p className={s.scope}>{MONEY_TABS_SCOPE}</p>
          </div>
          <WeekButtons
            look="text-and-chevrons"
            onPrevious={onPrevious}
            onCurrent={onCurrent}
            onNext={onNext}
          />
        </div>
        <dl className={s.cards}>
          <MetricCard
            label="Total Hours"
            help={figureHelp('totalHours')}
            isError={isError}
            value={data ? formatHours(data.totalHours) : null}
          />
          <MetricCard
            label="Active Projects"
            help={figureHelp('activeProjects')}
            isError={isError}
            value={data ? String(data.projectTimeData.length) : null}
          />
          <MetricCard
            label="Total Internal Cost"
            help={figureHelp('internalCost')}
            isError={isError}
            value={data ? formatMoney(data.totalInternalCost, data.currency) : null}
          />
          <MetricCard
            label="Invoices This Week"
            help={figureHelp('invoicesThisWeek')}
            isError={isError}
            value={data ? formatTotal(data.invoicesSent, data.currency) : null}
          />
        </dl>
      </section>

      <section className={card} aria-labelledby="project-breakdown-title">
        <div className={s.breakdownHeader}>
          <h2 className={h2} id="project-breakdown-title">
            Project Time Breakdown
          </h2>
          <p className={s.breakdownNote}>Monday to Sunday</p>
          {data ? <DownloadCsv href={exportHref.weeklyHours(data.weekStart)} /> : null}
        </div>
        {isError ? (
          <ErrorState
            title="Error Loading Time Data"
            text="Failed to load project time entries. Please try again later."
          />
        ) : !data ? (
          <div className={state.state} role="status">
            <span className={spinner} aria-hidden="true" />
            <p className={state.text}>Loading project time data...</p>
          </div>
        ) : data.projectTimeData.length === 0 && syncing ? (
          <div className={state.state} role="status" data-testid="syncing-time-data">
            <span className={spinner} aria-hidden="true" />
            <p className={state.title}>Syncing time data from Forecast…</p>
            <p className={state.text}>
              The first sync is reading time entries from Forecast; they appear here as soon as it
              finishes.
            </p>
          </div>
        ) : data.projectTimeData.length === 0 ? (
          <EmptyState title="No Time Entries">
            No time has been logged for the selected week across any projects.
          </EmptyState>
        ) : (
          // Keyed by week: moving to another week starts with every row collapsed.
          <ProjectBreakdown key={data.weekStart} week={data} />
        )}
      </section>
    </>
  );
}

function MetricCard({
  label,
  help,
  value,
  isError,
}: {
  label: string;
  /** The figure's definition from the glossary, on hover. */
  help: string;
  value: string | null;
  isError: boolean;
}) {
  return (
    <div className={s.metric}>
      <dt className={s.metricLabel} title={help}>
        {label}
      </dt>
      <dd className={`${s.metricValue} ${isError ? s.metricError : ''}`}>
        {isError ? (
          'Error'
        ) : value === null ? (
          <span role="status">
            <span className={spinner} aria-hidden="true" />
            <span className={visuallyHidden}>Loading</span>
          </span>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

function ProjectBreakdown({ week }: { week: AgencyTimeData }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (projectId: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(projectId)) next.delete(projectId);
      else next.add(projectId);
      return next;
    });
  return (
    <>
      <ul className={s.projects}>
        {week.projectTimeData.map((p) => (
          <ProjectRow
            key={p.projectId}
            project={p}
            weekHours={week.totalHours}
            expanded={open.has(p.projectId)}
            onToggle={() => toggle(p.projectId)}
          />
        ))}
      </ul>
      {/* Summed in minutes, as each project is: the rows' rounded hours may differ by a minute. */}
      <p className={s.total} data-testid="weekly-hours-total">
        <span>Total</span>
        <span>{formatHours(week.totalHours)}</span>
      </p>
    </>
  );
}

function ProjectRow({
  project: p,
  weekHours,
  expanded,
  onToggle,
}: {
  project: ProjectTimeData;
  weekHours: number;
  expanded: boolean;
  onToggle: () => void;
}) {
  const bodyId = `project-time-${p.projectId}`;
  const entries = p.timeEntries.length;
  return (
    <li className={s.project} data-testid="project-time-row">
      <button
        type="button"
        className={s.projectToggle}
        aria-expanded={expanded}
        aria-controls={bodyId}
        onClick={onToggle}
      >
        <ChevronRightIcon size={16} className={s.chevron} />
        <span className={s.projectName}>{p.projectName}</span>
        <span className={badge.grey}>{entries === 1 ? '1 entry' : `${entries} entries`}</span>
        <span className={s.projectHours}>{formatHours(p.totalHours)}</span>
      </button>
      {expanded ? (
        <div className={s.projectBody} id={bodyId}>
          <ProgressBar
            label="Share of the week's hours"
            percent={percentOf(p.totalHours, weekHours)}
          />
          <ul className={s.entries}>
            {p.timeEntries.map((e) => (
              <li key={e.id} className={s.entry}>
                <span className={s.entryDate}>{formatDate(e.date, 'EEE, MMM d')}</span>
                <span className={s.entryPerson}>{e.personName}</span>
                <span className={s.entryNotes}>{e.notes ?? ''}</span>
                <span className={s.entryHours}>{formatHours(e.hours)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}
