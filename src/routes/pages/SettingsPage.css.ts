import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const section = style({
  marginTop: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});
/** The availability section: its heading above the grid's own card. */
export const firstSection = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const mailFrame = style({
  width: '100%',
  height: '560px',
  border: '1px solid #e5e7eb',
  borderRadius: '6px',
  background: '#fff',
});
export const mailText = style({
  whiteSpace: 'pre-wrap',
  fontFamily: 'ui-monospace, monospace',
  fontSize: '0.85rem',
  margin: 0,
});
