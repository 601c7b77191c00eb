import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const wrap = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.lg,
});
export const panel = style({ width: '100%', maxWidth: '400px' });
export const brand = style({ fontSize: '1.35rem', fontWeight: 700, marginBottom: vars.space.xs });
export const subtitle = style({
  color: vars.color.textMuted,
  marginBottom: vars.space.xl,
  fontSize: '0.92rem',
});
export const submit = style({ width: '100%', marginTop: vars.space.sm });
export const toggle = style({ marginTop: vars.space.lg, textAlign: 'center' });
export const hint = style({
  margin: `${vars.space.xs} 0 0`,
  fontSize: '0.8rem',
  color: vars.color.textMuted,
});
