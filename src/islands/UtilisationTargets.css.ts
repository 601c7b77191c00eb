import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const forms = style({ display: 'grid', gap: vars.space.lg, marginTop: vars.space.md });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const title = style({ fontSize: '1rem', fontWeight: 650 });
export const row = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.md,
  flexWrap: 'wrap',
});
export const number = style({ maxWidth: '110px' });
export const list = style({ margin: 0, paddingLeft: vars.space.lg });
export const hint = style({ color: vars.color.textMuted, fontSize: '0.85rem' });
