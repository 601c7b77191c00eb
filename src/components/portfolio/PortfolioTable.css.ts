import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
export { dangerStrong as red, subtle as count } from '../ui.css';

/** Cards | Table: two links, the current one marked. */
export const toggle = style({
  display: 'inline-flex',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  overflow: 'hidden',
});
export const toggleLink = style({
  padding: '7px 14px',
  color: vars.color.text,
  background: vars.color.surface,
  textDecoration: 'none',
  fontWeight: 550,
  selectors: {
    '&[aria-current="page"]': { background: vars.color.primary, color: vars.color.primaryText },
    '&:hover:not([aria-current="page"])': { background: vars.color.surfaceMuted },
  },
});
export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
});
export const filter = style({ display: 'grid', gap: '2px', fontSize: '0.85rem' });
export const select = style({
  font: 'inherit',
  padding: '6px 8px',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
});

/** Scrolls sideways on a narrow screen; the project column stays in place. */
export const scroller = style({
  overflowX: 'auto',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});
export const table = style({
  width: '100%',
  borderCollapse: 'separate',
  borderSpacing: 0,
  fontSize: '0.9rem',
  whiteSpace: 'nowrap',
});
export const th = style({
  textAlign: 'left',
  fontWeight: 600,
  // Headers wrap so every column fits at 1440 px without a sideways scroll.
  whiteSpace: 'normal',
  verticalAlign: 'bottom',
  padding: '8px 8px',
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
});
export const sortLink = style({
  color: 'inherit',
  textDecoration: 'none',
  display: 'inline-flex',
  gap: '4px',
  alignItems: 'center',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});
export const cell = style({
  textAlign: 'left',
  padding: '6px 8px',
  borderBottom: `1px solid ${vars.color.border}`,
});
export const num = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums' });
export const total = style({
  fontWeight: 700,
  borderTop: `2px solid ${vars.color.border}`,
  borderBottom: 0,
  background: vars.color.surfaceMuted,
});
/** The first column stays visible while the rest scroll. */
export const sticky = style({
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.border}`,
});
export const stickyHead = style({ background: vars.color.surfaceMuted, zIndex: 2 });
export const row = style({ cursor: 'pointer' });
globalStyle(`${row}:hover > td, ${row}:hover > th`, { background: vars.color.surfaceMuted });
export const nameButton = style({
  font: 'inherit',
  fontWeight: 650,
  color: vars.color.text,
  background: 'none',
  border: 0,
  padding: 0,
  cursor: 'pointer',
  textAlign: 'left',
  // A phone keeps room for the figures beside the fixed name column.
  maxWidth: 'min(15rem, 45vw)',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  // A link to the project's page; one line, so it ellipsises as the button did.
  display: 'inline-block',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});
export const sub = style({ color: vars.color.textMuted, fontSize: '0.8rem', marginLeft: '4px' });
export const caption = style({
  textAlign: 'left',
  padding: '6px 10px',
  color: vars.color.textMuted,
  fontSize: '0.85rem',
});
export const viewBar = style({
  display: 'flex',
  justifyContent: 'flex-end',
  marginBottom: vars.space.md,
});
