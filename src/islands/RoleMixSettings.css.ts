import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
export { wrapRow as actions, aside as note } from '../components/ui.css';

export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const pipeline = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
});
export const legend = style({ fontWeight: 650, padding: `0 ${vars.space.xs}` });
export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(10rem, 18rem) 8rem 3.5rem auto',
  gap: vars.space.sm,
  alignItems: 'start',
  '@media': { 'screen and (max-width: 560px)': { gridTemplateColumns: '1fr 6rem' } },
});
export const share = style({
  alignSelf: 'center',
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});
export const problem = style({ color: vars.color.red, fontSize: '0.85rem', marginTop: '2px' });
