import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const row = style({ display: 'grid', gap: '4px' });
export const head = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.sm, fontSize: '0.82rem' });
export const label = style({ color: vars.color.textMuted, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const value = style({ fontWeight: 650, fontVariantNumeric: 'tabular-nums' });
export const track = style({ height: '8px', borderRadius: vars.radius.full, background: vars.color.greyBg, overflow: 'hidden' });
export const fill = styleVariants({
  blue: { height: '100%', borderRadius: vars.radius.full, background: vars.color.blue },
  green: { height: '100%', borderRadius: vars.radius.full, background: vars.color.green },
  purple: { height: '100%', borderRadius: vars.radius.full, background: vars.color.purple },
  amber: { height: '100%', borderRadius: vars.radius.full, background: vars.color.amber },
  red: { height: '100%', borderRadius: vars.radius.full, background: vars.color.red },
  cyan: { height: '100%', borderRadius: vars.radius.full, background: vars.color.cyan },
});
