import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const wrap = style({ position: 'relative', display: 'inline-grid', placeItems: 'center', flexShrink: 0 });
export const track = style({ stroke: vars.color.greyBg });
export const ring = styleVariants({
  red: { stroke: vars.color.red },
  green: { stroke: vars.color.green },
  amber: { stroke: vars.color.amber },
  blue: { stroke: vars.color.blue },
});
export const value = style({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  fontWeight: 700,
  fontSize: '0.85rem',
  fontVariantNumeric: 'tabular-nums',
});
