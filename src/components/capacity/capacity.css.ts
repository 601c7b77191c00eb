import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
// Positioned, so the cells' visually hidden words stay inside the scrolled box.
export { tableScroll as scroller, dangerStrong as short, aside as note } from '../ui.css';

export const panel = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
});
/** A plan of weeks: a name column, then one narrow column per week. */
export const plan = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: '0.85rem',
  fontVariantNumeric: 'tabular-nums',
});
globalStyle(`${plan} th, ${plan} td`, {
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'right',
  verticalAlign: 'top',
  whiteSpace: 'nowrap',
});
globalStyle(`${plan} th[scope="row"], ${plan} thead th:first-child`, {
  textAlign: 'left',
  position: 'sticky',
  left: 0,
  background: vars.color.surface,
  zIndex: 1,
  minWidth: '10rem',
  whiteSpace: 'normal',
});
globalStyle(`${plan} thead th`, { fontWeight: 650, verticalAlign: 'bottom' });
export const currentWeek = style({ background: vars.color.amberBg });
export const soFar = style({
  display: 'block',
  fontSize: '0.72rem',
  fontWeight: 600,
  color: vars.color.amber,
});
export const teamRow = style({ background: vars.color.surfaceMuted, fontWeight: 650 });
globalStyle(`${teamRow} th[scope="row"]`, { background: vars.color.surfaceMuted });
export const totalRow = style({ fontWeight: 700 });
globalStyle(`${totalRow} th, ${totalRow} td`, { borderTop: `2px solid ${vars.color.text}` });
export const person = style({ paddingLeft: vars.space.lg });
/** A person's week: narrow enough that twelve weeks fit beside the names at 1366 px. */
export const weekCell = style({});
globalStyle(`${plan} ${weekCell}`, { paddingLeft: '6px', paddingRight: '6px' });
globalStyle(`${weekCell} > span:not(:first-child)`, { fontSize: '0.8rem' });
export const line = style({ display: 'block' });
export const detail = style({ display: 'block', color: vars.color.textMuted, fontWeight: 400 });
/** An over-allocated week or a short one: a warning icon and words, and a tint besides. */
export const warn = style({ background: vars.color.redBg, color: vars.color.red });
globalStyle(`${warn} ${detail}`, { color: vars.color.red });
export const flag = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '3px',
  fontWeight: 650,
});
export const fits = style({ color: vars.color.green, fontWeight: 600 });
export const caption = style({
  captionSide: 'top',
  textAlign: 'left',
  color: vars.color.textMuted,
  fontSize: '0.88rem',
  paddingBottom: vars.space.sm,
});
export const controls = style({
  display: 'flex',
  gap: vars.space.lg,
  alignItems: 'center',
  flexWrap: 'wrap',
});
export const control = style({ display: 'inline-flex', gap: vars.space.sm, alignItems: 'center' });
