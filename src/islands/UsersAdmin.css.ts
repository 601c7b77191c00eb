import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const row = style({ borderTop: `1px solid ${vars.color.border}` });
export const cell = style({
  padding: `${vars.space.md} ${vars.space.sm}`,
  verticalAlign: 'middle',
  textAlign: 'left',
});
export const head = style({
  padding: vars.space.sm,
  textAlign: 'left',
  color: vars.color.textMuted,
  fontWeight: 600,
  fontSize: '0.82rem',
});
export const actions = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
  flexWrap: 'wrap',
});
export const select = style({
  padding: '6px 8px',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  fontFamily: 'inherit',
});
export const issued = style({
  display: 'grid',
  gap: vars.space.sm,
  marginBottom: vars.space.lg,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const linkField = style({
  width: '100%',
  fontFamily: vars.font.mono,
  fontSize: '0.85rem',
  padding: vars.space.sm,
});
