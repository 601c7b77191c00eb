import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import { scaleLinear, scalePoint } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { formatDate } from '../../shared/format';
import type { IsoDate } from '../../shared/calendar';
import * as s from '../../components/insights/insights.css';

export type SeriesKind = keyof typeof s.series;

export interface ChartSeries {
  kind: SeriesKind;
  /** One value per week; null leaves a gap (a week with nothing to show). */
  values: readonly (number | null)[];
}

export interface WeeklyLineChartProps {
  weeks: readonly IsoDate[];
  series: readonly ChartSeries[];
  currentWeek?: IsoDate;
  formatValue: (n: number) => string;
  /** What the chart shows, for screen readers (the table beside it holds the numbers). */
  label: string;
}

const HEIGHT = 260;
const MARGIN = { top: 16, right: 16, bottom: 40, left: 72 };

/**
 * Lines over weeks, the current week shaded (docs/decisions/173). Loaded only where a chart is
 * shown: it brings visx with it. The numbers are also in a table for keyboard users.
 */
export default function WeeklyLineChart({
  weeks,
  series,
  currentWeek,
  formatValue,
  label,
}: WeeklyLineChartProps) {
  const values = series.flatMap((l) => l.values.filter((v): v is number => v !== null));
  const low = Math.min(0, ...values);
  const high = Math.max(1, ...values);
  return (
    <ParentSize debounceTime={50} style={{ height: HEIGHT }}>
      {({ width }) => {
        if (width < 10) return null;
        const innerWidth = Math.max(10, width - MARGIN.left - MARGIN.right);
        const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
        const x = scalePoint<string>({ domain: [...weeks], range: [0, innerWidth], padding: 0.4 });
        const y = scaleLinear<number>({
          domain: [low, high],
          range: [innerHeight, 0],
          nice: true,
        });
        const step = x.step();
        const narrow = width < 560;
        return (
          <svg width={width} height={HEIGHT} role="img" aria-label={label}>
            <Group left={MARGIN.left} top={MARGIN.top}>
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
                  <text
                    x={x(currentWeek) ?? 0}
                    y={-4}
                    textAnchor="middle"
                    className={s.currentLabel}
                  >
                    This week
                  </text>
                </>
              ) : null}
              <GridRows scale={y} width={innerWidth} numTicks={5} className={s.grid} />
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
              <AxisLeft
                scale={y}
                numTicks={5}
                tickFormat={(v) => formatValue(Number(v))}
                tickLabelProps={{ className: s.axisLabel, textAnchor: 'end', dx: -4, dy: '0.33em' }}
                stroke="currentColor"
                tickStroke="currentColor"
              />
              <AxisBottom
                scale={x}
                top={innerHeight}
                tickValues={
                  narrow ? weeks.filter((_, i) => (weeks.length - 1 - i) % 2 === 0) : undefined
                }
                tickFormat={(week) => formatDate(week, 'MMM d')}
                tickLabelProps={{ className: s.axisLabel, textAnchor: 'middle' }}
                stroke="currentColor"
                tickStroke="currentColor"
              />
            </Group>
          </svg>
        );
      }}
    </ParentSize>
  );
}
