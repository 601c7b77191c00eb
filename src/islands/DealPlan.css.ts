import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
export { note, tightStack as control } from '../components/ui.css';

/**
 * The deal plan: one table, so role rows and deal rows share the twelve week columns. Fixed
 * layout sized to fit 1366 px without sideways scroll; narrower screens scroll the box instead,
 * and only where the box does not scroll do the week headings stick to the top of the window.
 */
export const box = style({
  overflowX: 'auto',
  position: 'relative',
  '@media': { 'screen and (min-width: 1100px)': { overflowX: 'visible' } },
});
export const table = style({
  width: '100%',
  minWidth: '60rem',
  tableLayout: 'fixed',
  borderCollapse: 'separate',
  borderSpacing: 0,
  fontSize: '0.8rem',
  fontVariantNumeric: 'tabular-nums',
});
export const nameCol = style({ width: '15rem' });
globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.xs} 4px`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'right',
  verticalAlign: 'top',
});
// Below the top bar, which is sticky too: 53 px high from 1280 px, two lines (91 px) below it.
globalStyle(`${table} thead th`, {
  position: 'sticky',
  top: 0,
  '@media': {
    'screen and (min-width: 1100px)': { top: '90px' },
    'screen and (min-width: 1280px)': { top: '52px' },
  },
  zIndex: 2,
  background: vars.color.surface,
  fontWeight: 650,
  verticalAlign: 'bottom',
  borderBottom: `2px solid ${vars.color.text}`,
});
globalStyle(`${table} th[scope="row"], ${table} thead th:first-child`, {
  textAlign: 'left',
  fontWeight: 600,
  overflowWrap: 'anywhere',
});
export const group = style({ background: vars.color.surfaceMuted });
globalStyle(`${group} th`, {
  textAlign: 'left',
  fontWeight: 700,
  paddingTop: vars.space.sm,
});
export const detail = style({
  display: 'block',
  color: vars.color.textMuted,
  fontWeight: 400,
  fontSize: '0.75rem',
});
export const verdictFits = style({ display: 'block', color: vars.color.green, fontWeight: 600 });
export const verdictShort = style({ display: 'block', color: vars.color.red, fontWeight: 600 });
export const plenty = style({ background: vars.color.greenBg, color: vars.color.green });
export const some = style({ background: vars.color.amberBg, color: vars.color.amber });
export const none = style({ background: vars.color.redBg, color: vars.color.red });
export const placed = style({ background: vars.color.blueBg, color: vars.color.blue });
export const current = style({ boxShadow: `inset 0 -3px 0 ${vars.color.amber}` });
export const base = style({ display: 'block', fontSize: '0.7rem', opacity: 0.85 });
export const bar = style({
  display: 'flex',
  gap: vars.space.md,
  alignItems: 'end',
  flexWrap: 'wrap',
});
export const select = style({ fontSize: '0.78rem', padding: '2px 4px', maxWidth: '100%' });
export const legend = style({
  display: 'flex',
  gap: vars.space.md,
  flexWrap: 'wrap',
  fontSize: '0.78rem',
  color: vars.color.textMuted,
});
export const swatch = style({
  display: 'inline-block',
  width: '0.9em',
  height: '0.9em',
  borderRadius: '3px',
  marginRight: '4px',
  verticalAlign: 'middle',
  border: `1px solid ${vars.color.border}`,
});
export const teamRow = style({ fontSize: '0.75rem' });
globalStyle(`${teamRow} th[scope="row"]`, {
  paddingLeft: vars.space.lg,
  fontWeight: 400,
  color: vars.color.textMuted,
});
export const switchLabel = style({
  display: 'inline-flex',
  gap: vars.space.sm,
  alignItems: 'center',
  fontSize: '0.85rem',
});
