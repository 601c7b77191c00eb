import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
export { danger as errorIcon } from '../ui.css';

export const state = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  textAlign: 'center',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});
export const stateTitle = style({ fontWeight: 700, fontSize: '1.05rem' });
