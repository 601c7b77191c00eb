import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const fieldRow = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.md,
  flexWrap: 'wrap',
});
export const number = style({ maxWidth: '140px' });
export const hint = style({ color: vars.color.textMuted, fontSize: '0.85rem' });
