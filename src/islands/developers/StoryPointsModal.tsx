import { useQuery } from '@tanstack/react-query';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridColumns } from '@visx/grid';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useId, useState } from 'react';
import { readOr } from '../../client/api';
import { input, label, visuallyHidden } from '../../components/ui.css';
import { QueryPanel } from '../../components/QueryPanel';
import { axisLines, bottomTicks, ChartFrame, leftTicks } from '../../components/ChartFrame';
import { isIsoDate, weekEndOf, type IsoDate } from '../../shared/calendar';
import {
  assigneeStats,
  hasStoryPointsData,
  unassignedNote,
  storyPointsByAssignee,
  topPerformerNote,
  type AssigneePoints,
  type CompletedTicketResult,
} from '../../shared/story-points';
import { DownloadCsv } from '../../components/DownloadCsv';
import { exportHref } from '../../shared/exports';
import { ChartStat } from './ChartStat';
import * as s from './charts.css';

export interface Props {
  /** Monday of the current week: From and To default to it and its Sunday. */
  currentWeekStart: IsoDate;
  /** The tracked people's Jira account ids, among whom Top Performer is chosen (docs/decisions/391). */
  tracked: ReadonlySet<string>;
}

export const completedInRangePath = (startDate: IsoDate, endDate: IsoDate) =>
  `/api/jira/tickets/completed-in-range?startDate=${startDate}&endDate=${endDate}`;

/**
 * The Story Points by Assignee modal's body (docs/product-spec.md, "Weekly History page"); it is
 * mounted, and fetches, only while the modal is open.
 */
export default function StoryPointsModal({ currentWeekStart, tracked }: Props) {
  const [from, setFrom] = useState(currentWeekStart);
  const [to, setTo] = useState(weekEndOf(currentWeekStart));
  const fromId = useId();
  const toId = useId();
  const validRange = isIsoDate(from) && isIsoDate(to) && from <= to;

  const query = useQuery({
    queryKey: [completedInRangePath(from, to)],
    queryFn: () =>
      readOr<CompletedTicketResult>(
        completedInRangePath(from, to),
        'Failed to fetch chart tickets',
      ),
    enabled: validRange,
  });

  const rows = query.data ? storyPointsByAssignee(query.data.tickets) : [];
  const stats = assigneeStats(rows, tracked);

  return (
    <div data-testid="story-points-body">
      <div className={s.controls}>
        <div className={s.control}>
          <label className={label} htmlFor={fromId}>
            From
          </label>
          <input
            id={fromId}
            className={input}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div className={s.control}>
          <label className={label} htmlFor={toId}>
            To
          </label>
          <input
            id={toId}
            className={input}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => setTo(e.target.value)}
          />
        </div>
        {validRange ? (
          <div className={s.controlEnd}>
            <DownloadCsv href={exportHref.storyPoints(from, to)} />
          </div>
        ) : null}
      </div>
      {!validRange ? (
        <p className={s.hint} role="alert">
          Choose a From date on or before the To date.
        </p>
      ) : (
        <QueryPanel
          query={query}
          look="compact"
          loading="Loading story points"
          error={(e) => ({ text: e.message })}
          empty={{
            when: () => !hasStoryPointsData(rows),
            text: 'No story points data available for the selected date range',
          }}
        >
          {() => (
            <>
              <AssigneeBarChart rows={rows} />
              <div className={s.stats}>
                <ChartStat label="Total Assignees" value={String(stats.totalAssignees)} />
                <ChartStat label="Avg Points" value={String(stats.avgPoints)} />
                <ChartStat label="Top Performer" value={stats.topPerformer ?? '-'} />
                <ChartStat label="Top Points" value={String(stats.topPoints)} />
              </div>
              {unassignedNote(rows) ? <p className={s.note}>{unassignedNote(rows)}</p> : null}
              {topPerformerNote(rows, tracked) ? (
                <p className={s.note}>{topPerformerNote(rows, tracked)}</p>
              ) : null}
            </>
          )}
        </QueryPanel>
      )}
    </div>
  );
}

const ROW_HEIGHT = 34;
const MARGIN = { top: 8, right: 24, bottom: 40, left: 0 };
/** Names get up to a third of the width; longer ones are shortened with an ellipsis. */
const nameRoom = (width: number) => Math.min(160, Math.max(70, Math.round(width / 3)));

/** Horizontal bars, one per assignee, most points on top: names stay readable on a phone. */
function AssigneeBarChart({ rows }: { rows: AssigneePoints[] }) {
  const height = MARGIN.top + MARGIN.bottom + rows.length * ROW_HEIGHT;
  return (
    <div className={s.chartBox}>
      <ChartFrame<AssigneePoints>
        height={height}
        margin={(width) => ({ ...MARGIN, left: nameRoom(width) })}
        label="Story points by assignee"
        tooltipClassName={s.tooltip}
        placeTooltip={({ left, top }) => ({ left: Math.max(0, left - 120), top: top - 44 })}
        tooltip={(r) => (
          <>
            <strong>{r.assignee}</strong>
            <div>
              {r.points} story points · {r.tickets} {r.tickets === 1 ? 'ticket' : 'tickets'}
            </div>
          </>
        )}
      >
        {({ width, innerWidth, innerHeight, show, hide }) => {
          const maxChars = Math.floor(nameRoom(width) / 7.5);
          const y = scaleBand<string>({
            domain: rows.map((r) => r.assignee),
            range: [0, innerHeight],
            padding: 0.25,
          });
          const x = scaleLinear<number>({
            domain: [0, Math.max(...rows.map((r) => r.points), 1)],
            range: [0, innerWidth],
            nice: true,
          });
          const ticks = width < 420 ? 3 : 6;
          return (
            <>
              <GridColumns scale={x} height={innerHeight} numTicks={ticks} className={s.grid} />
              {rows.map((r) => {
                const barY = y(r.assignee) ?? 0;
                const barWidth = Math.max(0, x(r.points));
                const open = () => show(r, barWidth, barY);
                return (
                  <Bar
                    key={r.assignee}
                    className={s.bar}
                    x={0}
                    y={barY}
                    width={barWidth}
                    height={y.bandwidth()}
                    rx={3}
                    tabIndex={0}
                    role="img"
                    aria-label={`${r.assignee}: ${r.points} story points`}
                    data-assignee={r.assignee}
                    onMouseMove={open}
                    onFocus={open}
                    onBlur={hide}
                  />
                );
              })}
              <AxisLeft
                scale={y}
                hideTicks
                hideAxisLine
                tickFormat={(name) =>
                  name.length > maxChars ? `${name.slice(0, maxChars - 1)}…` : name
                }
                tickLabelProps={{ ...leftTicks(s.axisLabel), dx: -6 }}
              />
              <AxisBottom
                scale={x}
                top={innerHeight}
                numTicks={ticks}
                tickLabelProps={bottomTicks(s.axisLabel)}
                label="Story points"
                labelProps={bottomTicks(s.axisLabel)}
                {...axisLines}
              />
            </>
          );
        }}
      </ChartFrame>
      <table className={visuallyHidden}>
        <caption>Story points by assignee</caption>
        <thead>
          <tr>
            <th scope="col">Assignee</th>
            <th scope="col">Story points</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.assignee}>
              <td>{r.assignee}</td>
              <td>{r.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
