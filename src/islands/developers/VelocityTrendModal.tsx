import { useQuery } from '@tanstack/react-query';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { curveMonotoneX } from '@visx/curve';
import { GridRows } from '@visx/grid';
import { scaleLinear, scalePoint } from '@visx/scale';
import { Line, LinePath } from '@visx/shape';
import { readOr } from '../../client/api';
import { visuallyHidden } from '../../components/ui.css';
import { QueryPanel } from '../../components/QueryPanel';
import {
  axisLines,
  bottomTicks,
  ChartFrame,
  everyOther,
  leftTicks,
} from '../../components/ChartFrame';
import { formatDate, formatWeekLabel } from '../../shared/format';
import { SO_FAR } from '../../shared/figures';
import { hasVelocityData, velocityHint, velocityStats } from '../../shared/velocity';
import type { IsoDate } from '../../shared/calendar';
import { DownloadCsv } from '../../components/DownloadCsv';
import { exportHref } from '../../shared/exports';
import { ChartStat } from './ChartStat';
import * as s from './charts.css';

export type Props = Record<string, never>;

interface Entry {
  weekStart: IsoDate;
  velocityPercentage: number;
}

export const VELOCITY_HISTORY_PATH = '/api/velocity-history';
const TARGET = 100;

/**
 * The Velocity Percentage Trend modal's body (docs/product-spec.md, "Weekly History page"); it is
 * mounted, and fetches, only while the modal is open.
 */
export default function VelocityTrendModal() {
  const query = useQuery({
    queryKey: [VELOCITY_HISTORY_PATH],
    queryFn: () => readOr<Entry[]>(VELOCITY_HISTORY_PATH, 'Failed to fetch velocity history'),
  });

  return (
    <QueryPanel
      query={query}
      look="compact"
      loading="Loading velocity history"
      error={(e) => ({ text: e.message })}
      empty={{ when: (d) => !hasVelocityData(d), text: 'No velocity data available' }}
    >
      {(entries) => <VelocityTrend entries={entries} />}
    </QueryPanel>
  );
}

function VelocityTrend({ entries }: { entries: Entry[] }) {
  const stats = velocityStats(entries);
  const hint = velocityHint(entries);
  // Best and lowest are full weeks: the running week (the last) is not among them.
  const full = entries.slice(0, -1);
  const best = full.find((e) => e.velocityPercentage === stats.bestWeek);
  const lowest = full.find((e) => e.velocityPercentage === stats.lowestWeek);
  return (
    <div data-testid="velocity-body">
      <VelocityLineChart entries={entries} />
      {hint ? <p className={s.note}>{hint}</p> : null}
      <div className={s.stats}>
        <ChartStat label="Avg Velocity" value={`${stats.avgVelocity}%`} />
        <ChartStat
          label="Best Week"
          value={`${stats.bestWeek}%`}
          sub={best ? formatDate(best.weekStart, 'MMM d') : undefined}
        />
        <ChartStat
          label="Lowest Week"
          value={`${stats.lowestWeek}%`}
          sub={lowest ? formatDate(lowest.weekStart, 'MMM d') : undefined}
        />
        <ChartStat label="This Week" value={`${stats.thisWeek}%`} sub={SO_FAR} />
      </div>
      <div className={s.downloadRow}>
        <DownloadCsv href={exportHref.velocityHistory()} />
      </div>
    </div>
  );
}

const HEIGHT = 280;
const MARGIN = { top: 16, right: 24, bottom: 44, left: 48 };

function VelocityLineChart({ entries }: { entries: Entry[] }) {
  const top = Math.max(TARGET + 20, ...entries.map((e) => e.velocityPercentage + 10));
  return (
    <div className={s.chartBox}>
      <ChartFrame<Entry>
        height={HEIGHT}
        margin={MARGIN}
        label="Velocity percentage per week, with the 100% target line"
        tooltipClassName={s.tooltip}
        placeTooltip={({ left, top }) => ({ left: Math.max(0, left - 90), top: top - 56 })}
        tooltip={(e) => (
          <>
            <strong>Week: {formatWeekLabel(e.weekStart)}</strong>
            <div>Velocity: {e.velocityPercentage}%</div>
          </>
        )}
      >
        {({ width, innerWidth, innerHeight, show, hide }) => {
          const x = scalePoint<string>({
            domain: entries.map((e) => e.weekStart),
            range: [0, innerWidth],
            padding: 0.3,
          });
          const y = scaleLinear<number>({ domain: [0, top], range: [innerHeight, 0], nice: true });
          const xOf = (e: Entry) => x(e.weekStart) ?? 0;
          const yOf = (e: Entry) => y(e.velocityPercentage);
          // On a phone every other week is labelled, so labels never overlap.
          const narrow = width < 480;
          return (
            <>
              <GridRows scale={y} width={innerWidth} numTicks={5} className={s.grid} />
              <Line
                from={{ x: 0, y: y(TARGET) }}
                to={{ x: innerWidth, y: y(TARGET) }}
                className={s.target}
                data-testid="target-line"
              />
              <text x={innerWidth} y={y(TARGET) - 6} textAnchor="end" className={s.targetLabel}>
                100% target
              </text>
              <LinePath data={entries} x={xOf} y={yOf} curve={curveMonotoneX} className={s.line} />
              <AxisLeft
                scale={y}
                numTicks={5}
                tickFormat={(v) => `${Number(v)}%`}
                tickLabelProps={leftTicks(s.axisLabel)}
                {...axisLines}
              />
              <AxisBottom
                scale={x}
                top={innerHeight}
                tickValues={narrow ? everyOther(entries.map((e) => e.weekStart)) : undefined}
                tickFormat={(week) => formatDate(week, 'MMM d')}
                tickLabelProps={bottomTicks(s.axisLabel)}
                label="Week starting"
                labelProps={bottomTicks(s.axisLabel)}
                {...axisLines}
              />
              {/* The points after the axes, so a week at 0% is on top of the axis line and can be hovered. */}
              {entries.map((e) => {
                const open = () => show(e, xOf(e), yOf(e));
                return (
                  <circle
                    key={e.weekStart}
                    className={s.dot}
                    cx={xOf(e)}
                    cy={yOf(e)}
                    r={5}
                    tabIndex={0}
                    role="img"
                    aria-label={`Week of ${formatDate(e.weekStart)}: ${e.velocityPercentage}%`}
                    data-week={e.weekStart}
                    onMouseMove={open}
                    onFocus={open}
                    onBlur={hide}
                  />
                );
              })}
            </>
          );
        }}
      </ChartFrame>
      <table className={visuallyHidden}>
        <caption>Velocity percentage per week</caption>
        <thead>
          <tr>
            <th scope="col">Week</th>
            <th scope="col">Velocity</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.weekStart}>
              <td>{formatWeekLabel(e.weekStart)}</td>
              <td>{e.velocityPercentage}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
