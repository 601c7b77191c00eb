import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const tabs = style({
  display: 'flex',
  gap: vars.space.xs,
  flexWrap: 'wrap',
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: vars.space.xl,
});
export const tab = style({
  padding: `${vars.space.sm} ${vars.space.lg}`,
  marginBottom: '-1px',
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
