import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { scaleLinear, scalePoint } from '@visx/scale';
import { Line, LinePath } from '@visx/shape';
import { useRef, useState, type KeyboardEvent } from 'react';
import { formatDate } from '../../shared/format';
import { SO_FAR } from '../../shared/figures';
import type { IsoDate } from '../../shared/calendar';
import * as s from '../../components/insights/insights.css';
import {
  axisLines,
  bottomTicks,
  ChartFrame,
  everyOther,
  leftTicks,
} from '../../components/ChartFrame';

export type SeriesKind = keyof typeof s.series;

export interface ChartSeries {
  kind: SeriesKind;
  /** The series' name in the tooltip ('Internal Cost'). */
  label: string;
  /** One value per week; null leaves a gap (a week with nothing to show). */
  values: readonly (number | null)[];
}

export interface WeeklyLineChartProps {
  weeks: readonly IsoDate[];
  series: readonly ChartSeries[];
  currentWeek?: IsoDate;
  /** A value in the tooltip ('$38,459'). */
  formatValue: (n: number) => string;
  /** A tick of the value axis, shorter when it can be ('-$40k'); formatValue by default. */
  formatTick?: (n: number) => string;
  /** The value axis' title ('USD', 'Hours'). */
  valueAxisLabel: string;
  /** What the chart shows, for screen readers (the table beside it holds the numbers). */
  label: string;
}

const HEIGHT = 260;
const MARGIN = { top: 16, right: 16, bottom: 48, left: 84 };

/**
 * Lines over weeks, the current week shaded and marked 'so far' (docs/decisions/173, 302).
 * Both axes are titled and ticked, negatives included; each week is a focusable column whose
 * tooltip gives every series' value, on hover and on keyboard focus. The chart is one Tab stop
 * and the arrow keys move between its weeks, so Tab gets past it to the table and links below
 * in one press rather than one per week. Loaded only where a chart is shown: it brings visx with
 * it. The numbers are also in a table for keyboard users.
 */
export default function WeeklyLineChart({
  weeks,
  series,
  currentWeek,
  formatValue,
  formatTick = formatValue,
  valueAxisLabel,
  label,
}: WeeklyLineChartProps) {
  // The week Tab lands on: the one last focused, at first the newest.
  const [stop, setStop] = useState(weeks.length - 1);
  const columns = useRef<(SVGRectElement | null)[]>([]);
  const moveFocus = (e: KeyboardEvent, i: number) => {
    const last = weeks.length - 1;
    const next =
      e.key === 'ArrowLeft' || e.key === 'ArrowUp'
        ? Math.max(0, i - 1)
        : e.key === 'ArrowRight' || e.key === 'ArrowDown'
          ? Math.min(last, i + 1)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    columns.current[next]?.focus();
  };
  const values = series.flatMap((l) => l.values.filter((v): v is number => v !== null));
  const low = Math.min(0, ...values);
  const high = Math.max(1, ...values);
  return (
    <ChartFrame<number>
      height={HEIGHT}
      margin={MARGIN}
      label={label}
      tooltipClassName={s.tooltip}
      placeTooltip={({ left }, width) => ({
        left: Math.min(Math.max(left, 90), width - 90),
        top: MARGIN.top,
      })}
      tooltip={(i) => {
        const week = weeks[i]!;
        return (
          <>
            <strong>
              Week of {formatDate(week)}
              {week === currentWeek ? ` (${SO_FAR})` : ''}
            </strong>
            {series.map((line) => {
              const v = line.values[i];
              return (
                <span key={line.kind}>
                  <span className={`${s.swatchBase} ${s.swatch[line.kind]}`} />
                  {line.label}: {v === null || v === undefined ? 'none' : formatValue(v)}
                </span>
              );
            })}
          </>
        );
      }}
    >
      {({ width, innerWidth, innerHeight, active, show, hide }) => {
        const x = scalePoint<string>({ domain: [...weeks], range: [0, innerWidth], padding: 0.4 });
        const y = scaleLinear<number>({
          domain: [low, high],
          range: [innerHeight, 0],
          nice: true,
        });
        const step = x.step();
        const narrow = width < 560;
        const activeWeek = active === undefined ? undefined : weeks[active];
        const open = (i: number) => show(i, x(weeks[i]!) ?? 0, 0);
        return (
          <>
            {currentWeek && x(currentWeek) !== undefined ? (
              <>
                <rect
                  className={s.current}
                  x={(x(currentWeek) ?? 0) - step / 2}
                  width={step}
                  y={0}
                  height={innerHeight}
                  data-testid="current-week"
                />
                <text x={x(currentWeek) ?? 0} y={-4} textAnchor="middle" className={s.currentLabel}>
                  This week ({SO_FAR})
                </text>
              </>
            ) : null}
            <GridRows scale={y} width={innerWidth} numTicks={5} className={s.grid} />
            {low < 0 ? (
              <Line
                from={{ x: 0, y: y(0) }}
                to={{ x: innerWidth, y: y(0) }}
                className={s.zeroLine}
                data-testid="zero-line"
              />
            ) : null}
            {series.map((line) => (
              <LinePath
                key={line.kind}
                data={weeks.map((week, i) => ({ week, value: line.values[i] ?? null }))}
                defined={(d) => d.value !== null}
                x={(d) => x(d.week) ?? 0}
                y={(d) => y(d.value ?? 0)}
                className={`${s.line} ${s.series[line.kind]}`}
              />
            ))}
            {activeWeek !== undefined
              ? series.map((line) => {
                  const v = line.values[active!];
                  return v === null || v === undefined ? null : (
                    <circle
                      key={line.kind}
                      cx={x(activeWeek) ?? 0}
                      cy={y(v)}
                      r={4}
                      className={`${s.dot} ${s.series[line.kind]}`}
                    />
                  );
                })
              : null}
            <AxisLeft
              scale={y}
              numTicks={5}
              tickFormat={(v) => formatTick(Number(v))}
              tickLabelProps={leftTicks(s.axisLabel)}
              label={valueAxisLabel}
              labelClassName={s.axisTitle}
              labelOffset={52}
              {...axisLines}
            />
            <AxisBottom
              scale={x}
              top={innerHeight}
              tickValues={narrow ? everyOther(weeks) : undefined}
              tickFormat={(week) => formatDate(week, 'MMM d')}
              tickLabelProps={bottomTicks(s.axisLabel)}
              label="Week starting (Monday)"
              labelClassName={s.axisTitle}
              labelOffset={14}
              {...axisLines}
            />
            {weeks.map((week, i) => (
              <rect
                key={week}
                ref={(el) => {
                  columns.current[i] = el;
                }}
                role="button"
                tabIndex={i === Math.min(stop, weeks.length - 1) ? 0 : -1}
                aria-label={tipText(week, i)}
                x={(x(week) ?? 0) - step / 2}
                width={step}
                y={0}
                height={innerHeight}
                className={s.hit}
                data-testid="chart-week"
                onMouseEnter={() => open(i)}
                onFocus={() => {
                  open(i);
                  setStop(i);
                }}
                onKeyDown={(e) => moveFocus(e, i)}
                onBlur={hide}
              />
            ))}
          </>
        );
      }}
    </ChartFrame>
  );

  function tipText(week: IsoDate, i: number): string {
    const when = `Week of ${formatDate(week)}${week === currentWeek ? ` (${SO_FAR})` : ''}`;
    const parts = series.map((line) => {
      const v = line.values[i];
      return `${line.label}: ${v === null || v === undefined ? 'none' : formatValue(v)}`;
    });
    return [when, ...parts].join(', ');
  }
}
