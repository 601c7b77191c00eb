import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../../styles/theme.css';
// On a narrow phone the key and the date stay on one line (nowrap); the summary wraps.
export { muted, scrollX as scroll, nowrap } from '../../../components/ui.css';

/** The client's room: one readable column on a phone, on a desk and on paper. */
export const room = style({
  maxWidth: '860px',
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.lg}`,
  lineHeight: 1.5,
  '@media': {
    'screen and (max-width: 480px)': { padding: `${vars.space.lg} ${vars.space.md}` },
    print: { maxWidth: 'none', padding: 0, color: '#000' },
  },
});
export const agency = style({ color: vars.color.textMuted, fontWeight: 600, margin: 0 });
export const title = style({ fontSize: '1.6rem', fontWeight: 700, margin: `${vars.space.xs} 0` });
export const section = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.xl,
  marginTop: vars.space.xl,
  '@media': {
    'screen and (max-width: 480px)': { padding: vars.space.lg },
    print: { border: 'none', padding: 0, breakInside: 'avoid-page' },
  },
});
export const h2 = style({ fontSize: '1.15rem', fontWeight: 650, margin: `0 0 ${vars.space.md}` });
export const h3 = style({
  fontSize: '1rem',
  fontWeight: 650,
  margin: `${vars.space.lg} 0 ${vars.space.xs}`,
});
export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
  gap: vars.space.md,
  margin: 0,
});
export const figure = style({ margin: 0 });
globalStyle(`${figure} dt`, { color: vars.color.textMuted, fontSize: '0.85rem' });
globalStyle(`${figure} dd`, { margin: 0, fontSize: '1.2rem', fontWeight: 650 });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: '0.92rem' });
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
});
globalStyle(`${table} th`, { color: vars.color.textMuted, fontWeight: 600 });
export const bar = style({ width: '100%', maxWidth: '240px', accentColor: vars.color.primary });
export const footer = style({
  marginTop: vars.space.xl,
  color: vars.color.textMuted,
  fontSize: '0.85rem',
});
