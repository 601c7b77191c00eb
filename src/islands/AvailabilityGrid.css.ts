import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
export {
  row as actions,
  strongName as name,
  toolbar,
  emphasis as weekLabel,
} from '../components/ui.css';

export const unsaved = style({ color: vars.color.amber, fontSize: '0.85rem', fontWeight: 600 });

/**
 * On a phone (up to 480 px) the name and the five days fill the card's width, each day a 46 px
 * column (a 44 px target), the name what is left (95 px at 375 px); the days' total and the
 * Remove button follow to the right, a sideways scroll away, the name staying put.
 */
const PHONE = 'screen and (max-width: 480px)';
const PHONE_DAY = 46;
const PHONE_TOTAL = 80;
const PHONE_REMOVE = 84;

/** The card: a narrower side padding on a phone leaves the days the width. */
export const panel = style({
  '@media': { [PHONE]: { paddingLeft: vars.space.sm, paddingRight: vars.space.sm } },
});
// position: relative keeps the visually hidden header text inside the scroll box, or it widens the page.
export const scroller = style({
  position: 'relative',
  overflowX: 'auto',
  margin: `0 calc(-1 * ${vars.space.sm})`,
  padding: `0 ${vars.space.sm}`,
  '@media': { [PHONE]: { margin: 0, padding: 0 } },
});
// A fixed layout gives every day column the same width whatever its text.
export const grid = style({
  width: '100%',
  tableLayout: 'fixed',
  borderCollapse: 'separate',
  borderSpacing: 0,
  minWidth: '720px',
  '@media': {
    [PHONE]: {
      // The visible width holds the name and the days; the total and Remove come after it.
      width: `calc(100% + ${PHONE_TOTAL + PHONE_REMOVE}px)`,
      minWidth: `${80 + 5 * PHONE_DAY + PHONE_TOTAL + PHONE_REMOVE}px`,
    },
  },
});
export const nameCol = style({
  width: '200px',
  '@media': { [PHONE]: { width: 'auto' } },
});
export const dayCol = style({
  '@media': { [PHONE]: { width: `${PHONE_DAY}px` } },
});
export const totalCol = style({
  width: '92px',
  '@media': { [PHONE]: { width: `${PHONE_TOTAL}px` } },
});
export const removeCol = style({
  width: '96px',
  '@media': { [PHONE]: { width: `${PHONE_REMOVE}px` } },
});
export const headCell = style({
  textAlign: 'center',
  padding: vars.space.sm,
  color: vars.color.textMuted,
  fontWeight: 600,
  fontSize: '0.82rem',
  borderBottom: `1px solid ${vars.color.border}`,
});
// The name column stays put while the days scroll sideways on a phone.
const sticky = { position: 'sticky', left: 0, zIndex: 1, background: vars.color.surface } as const;
export const nameHead = style([headCell, sticky, { textAlign: 'left' }]);
export const dayName = style({ display: 'block', color: vars.color.text });
export const nameCell = style({
  ...sticky,
  padding: `${vars.space.md} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  fontWeight: 'normal',
});
export const starts = style({
  display: 'block',
  color: vars.color.textMuted,
  fontSize: '0.82rem',
  fontWeight: 600,
});
export const inactive = style({
  color: vars.color.textMuted,
  fontWeight: 500,
  marginLeft: vars.space.xs,
});
export const rowLinks = style({
  display: 'flex',
  gap: vars.space.md,
  flexWrap: 'wrap',
  marginTop: vars.space.xs,
  fontSize: '0.82rem',
});
export const smallLink = style({ fontSize: '0.82rem' });
export const dayCell = style({
  padding: vars.space.xs,
  textAlign: 'center',
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [PHONE]: { padding: '1px' } },
});
export const totalCell = style({
  padding: vars.space.xs,
  textAlign: 'right',
  fontVariantNumeric: 'tabular-nums',
  fontWeight: 650,
  whiteSpace: 'nowrap',
  borderBottom: `1px solid ${vars.color.border}`,
});
export const footCell = style({
  padding: vars.space.xs,
  textAlign: 'center',
  color: vars.color.textMuted,
  fontSize: '0.82rem',
  fontVariantNumeric: 'tabular-nums',
});
export const removeCell = style({
  padding: vars.space.xs,
  textAlign: 'right',
  borderBottom: `1px solid ${vars.color.border}`,
});

const cellBase = style({
  width: '100%',
  // A finger-sized target (at least 44 px), and no double-tap zoom delay on touch screens.
  minWidth: '44px',
  minHeight: '52px',
  padding: `2px ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  display: 'inline-flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2px',
  fontSize: '0.78rem',
});
const toggleBase = style([
  cellBase,
  {
    touchAction: 'manipulation',
    border: `1px solid ${vars.color.border}`,
    cursor: 'pointer',
    fontFamily: 'inherit',
    selectors: {
      '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    },
  },
]);
// The icon goes above the word when a column is too narrow for both on one line.
export const cellMain = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  alignItems: 'center',
  gap: '3px',
});
// On a phone the icon alone shows in a 44 px day; the word stays for screen readers and in the
// legend (the button's own name says it too).
export const cellText = style({
  fontWeight: 600,
  lineHeight: 1.1,
  '@media': {
    [PHONE]: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
  },
});
// The derived day's source, e.g. 'holiday: Christmas Day'; long names wrap, never hide.
export const source = style({
  fontSize: '0.7rem',
  lineHeight: 1.15,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
  maxWidth: '100%',
});
export const outside = style([
  cellBase,
  {
    color: vars.color.textMuted,
    background: vars.color.surfaceMuted,
    border: `1px dashed ${vars.color.border}`,
    cursor: 'not-allowed',
  },
]);
export const toggle = styleVariants({
  available: [
    toggleBase,
    {
      background: vars.color.surface,
      color: vars.color.text,
      selectors: { '&:hover': { background: vars.color.surfaceMuted } },
    },
  ],
  away: [
    toggleBase,
    { background: vars.color.redBg, borderColor: vars.color.red, color: vars.color.red },
  ],
});

export const legend = style({
  listStyle: 'none',
  padding: 0,
  flexWrap: 'wrap',
  display: 'flex',
  gap: vars.space.lg,
  alignItems: 'center',
  marginTop: vars.space.lg,
  color: vars.color.textMuted,
  fontSize: '0.85rem',
});
export const legendItem = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
});
const swatchBase = style({
  width: '18px',
  height: '18px',
  borderRadius: '4px',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: `1px solid ${vars.color.border}`,
});
export const swatch = styleVariants({
  available: [swatchBase, { background: vars.color.surface }],
  outside: [swatchBase, { background: vars.color.surfaceMuted, borderStyle: 'dashed' }],
  away: [
    swatchBase,
    { background: vars.color.redBg, borderColor: vars.color.red, color: vars.color.red },
  ],
});
export const empty = style({
  textAlign: 'center',
  color: vars.color.textMuted,
  padding: `${vars.space.xxl} ${vars.space.lg}`,
});
