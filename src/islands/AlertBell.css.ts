import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const bell = style({
  position: 'relative',
  display: 'inline-flex',
  width: '34px',
  height: '34px',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: vars.radius.sm,
  color: vars.color.textMuted,
  selectors: { '&:hover': { background: vars.color.surfaceMuted, color: vars.color.text } },
});
export const count = style({
  position: 'absolute',
  top: '-2px',
  right: '-4px',
  minWidth: '18px',
  height: '18px',
  padding: '0 4px',
  borderRadius: vars.radius.full,
  background: vars.color.red,
  color: vars.color.onStrong,
  fontSize: '0.7rem',
  fontWeight: 700,
  lineHeight: '18px',
  textAlign: 'center',
});
