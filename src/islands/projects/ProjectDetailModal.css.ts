import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
export {
  danger as red,
  muted as term,
  success as green,
  subtle as mutedText,
  h3,
  plainList as list,
  emphasis as epicName,
  bold as stateTitle,
} from '../../components/ui.css';

export const tabs = style({
  display: 'flex',
  gap: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: vars.space.xl,
});
export const tab = style({
  border: 'none',
  borderBottom: '2px solid transparent',
  marginBottom: '-1px',
  padding: '8px 14px',
  background: 'transparent',
  fontFamily: 'inherit',
  fontWeight: 600,
  fontSize: '0.92rem',
  color: vars.color.textMuted,
  // A link (the tab's own address), drawn as a tab.
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': { color: vars.color.primary, borderBottomColor: vars.color.primary },
  },
});
export const section = style({ display: 'grid', gap: vars.space.md, marginBottom: vars.space.xl });
export const sectionHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  flexWrap: 'wrap',
});
export const panel = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
  display: 'grid',
  gap: vars.space.md,
});
export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))',
  gap: vars.space.md,
});
export const stat = style({
  display: 'grid',
  gap: '2px',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});
export const statLabel = style({
  fontSize: '0.78rem',
  color: vars.color.textMuted,
  fontWeight: 600,
});
export const statValue = style({
  fontSize: '1.25rem',
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
});
export const centered = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  textAlign: 'center',
});
export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});
export const goal = style({ fontStyle: 'italic', color: vars.color.textMuted });
export const epic = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const epicKey = style({
  fontFamily: vars.font.mono,
  fontSize: '0.8rem',
  color: vars.color.textMuted,
});
export const summary = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: vars.space.lg,
  alignItems: 'center',
});
export const ringBlock = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.xs,
  fontSize: '0.82rem',
  color: vars.color.textMuted,
});
export const periods = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const period = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const periodFacts = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `2px ${vars.space.md}`,
  margin: 0,
  fontSize: '0.85rem',
});
export const value = style({ margin: 0, fontVariantNumeric: 'tabular-nums' });
export const pieWrap = style({
  display: 'flex',
  gap: vars.space.xl,
  alignItems: 'center',
  flexWrap: 'wrap',
});
export const pieChart = style({ position: 'relative' });
export const tooltip = style({
  position: 'absolute',
  pointerEvents: 'none',
  padding: '6px 10px',
  borderRadius: vars.radius.sm,
  background: vars.color.text,
  color: vars.color.surface,
  fontSize: '0.8rem',
  whiteSpace: 'nowrap',
  transform: 'translate(8px, 8px)',
});
export const legend = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: '0.86rem',
});
export const legendItem = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
export const swatch = style({ width: '12px', height: '12px', borderRadius: '3px', flexShrink: 0 });
export const legendCount = style({
  marginLeft: 'auto',
  paddingLeft: vars.space.lg,
  fontWeight: 650,
  fontVariantNumeric: 'tabular-nums',
});
export const amber = style({ color: vars.color.amber });
/** The forecast's one-line answer: the first thing a lead reads. */
export const verdict = style({ fontSize: '1.1rem', fontWeight: 700, margin: 0 });
export const burnTable = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontVariantNumeric: 'tabular-nums',
  textAlign: 'left',
});
globalStyle(`${burnTable} th, ${burnTable} td`, { padding: `${vars.space.xs} ${vars.space.sm}` });
export const headActions = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.md,
  flexWrap: 'wrap',
});
