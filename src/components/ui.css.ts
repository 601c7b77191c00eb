import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

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

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
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
export const sourceLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '3px',
  whiteSpace: 'nowrap',
});
/**
 * A word beside an icon in the top bar that gives way to the tabs between the folded menu and
 * 1,440 px, so the admin's bar stays one row from 1,280 px (the icon keeps its accessible name).
 */
export const topBarWord = style({
  '@media': { 'screen and (min-width: 901px) and (max-width: 1439px)': { display: 'none' } },
});
