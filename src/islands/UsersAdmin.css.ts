import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
export { row as actions, tableHead as head, callout as issued } from '../components/ui.css';

export const row = style({ borderTop: `1px solid ${vars.color.border}` });
export const cell = style({
  padding: `${vars.space.md} ${vars.space.sm}`,
  verticalAlign: 'middle',
  textAlign: 'left',
});
export const select = style({
  padding: '6px 8px',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  fontFamily: 'inherit',
});
export const linkField = style({
  width: '100%',
  fontFamily: vars.font.mono,
  fontSize: '0.85rem',
  padding: vars.space.sm,
});
