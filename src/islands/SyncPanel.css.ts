import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
export { scrollX as scroll } from '../components/ui.css';

export const actions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  flexWrap: 'wrap',
  marginBottom: vars.space.lg,
});
export const progress = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.blueBg,
  color: vars.color.blue,
  marginBottom: vars.space.lg,
});
export const cell = style({
  textAlign: 'left',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
});
export const number = style([cell, { textAlign: 'right', fontVariantNumeric: 'tabular-nums' }]);
export const reason = style({ color: vars.color.red, fontSize: '0.85rem', maxWidth: '28rem' });
