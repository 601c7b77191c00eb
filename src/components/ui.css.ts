import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { svgUrl } from '../../styles/svg-url';

/** Content uses the width up to a comfortable reading maximum. */
export const PAGE_MAX_WIDTH = '1600px';
export const page = style({
  maxWidth: PAGE_MAX_WIDTH,
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.lg}`,
});
export const pageHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  flexWrap: 'wrap',
  marginBottom: vars.space.xl,
});
export const h1 = style({ fontSize: '1.6rem', fontWeight: 700 });
export const h2 = style({ fontSize: '1.15rem', fontWeight: 650 });
export const muted = style({ color: vars.color.textMuted });

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.xl,
});

const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  border: '1px solid transparent',
  borderRadius: vars.radius.sm,
  padding: '8px 14px',
  fontSize: '0.92rem',
  fontWeight: 600,
  fontFamily: 'inherit',
  cursor: 'pointer',
  textDecoration: 'none',
  lineHeight: 1.2,
  selectors: { '&:disabled': { opacity: 0.55, cursor: 'not-allowed' } },
});
export const button = styleVariants({
  primary: [
    buttonBase,
    {
      background: vars.color.primary,
      color: vars.color.primaryText,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.primaryHover } },
    },
  ],
  secondary: [
    buttonBase,
    {
      background: vars.color.surface,
      color: vars.color.text,
      borderColor: vars.color.border,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceMuted } },
    },
  ],
  ghost: [
    buttonBase,
    {
      background: 'transparent',
      color: vars.color.text,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceMuted } },
    },
  ],
  danger: [buttonBase, { background: vars.color.red, color: vars.color.onStrong }],
  link: [
    buttonBase,
    {
      background: 'transparent',
      color: vars.color.primary,
      padding: 0,
      fontWeight: 500,
      selectors: { '&:hover': { textDecoration: 'underline' } },
    },
  ],
});

export const input = style({
  width: '100%',
  padding: '9px 12px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontSize: '0.95rem',
  fontFamily: 'inherit',
  background: vars.color.surface,
  color: vars.color.text,
});
export const label = style({
  display: 'block',
  fontWeight: 600,
  fontSize: '0.88rem',
  marginBottom: vars.space.xs,
});
export const field = style({ marginBottom: vars.space.lg });

const badgeBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: '2px 8px',
  borderRadius: vars.radius.full,
  fontSize: '0.78rem',
  fontWeight: 600,
  whiteSpace: 'nowrap',
});
export const badge = styleVariants({
  green: [badgeBase, { background: vars.color.greenBg, color: vars.color.green }],
  blue: [badgeBase, { background: vars.color.blueBg, color: vars.color.blue }],
  purple: [badgeBase, { background: vars.color.purpleBg, color: vars.color.purple }],
  amber: [badgeBase, { background: vars.color.amberBg, color: vars.color.amber }],
  red: [badgeBase, { background: vars.color.redBg, color: vars.color.red }],
  grey: [badgeBase, { background: vars.color.greyBg, color: vars.color.grey }],
  cyan: [badgeBase, { background: vars.color.cyanBg, color: vars.color.cyan }],
  violet: [badgeBase, { background: vars.color.violetBg, color: vars.color.violet }],
});

/** A full turn, for the spinner and the sync button's icon. */
export const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
export const spinner = style({
  width: '28px',
  height: '28px',
  border: `3px solid ${vars.color.border}`,
  borderTopColor: vars.color.primary,
  borderRadius: '50%',
  animationName: spin,
  animationDuration: '0.8s',
  animationIterationCount: 'infinite',
  animationTimingFunction: 'linear',
});
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: '0.92rem' });
/** Around a table wider than a phone: it scrolls sideways inside its card, not the page. */
export const tableScroll = style({ overflowX: 'auto', position: 'relative' });
/** A link into Jira or Forecast: the text, then a small new-tab icon. */
const EXTERNAL_LINK_ICON = svgUrl(
  `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'><path d='M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6M15 3h6v6M10 14 21 3'/></svg>`,
);
/**
 * A link to another site, its new-tab icon drawn by the stylesheet: as inline SVG it was four
 * elements and 330 bytes per link, 28 KB of Weekly History's HTML for its 85 tickets.
 */
