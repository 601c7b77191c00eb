import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
export { axisLabel } from '../../components/ui.css';

export const controls = style({
  display: 'flex',
  gap: vars.space.lg,
  flexWrap: 'wrap',
  marginBottom: vars.space.lg,
});
// min-width 0: a date input's own minimum width must not push the pair past the dialog.
export const control = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  flex: '1 1 150px',
  minWidth: 0,
});
export const hint = style({
  color: vars.color.red,
  fontSize: '0.85rem',
  marginBottom: vars.space.md,
});

// ParentSize measures its box, which must be given the chart's height: its content is clipped to it.
export const chartBox = style({ position: 'relative', width: '100%' });
export const bar = style({
  fill: vars.color.primary,
  cursor: 'default',
  outline: 'none',
  selectors: { '&:hover, &:focus-visible': { fill: vars.color.primaryHover } },
});
export const line = style({ stroke: vars.color.primary, strokeWidth: 2.5, fill: 'none' });
export const dot = style({
  fill: vars.color.surface,
  stroke: vars.color.primary,
  strokeWidth: 2,
  outline: 'none',
  selectors: { '&:hover, &:focus-visible': { fill: vars.color.primary } },
});
export const target = style({ stroke: vars.color.green, strokeWidth: 1.5, strokeDasharray: '6 4' });
export const targetLabel = style({ fill: vars.color.green, fontSize: '11px', fontWeight: 600 });
export const grid = style({});
// visx gives each grid line a pale stroke attribute, which a stroke on the group cannot reach
// and which glares in dark mode; a rule on the lines beats the attribute.
globalStyle(`${grid} line`, { stroke: vars.color.border });
globalStyle(`${chartBox} svg`, { display: 'block', overflow: 'visible' });

export const tooltip = style({
  position: 'absolute',
  pointerEvents: 'none',
  background: vars.color.text,
  color: vars.color.surface,
  padding: '6px 10px',
  borderRadius: vars.radius.sm,
  fontSize: '0.82rem',
  lineHeight: 1.4,
  boxShadow: vars.shadow.pop,
  whiteSpace: 'nowrap',
  zIndex: 1,
});

export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(130px, 1fr))',
  gap: vars.space.md,
  marginTop: vars.space.lg,
});
export const stat = style({
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
});
export const statLabel = style({
  color: vars.color.textMuted,
  fontSize: '0.8rem',
  fontWeight: 600,
});
export const statValue = style({
  fontSize: '1.25rem',
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
});
export const statSub = style({ color: vars.color.textMuted, fontSize: '0.75rem' });

export const note = style({
  color: vars.color.textMuted,
  fontSize: '0.85rem',
  margin: `${vars.space.sm} 0 0`,
  textAlign: 'center',
});
export const controlEnd = style({ display: 'flex', alignItems: 'flex-end', marginLeft: 'auto' });
export const downloadRow = style({
  display: 'flex',
  justifyContent: 'flex-end',
  marginTop: vars.space.lg,
});
