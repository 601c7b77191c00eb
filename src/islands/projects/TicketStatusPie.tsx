import { Group } from '@visx/group';
import { Pie } from '@visx/shape';
import { Tooltip, useTooltip } from '@visx/tooltip';
import { statusColor, type StatusColor } from '../../shared/tickets';
import { vars } from '../../../styles/theme.css';
import * as s from './ProjectDetailModal.css';

// The theme's strong colours, so the pie follows the light or dark palette (docs/decisions/182).
const FILL: Record<StatusColor, string> = {
  green: vars.color.green,
  blue: vars.color.blue,
  purple: vars.color.purple,
  amber: vars.color.amber,
  red: vars.color.red,
  grey: vars.color.grey,
  cyan: vars.color.cyan,
  violet: vars.color.violet,
};

interface Slice {
  status: string;
  count: number;
}

const SIZE = 200;

/** 'Ticket Status Breakdown': tickets per status as a pie, with a legend and a 'Tickets' tooltip. */
export function TicketStatusPie({ ticketsByStatus }: { ticketsByStatus: Record<string, number> }) {
  const slices: Slice[] = Object.entries(ticketsByStatus)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => ({ status, count }))
    .sort((a, b) => b.count - a.count);
  const tip = useTooltip<Slice>();
  if (slices.length === 0) return <p className={s.mutedText}>No tickets yet</p>;
  const radius = SIZE / 2;
  return (
    <div className={s.pieWrap}>
      <div className={s.pieChart} onMouseLeave={tip.hideTooltip}>
        <svg width={SIZE} height={SIZE} role="img" aria-label="Tickets per status">
          <Group top={radius} left={radius}>
            <Pie
              data={slices}
              pieValue={(d) => d.count}
              outerRadius={radius - 4}
              innerRadius={radius / 2.4}
              padAngle={0.01}
            >
              {(pie) =>
                pie.arcs.map((arc) => {
                  const [x, y] = pie.path.centroid(arc);
                  return (
                    <path
                      key={arc.data.status}
                      d={pie.path(arc) ?? ''}
                      // A style, not an attribute: SVG attributes do not read CSS variables.
                      style={{
                        fill: FILL[statusColor(arc.data.status)],
                        stroke: vars.color.surface,
                      }}
                      strokeWidth={1}
                      data-status={arc.data.status}
                      onMouseMove={() =>
                        tip.showTooltip({
                          tooltipData: arc.data,
                          tooltipLeft: x + radius,
                          tooltipTop: y + radius,
                        })
                      }
                    />
                  );
                })
              }
            </Pie>
          </Group>
        </svg>
        {tip.tooltipOpen && tip.tooltipData ? (
          <Tooltip
            left={tip.tooltipLeft}
            top={tip.tooltipTop}
            className={s.tooltip}
            unstyled
            applyPositionStyle
          >
            <strong>{tip.tooltipData.status}</strong>
            <div>Tickets: {tip.tooltipData.count}</div>
          </Tooltip>
        ) : null}
      </div>
      <ul className={s.legend} aria-label="Ticket status legend">
        {slices.map((slice) => (
          <li key={slice.status} className={s.legendItem}>
            <span className={s.swatch} style={{ background: FILL[statusColor(slice.status)] }} />
            <span>{slice.status}</span>
            <span className={s.legendCount}>{slice.count}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
