import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
export { danger as errorIcon, mutedFlush as text } from './ui.css';

export const state = style({
  textAlign: 'center',
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.sm,
});
export const title = style({ fontWeight: 700, fontSize: '1.05rem', margin: 0 });
/** The compact look, inside a dialog or a detail tab: a plain bold title and smaller text. */
export const compactTitle = style({ fontWeight: 700, margin: 0 });
export const compactText = style({ color: vars.color.textMuted, fontSize: '0.9rem', margin: 0 });
