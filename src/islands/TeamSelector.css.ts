import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const teamSelect = style({
  padding: '4px 8px',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  fontFamily: 'inherit',
  fontSize: '0.85rem',
  cursor: 'pointer',
});
