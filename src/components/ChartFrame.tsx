import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import { useTooltip } from '@visx/tooltip';
import type { ReactNode } from 'react';

export interface Margin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** What a chart draws with, inside the frame's margins. */
export interface Frame<T> {
  width: number;
  innerWidth: number;
  innerHeight: number;
  /** The item whose tooltip is open. */
  active: T | undefined;
  /** Opens the tooltip of `data` at a point of the plot (x and y inside the margins). */
  show: (data: T, x: number, y: number) => void;
  hide: () => void;
}

export interface ChartFrameProps<T> {
  height: number;
  /** A function of the width when the room for labels grows with it. */
  margin: Margin | ((width: number) => Margin);
  /** What the chart shows, for screen readers. */
  label: string;
  /** Of the box around the svg and its tooltip (it is positioned, for the tooltip). */
  className?: string;
  tooltipClassName: string;
  /** Where the tooltip box goes, from the point shown (in the box's pixels) and the width. */
  placeTooltip: (at: { left: number; top: number }, width: number) => { left: number; top: number };
  tooltip: (data: T) => ReactNode;
  children: (frame: Frame<T>) => ReactNode;
}

/**
 * The frame every visx chart shares: sized to its container's width, the plot inside margins, one
 * tooltip shown on hover and on keyboard focus and hidden when the pointer leaves. Loaded only
 * with the charts: it brings visx with it (docs/decisions/370-query-panel-and-chart-frame.md).
 */
export function ChartFrame<T>({
  height,
  margin,
  label,
  className,
  tooltipClassName,
  placeTooltip,
  tooltip,
  children,
}: ChartFrameProps<T>) {
  const tip = useTooltip<T>();
  return (
    <ParentSize debounceTime={50} style={{ height }}>
      {({ width }) => {
        if (width < 10) return null;
        const m = typeof margin === 'function' ? margin(width) : margin;
        const active = tip.tooltipOpen ? tip.tooltipData : undefined;
        const frame: Frame<T> = {
          width,
          innerWidth: Math.max(10, width - m.left - m.right),
          innerHeight: height - m.top - m.bottom,
          active,
          show: (data, x, y) =>
            tip.showTooltip({ tooltipData: data, tooltipLeft: m.left + x, tooltipTop: m.top + y }),
          hide: tip.hideTooltip,
        };
        return (
          <div
            className={className}
            style={{ position: 'relative' }}
            onMouseLeave={tip.hideTooltip}
          >
            <svg width={width} height={height} role="group" aria-label={label}>
              <Group left={m.left} top={m.top}>
                {children(frame)}
              </Group>
            </svg>
            {active !== undefined ? (
              <div
                className={tooltipClassName}
                role="tooltip"
                data-testid="chart-tooltip"
                style={placeTooltip(
                  { left: tip.tooltipLeft ?? 0, top: tip.tooltipTop ?? 0 },
                  width,
                )}
              >
                {tooltip(active)}
              </div>
            ) : null}
          </div>
        );
      }}
    </ParentSize>
  );
}

/** The axes' lines and ticks, in the text colour. */
export const axisLines = { stroke: 'currentColor', tickStroke: 'currentColor' } as const;
/** Tick labels of a left axis, right-aligned beside their tick. */
export const leftTicks = (className: string) =>
  ({ className, textAnchor: 'end', dx: -4, dy: '0.33em' }) as const;
/** Tick labels of a bottom axis, centred under their tick. */
export const bottomTicks = (className: string) => ({ className, textAnchor: 'middle' }) as const;
/** On a narrow chart every other label, ending with the newest, so labels never overlap. */
export const everyOther = <T,>(items: readonly T[]) =>
  items.filter((_, i) => (items.length - 1 - i) % 2 === 0);
