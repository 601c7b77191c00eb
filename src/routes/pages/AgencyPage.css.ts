import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

// One row that scrolls sideways where it does not fit (a phone), never wrapping into rows; the
// rule under it is a shadow, as a border would be clipped by the scroll box under the current
// tab's line. The page's script brings the current tab into view (src/client/tabs.ts).
export const tabs = style({
  display: 'flex',
  gap: vars.space.xs,
  flexWrap: 'nowrap',
  overflowX: 'auto',
  boxShadow: `inset 0 -1px 0 ${vars.color.border}`,
  marginBottom: vars.space.xl,
});
export const tab = style({
  flexShrink: 0,
  whiteSpace: 'nowrap',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  // Narrower sides below 1,200 px keep all eight tabs in view down to 1,024 px.
  '@media': { 'screen and (max-width: 1200px)': { padding: `${vars.space.sm} ${vars.space.md}` } },
  borderBottom: '2px solid transparent',
  color: vars.color.textMuted,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&[aria-current="page"]': { color: vars.color.primary, borderBottomColor: vars.color.primary },
  },
});
export const salesFrame = style({
  display: 'block',
  width: '100%',
  height: '75vh',
  minHeight: '520px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});
export const setup = style({ display: 'grid', gap: vars.space.sm, maxWidth: '640px' });
export const code = style({
  fontFamily: vars.font.mono,
  fontSize: '0.88rem',
  background: vars.color.surfaceMuted,
  padding: '1px 6px',
  borderRadius: vars.radius.sm,
});
