import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const section = style({
  marginTop: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});
export const mailText = style({
  whiteSpace: 'pre-wrap',
  fontFamily: 'ui-monospace, monospace',
  fontSize: '0.85rem',
  margin: 0,
});
