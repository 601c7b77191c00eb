import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
// scroller: a table that scrolls sideways inside its panel. Positioned, so a visually hidden
// label in a far cell is placed within it, not out beside the page (at 375 px it made the page
// 500 px wide).
export {
  danger as negative,
  muted,
  tableScroll as scroller,
  note as statLabel,
  pair as stat,
  axisLabel,
} from '../ui.css';

export const panel = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.lg,
});
export const controls = style({
  display: 'flex',
  gap: vars.space.md,
  alignItems: 'center',
  flexWrap: 'wrap',
});
export const select = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  font: 'inherit',
  minWidth: 'min(240px, 100%)',
  maxWidth: '100%',
});
// ParentSize measures its box: it must have the chart's height before the chart arrives.
export const chartBox = style({ position: 'relative', width: '100%', minHeight: '260px' });
globalStyle(`${chartBox} svg`, { display: 'block', overflow: 'visible' });
export const chartPlaceholder = style({
  display: 'grid',
  placeItems: 'center',
  height: '260px',
  color: vars.color.textMuted,
});
export const series = styleVariants({
  cost: { stroke: vars.color.red },
  invoiced: { stroke: vars.color.blue },
  margin: { stroke: vars.color.green },
  hours: { stroke: vars.color.purple },
  perPoint: { stroke: vars.color.primary },
});
export const line = style({ strokeWidth: 2.5, fill: 'none' });
export const current = style({ fill: vars.color.amberBg });
export const currentLabel = style({ fill: vars.color.amber, fontSize: '11px', fontWeight: 600 });
export const grid = style({});
// visx gives each grid line a pale stroke attribute, which a stroke on the group cannot reach
// and which glares in dark mode; a rule on the lines beats the attribute.
globalStyle(`${grid} line`, { stroke: vars.color.border });
export const legend = style({
  display: 'flex',
  gap: vars.space.lg,
  flexWrap: 'wrap',
  fontSize: '0.85rem',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const swatch = styleVariants({
  cost: { background: vars.color.red },
  invoiced: { background: vars.color.blue },
  margin: { background: vars.color.green },
  hours: { background: vars.color.purple },
  perPoint: { background: vars.color.primary },
});
export const swatchBase = style({
  display: 'inline-block',
  width: '12px',
  height: '12px',
  borderRadius: '3px',
  marginRight: vars.space.xs,
  verticalAlign: 'middle',
});
export const num = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
/** A table's totals row: set apart from the rows it sums. */
export const totalRow = style({ fontWeight: 700 });
globalStyle(`${totalRow} th, ${totalRow} td`, { borderTop: `2px solid ${vars.color.border}` });
export const currentRow = style({ background: vars.color.amberBg, fontWeight: 600 });
/** A row an address points at (`#deal-12`, from the palette): marked, and clear of the top bar. */
export const targetRow = style({
  scrollMarginTop: '80px',
  selectors: { '&:target': { background: vars.color.amberBg } },
});
/** A figure past its alert's threshold, not yet at its limit. */
export const warning = style({ color: vars.color.amber, fontWeight: 600 });
export const stats = style({ display: 'flex', gap: vars.space.xl, flexWrap: 'wrap' });
export const statValue = style({ fontSize: '1.2rem', fontWeight: 700 });
/** Added beside the shared table style: row heads read left, cells have room, numbers never wrap. */
export const cells = style({});
globalStyle(`${cells} th, ${cells} td`, {
  padding: `${vars.space.sm} ${vars.space.md}`,
  textAlign: 'left',
  verticalAlign: 'top',
  borderBottom: `1px solid ${vars.color.border}`,
});
globalStyle(`${cells} ${num}`, { textAlign: 'right' });
export const zeroLine = style({ stroke: vars.color.textMuted, strokeWidth: 1.5 });
export const dot = style({ fill: vars.color.surface, strokeWidth: 2.5 });
export const axisTitle = style({ fill: vars.color.textMuted, fontSize: '12px', fontWeight: 600 });
// A week's column: invisible, but it takes the pointer and the keyboard focus for its tooltip.
export const hit = style({
  fill: 'transparent',
  cursor: 'crosshair',
  selectors: { '&:focus-visible': { stroke: vars.color.primary, strokeWidth: 2 } },
});
export const tooltip = style({
  position: 'absolute',
  transform: 'translateX(-50%)',
  display: 'grid',
  gap: '2px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  boxShadow: '0 4px 12px rgba(0, 0, 0, 0.15)',
  fontSize: '0.8rem',
  whiteSpace: 'nowrap',
  pointerEvents: 'none',
  zIndex: 1,
});
/** A stage's share of the open deals, as a bar beside its count (the funnel). */
export const funnelBar = style({
  display: 'block',
  height: '0.7rem',
  minWidth: '2px',
  borderRadius: vars.radius.sm,
  background: vars.color.blue,
});
export const funnelCell = style({ width: '40%' });
/** The client projects a deal renews, under its client's name in the Pipeline tab. */
export const renews = style({
  display: 'block',
  fontSize: '0.8rem',
  color: vars.color.textMuted,
});
