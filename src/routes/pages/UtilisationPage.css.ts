import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

/** Month or quarter, then the period with the one before and after it; wraps on a phone. */
export const periodNav = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  marginBottom: vars.space.md,
});
export const kinds = style({ display: 'inline-flex', gap: vars.space.xs });
export const kind = style({
  padding: '6px 12px',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  textDecoration: 'none',
  fontWeight: 600,
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted, color: vars.color.text },
    '&[aria-current="page"]': { background: vars.color.blueBg, color: vars.color.blue },
  },
});
export const steps = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
});
export const step = style({ color: vars.color.primary, fontWeight: 600, whiteSpace: 'nowrap' });
