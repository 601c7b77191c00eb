import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { readOr } from '../client/api';
import { useWeekInAddress } from '../client/week-address';
import { ProgressBar } from '../components/ProgressBar';
import { ChevronRightIcon, WarningIcon } from '../components/icons';
import { badge, card, h2, spinner, visuallyHidden } from '../components/ui.css';
import { WeekButtons } from '../components/WeekButtons';
import type { AgencyTimeData, ProjectTimeData } from '../services/agency-time';
import { formatDate, formatHours, formatUsd, formatWeekLabel } from '../services/format';
import { percentOf, shiftWeek, type IsoDate } from '../services/metrics';
import * as s from './WeeklyHours.css';

export interface Props {
  /** The Monday of the agency's current week, in its time zone ('Current' returns here). */
  currentWeekStart: IsoDate;
  /** The week the server rendered. */
  weekStart: IsoDate;
  /** Its data, or null when the server could not read it (the island asks again). */
  initial: AgencyTimeData | null;
}

export const agencyTimePath = (weekStart: IsoDate) => `/api/agency-time-entries?weekStart=${weekStart}`;

/** The Weekly Hours tab: 'Weekly Summary', its four cards and the 'Project Time Breakdown' (spec §2). */
export default function WeeklyHours(props: Props) {
  const [weekStart, goTo] = useWeekInAddress(props.weekStart, props.currentWeekStart);

  const query = useQuery({
    queryKey: [agencyTimePath(weekStart)],
    // Spec §8: a failed read shows its own message, as 'Error' cards and the error panel.
    queryFn: () => readOr<AgencyTimeData>(agencyTimePath(weekStart), 'Failed to fetch agency time entries'),
    initialData: weekStart === props.weekStart && props.initial ? props.initial : undefined,
  });
  return (
    <WeeklyHoursView
      data={query.data}
      isError={query.isError}
      onPrevious={() => goTo(shiftWeek(weekStart, -1))}
      onCurrent={() => goTo(props.currentWeekStart)}
      onNext={() => goTo(shiftWeek(weekStart, 1))}
    />
  );
}

export interface WeeklyHoursViewProps {
  /** The week's data; undefined while it loads or after it failed. */
  data: AgencyTimeData | undefined;
  isError: boolean;
  onPrevious: () => void;
  onCurrent: () => void;
  onNext: () => void;
}

/** What the tab shows for one state of the week's query (spec §2's loading, empty and error texts). */
export function WeeklyHoursView({ data, isError, onPrevious, onCurrent, onNext }: WeeklyHoursViewProps) {
  return (
    <>
      <section className={`${card} ${s.summary}`} aria-labelledby="weekly-summary-title">
        <div className={s.summaryHeader}>
          <div>
            <h2 className={h2} id="weekly-summary-title">
              Weekly Summary
            </h2>
            <p className={s.weekLabel} data-testid="week-label" aria-live="polite">
              {data ? formatWeekLabel(data.weekStart) : 'No data'}
            </p>
          </div>
          <WeekButtons look="text-and-chevrons" onPrevious={onPrevious} onCurrent={onCurrent} onNext={onNext} />
        </div>
        <dl className={s.cards}>
          <MetricCard label="Total Hours" isError={isError} value={data ? formatHours(data.totalHours) : null} />
          <MetricCard label="Active Projects" isError={isError} value={data ? String(data.projectTimeData.length) : null} />
          <MetricCard label="Total Internal Cost" isError={isError} value={data ? formatUsd(data.totalInternalCost) : null} />
          <MetricCard label="Invoices This Week" isError={isError} value={data ? formatUsd(data.totalInvoicesSent) : null} />
        </dl>
      </section>

      <section className={card} aria-labelledby="project-breakdown-title">
        <div className={s.breakdownHeader}>
          <h2 className={h2} id="project-breakdown-title">
            Project Time Breakdown
          </h2>
          <p className={s.breakdownNote}>Monday to Sunday</p>
        </div>
        {isError ? (
          <div className={s.state} role="alert">
            <WarningIcon size={28} className={s.errorIcon} />
            <p className={s.stateTitle}>Error Loading Time Data</p>
            <p className={s.stateText}>Failed to load project time entries. Please try again later.</p>
          </div>
        ) : !data ? (
          <div className={s.state} role="status">
            <span className={spinner} aria-hidden="true" />
            <p className={s.stateText}>Loading project time data...</p>
          </div>
        ) : data.projectTimeData.length === 0 ? (
          <div className={s.state}>
            <p className={s.stateTitle}>No Time Entries</p>
            <p className={s.stateText}>No time has been logged for the selected week across any projects.</p>
          </div>
        ) : (
          // Keyed by week: moving to another week starts with every row collapsed.
          <ProjectBreakdown key={data.weekStart} week={data} />
        )}
      </section>
    </>
  );
}

function MetricCard({ label, value, isError }: { label: string; value: string | null; isError: boolean }) {
  return (
    <div className={s.metric}>
      <dt className={s.metricLabel}>{label}</dt>
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
    <ul className={s.projects}>
      {week.projectTimeData.map((p) => (
        <ProjectRow key={p.projectId} project={p} weekHours={week.totalHours} expanded={open.has(p.projectId)} onToggle={() => toggle(p.projectId)} />
      ))}
    </ul>
  );
}

function ProjectRow({ project: p, weekHours, expanded, onToggle }: { project: ProjectTimeData; weekHours: number; expanded: boolean; onToggle: () => void }) {
  const bodyId = `project-time-${p.projectId}`;
  const entries = p.timeEntries.length;
  return (
    <li className={s.project} data-testid="project-time-row">
      <button type="button" className={s.projectToggle} aria-expanded={expanded} aria-controls={bodyId} onClick={onToggle}>
        <ChevronRightIcon size={16} className={s.chevron} />
        <span className={s.projectName}>{p.projectName}</span>
        <span className={badge.grey}>{entries === 1 ? '1 entry' : `${entries} entries`}</span>
        <span className={s.projectHours}>{formatHours(p.totalHours)}</span>
      </button>
      {expanded ? (
        <div className={s.projectBody} id={bodyId}>
          <ProgressBar label="Share of the week's hours" percent={percentOf(p.totalHours, weekHours)} />
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
