import { useQuery } from '@tanstack/react-query';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { curveMonotoneX } from '@visx/curve';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import { scaleLinear, scalePoint } from '@visx/scale';
import { Line, LinePath } from '@visx/shape';
import { useTooltip } from '@visx/tooltip';
import { readOr } from '../../client/api';
import { spinner, visuallyHidden } from '../../components/ui.css';
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

  if (query.isError) {
    return (
      <p className={s.error} role="alert">
        {query.error.message}
      </p>
    );
  }
  if (!query.data) {
    return (
      <div className={s.loading} role="status" aria-label="Loading velocity history">
        <div className={spinner} />
      </div>
    );
  }
  if (!hasVelocityData(query.data)) return <p className={s.empty}>No velocity data available</p>;
  const stats = velocityStats(query.data);
  const hint = velocityHint(query.data);
  // Best and lowest are full weeks: the running week (the last) is not among them.
  const full = query.data.slice(0, -1);
  const best = full.find((e) => e.velocityPercentage === stats.bestWeek);
  const lowest = full.find((e) => e.velocityPercentage === stats.lowestWeek);
  return (
    <div data-testid="velocity-body">
      <VelocityLineChart entries={query.data} />
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
  const tip = useTooltip<Entry>();
  const top = Math.max(TARGET + 20, ...entries.map((e) => e.velocityPercentage + 10));
  return (
    <div className={s.chartBox} onMouseLeave={tip.hideTooltip}>
      <ParentSize debounceTime={50} style={{ height: HEIGHT }}>
        {({ width }) => {
          if (width < 10) return null;
          const innerWidth = Math.max(10, width - MARGIN.left - MARGIN.right);
          const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
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
            <svg
              width={width}
              height={HEIGHT}
              role="group"
              aria-label="Velocity percentage per week, with the 100% target line"
            >
              <Group left={MARGIN.left} top={MARGIN.top}>
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
                <LinePath
                  data={entries}
                  x={xOf}
                  y={yOf}
                  curve={curveMonotoneX}
                  className={s.line}
                />
                {entries.map((e) => {
                  const show = () =>
                    tip.showTooltip({
                      tooltipData: e,
                      tooltipLeft: MARGIN.left + xOf(e),
                      tooltipTop: MARGIN.top + yOf(e),
                    });
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
                      onMouseMove={show}
                      onFocus={show}
                      onBlur={tip.hideTooltip}
                    />
                  );
                })}
                <AxisLeft
                  scale={y}
                  numTicks={5}
                  tickFormat={(v) => `${Number(v)}%`}
                  tickLabelProps={{
                    className: s.axisLabel,
                    textAnchor: 'end',
                    dx: -4,
                    dy: '0.33em',
                  }}
                  stroke="currentColor"
                  tickStroke="currentColor"
                />
                <AxisBottom
                  scale={x}
                  top={innerHeight}
                  tickValues={
                    narrow
                      ? entries
                          .filter((_, i) => (entries.length - 1 - i) % 2 === 0)
                          .map((e) => e.weekStart)
                      : undefined
                  }
                  tickFormat={(week) => formatDate(week, 'MMM d')}
                  tickLabelProps={{ className: s.axisLabel, textAnchor: 'middle' }}
                  label="Week starting"
                  labelProps={{ className: s.axisLabel, textAnchor: 'middle' }}
                  stroke="currentColor"
                  tickStroke="currentColor"
                />
              </Group>
            </svg>
          );
        }}
      </ParentSize>
      {tip.tooltipOpen && tip.tooltipData ? (
        <div
          className={s.tooltip}
          style={{
            left: Math.max(0, (tip.tooltipLeft ?? 0) - 90),
            top: (tip.tooltipTop ?? 0) - 56,
          }}
          role="tooltip"
        >
          <strong>Week: {formatWeekLabel(tip.tooltipData.weekStart)}</strong>
          <div>Velocity: {tip.tooltipData.velocityPercentage}%</div>
        </div>
      ) : null}
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