export const sourceLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '3px',
  whiteSpace: 'nowrap',
  selectors: {
    '&::after': {
      content: '""',
      width: '13px',
      height: '13px',
      flexShrink: 0,
      background: 'currentColor',
      mask: `${EXTERNAL_LINK_ICON} center / contain no-repeat`,
      // High-contrast modes would paint the background over with the page's: keep the link's.
      forcedColorAdjust: 'none',
    },
  },
});
/**
 * A word beside an icon in the top bar that gives way to the tabs between the folded menu and
 * 1,440 px, so the admin's bar stays one row from 1,280 px (the icon keeps its accessible name).
 */
export const topBarWord = style({
  '@media': { 'screen and (min-width: 901px) and (max-width: 1439px)': { display: 'none' } },
});

// Rules several screens wrote each for itself, one class each now: the one stylesheet has a
// budget (docs/decisions/360). A screen's style file re-exports the one it needs under its name.
/** A muted line of smaller text: a hint under a field, a note under a plan, an item's meta. */
export const note = style({ color: vars.color.textMuted, fontSize: '0.85rem' });
/** A box whose content scrolls sideways when it is wider. */
export const scrollX = style({ overflowX: 'auto' });
/** A warning icon in red. */
export const danger = style({ color: vars.color.red });
/** Items in a wrapping row, centred: a title with its badges, a row of buttons. */
export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});
/** A name in a list: bold, a long one wrapping anywhere. */
export const strongName = style({ fontWeight: 650, overflowWrap: 'anywhere' });
export const nowrap = style({ whiteSpace: 'nowrap' });
export const semibold = style({ fontWeight: 600 });
export const success = style({ color: vars.color.green });
/** A figure gone wrong: red and bold. */
export const dangerStrong = style({ color: vars.color.red, fontWeight: 600 });
export const mutedNowrap = style({ color: vars.color.textMuted, whiteSpace: 'nowrap' });
/** A form's fields one under another. */
export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
/** Fields side by side, their inputs and buttons on one baseline, wrapping. */
export const fieldRow = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.md,
  flexWrap: 'wrap',
});
/** Above a panel: its title or week at the start, its actions at the end. */
export const toolbar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.md,
  marginBottom: vars.space.lg,
});
/** A stat's name above its figure. */
export const statLabel = style({
  color: vars.color.textMuted,
  fontSize: '0.88rem',
  fontWeight: 600,
});
/** A bordered group of rows (a project's time entries, a project's tickets). */
export const box = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
});
/** A list without bullets, its items spaced. */
export const plainList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
});
/** A plain table's column head. */
export const tableHead = style({
  padding: vars.space.sm,
  textAlign: 'left',
  color: vars.color.textMuted,
  fontWeight: 600,
  fontSize: '0.82rem',
});
/** A framed block that shows what was just issued (a reset link, a share link). */
export const callout = style({
  display: 'grid',
  gap: vars.space.sm,
  marginBottom: vars.space.lg,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
/** Buttons or chips side by side, wrapping. */
export const wrapRow = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
/** A label and its figure, one under the other. */
export const pair = style({ display: 'grid', gap: '2px' });
/** A control's label above it, close. */
export const tightStack = style({ display: 'grid', gap: vars.space.xs });
/** Muted text a little smaller than the body's. */
export const subtle = style({ color: vars.color.textMuted, fontSize: '0.9rem' });
export const aside = style({ color: vars.color.textMuted, fontSize: '0.88rem' });
export const h3 = style({ fontSize: '1.02rem', fontWeight: 700 });
export const emphasis = style({ fontWeight: 650 });
export const bold = style({ fontWeight: 700 });
/** A dialog's buttons, at its end. */
export const dialogActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
});
/** A chart axis's tick labels (SVG text). */
export const axisLabel = style({ fill: vars.color.textMuted, fontSize: '11px' });
/** A muted paragraph without its margins. */
export const mutedFlush = style({ color: vars.color.textMuted, margin: 0 });
