import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
export { semibold as projectName, mutedFlush as note, field as header } from '../components/ui.css';

// Scrolls sideways only where the table cannot fit; elsewhere the hover details may overflow the card.
export const scroller = style({
  '@media': { 'screen and (max-width: 900px)': { overflowX: 'auto' } },
});
export const head = style({
  padding: vars.space.sm,
  color: vars.color.textMuted,
  fontWeight: 600,
  fontSize: '0.82rem',
  textAlign: 'right',
  whiteSpace: 'nowrap',
  selectors: { '&:first-child': { textAlign: 'left' } },
});
export const row = style({ borderTop: `1px solid ${vars.color.border}` });
/** The totals row: set apart from the projects above it. */
export const totalRow = style({ borderTop: `2px solid ${vars.color.border}`, fontWeight: 700 });
export const cell = style({
  padding: `${vars.space.md} ${vars.space.sm}`,
  textAlign: 'right',
  verticalAlign: 'top',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});
export const projectCell = style({
  padding: `${vars.space.md} ${vars.space.sm}`,
  textAlign: 'left',
  verticalAlign: 'top',
});
export const devStatus = style({ color: vars.color.textMuted, fontSize: '0.82rem' });
export const margin = styleVariants({
  negative: { color: vars.color.red, fontWeight: 650 },
  nonNegative: { color: vars.color.green, fontWeight: 650 },
});
export const lines = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: `2px ${vars.space.lg}`,
  margin: 0,
});
export const term = style({ color: vars.color.textMuted, margin: 0 });
export const amount = style({ margin: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' });
export const person = style({ margin: 0 });
export const personDetail = style({
  display: 'block',
  color: vars.color.textMuted,
  fontSize: '0.8rem',
});
export const total = style({
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space.xs,
  marginTop: vars.space.xs,
  fontWeight: 700,
});
