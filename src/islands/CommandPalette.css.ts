import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
export { nowrap as trigger } from '../components/ui.css';

export const input = style({
  width: '100%',
  font: 'inherit',
  padding: '10px 12px',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
});
export const list = style({
  listStyle: 'none',
  margin: `${vars.space.sm} 0 0`,
  padding: 0,
  display: 'grid',
  gap: '2px',
  maxHeight: '50vh',
  overflowY: 'auto',
});
export const option = style({
  display: 'flex',
  gap: vars.space.md,
  alignItems: 'baseline',
  padding: '8px 10px',
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': { background: vars.color.blueBg, color: vars.color.text },
  },
});
export const kind = style({
  minWidth: '4.5rem',
  color: vars.color.textMuted,
  fontSize: '0.8rem',
  fontWeight: 600,
});
export const shortcuts = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
});
