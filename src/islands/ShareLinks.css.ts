import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
export { tableHead as head, callout as issued } from '../components/ui.css';

export const form = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
  gap: vars.space.md,
  alignItems: 'end',
  marginBottom: vars.space.lg,
});
export const radios = style({
  display: 'flex',
  gap: vars.space.md,
  flexWrap: 'wrap',
  border: 0,
  padding: 0,
  margin: 0,
});
export const linkField = style({ width: '100%', fontFamily: vars.font.mono, fontSize: '0.85rem' });
export const cell = style({
  padding: `${vars.space.sm} ${vars.space.sm}`,
  borderTop: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
  textAlign: 'left',
});
export const error = style({ color: vars.color.red, margin: `0 0 ${vars.space.md}` });
