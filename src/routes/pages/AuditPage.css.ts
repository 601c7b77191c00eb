import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
export { scrollX as scroller } from '../../components/ui.css';

export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
  marginBottom: vars.space.lg,
});
export const filter = style({ display: 'grid', gap: '4px', minWidth: '10rem' });
export const alert = style({
  border: `1px solid ${vars.color.red}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  marginBottom: vars.space.lg,
  color: vars.color.red,
  background: vars.color.redBg,
});
export const cell = style({
  textAlign: 'left',
  verticalAlign: 'top',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const values = style({
  fontSize: '0.85rem',
  overflowWrap: 'anywhere',
  maxWidth: '32rem',
});
export const changes = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '2px',
});
export const field = style({ fontFamily: vars.font.mono, color: vars.color.textMuted });
export const pager = style({
  display: 'flex',
  gap: vars.space.lg,
  justifyContent: 'flex-end',
  padding: `${vars.space.md} 0`,
});
