import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
export { note as meta, row as head, tightStack as item } from '../components/ui.css';

export const filters = style({
  display: 'flex',
  gap: vars.space.md,
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  marginBottom: vars.space.lg,
});
export const filter = style({ minWidth: '180px' });
export const list = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space.md,
});
export const numbers = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  fontSize: '0.85rem',
  margin: 0,
});
export const numberTerm = style({ color: vars.color.textMuted, display: 'inline' });
export const numberValue = style({ display: 'inline', margin: 0 });
export const actions = style({
  display: 'flex',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  alignItems: 'center',
});
export const snooze = style({ width: 'auto' });
export const bulkBar = style({
  display: 'flex',
  gap: vars.space.md,
  alignItems: 'center',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  marginBottom: vars.space.md,
});
export const group = style({ display: 'grid', gap: vars.space.sm, marginBottom: vars.space.xl });
export const groupHead = style({
  display: 'flex',
  gap: vars.space.md,
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
});
export const groupTitle = style({
  fontSize: '1.1rem',
  fontWeight: 650,
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
  flexWrap: 'wrap',
});
export const choose = style({ width: '1.1rem', height: '1.1rem', accentColor: vars.color.primary });
