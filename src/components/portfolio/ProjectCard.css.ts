import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
export { muted as sprintLine, danger as redIcon, row as titleRow, pair as fact } from '../ui.css';

export const list = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.xl,
  cursor: 'pointer',
  display: 'grid',
  gap: vars.space.lg,
  transition: 'border-color 120ms',
  // Cards far below the fold are laid out and painted only as they near the viewport, so the
  // first screen of cards paints sooner on a slow device (docs/decisions/145). 'auto' keeps a
  // card's last rendered height once it has been seen; 280px is a typical card at desktop width.
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 280px',
  selectors: {
    '&:hover': { borderColor: vars.color.primary },
    // That containment clips paint at the card's edge and holds fixed children: lifted while
    // the card is in use, so its billing hover can reach past the edge (it is on screen anyway).
    '&:hover, &:focus-within': { contentVisibility: 'visible' },
  },
});
export const top = style({
  display: 'flex',
  gap: vars.space.lg,
  alignItems: 'flex-start',
  justifyContent: 'space-between',
});
export const titleBlock = style({ display: 'grid', gap: vars.space.sm, minWidth: 0 });
export const name = style({
  font: 'inherit',
  fontSize: '1.12rem',
  fontWeight: 700,
  color: vars.color.text,
  background: 'none',
  border: 'none',
  padding: 0,
  cursor: 'pointer',
  textAlign: 'left',
  overflowWrap: 'anywhere',
  // A link to the project's page, read as the card's title.
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.primary } },
});
export const marker = style({
  display: 'inline-flex',
  alignItems: 'center',
  padding: '1px 7px',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  fontSize: '0.72rem',
  fontWeight: 650,
  color: vars.color.textMuted,
});
export const subRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  flexWrap: 'wrap',
  fontSize: '0.88rem',
});
export const gaugeBlock = style({
  display: 'grid',
  justifyItems: 'center',
  gap: '2px',
  fontSize: '0.75rem',
  color: vars.color.textMuted,
});
export const gaugeCaption = style({ fontSize: '0.7rem', whiteSpace: 'nowrap' });
export const facts = style({
  display: 'flex',
  gap: vars.space.xl,
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  fontSize: '0.9rem',
});
export const factLabel = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: '0.8rem',
  fontWeight: 600,
});
export const factValue = style({ fontWeight: 650, fontVariantNumeric: 'tabular-nums' });
/** A figure's glossary definition under its label (docs/figures.md). */
export const factHelp = style({
  color: vars.color.textMuted,
  fontSize: '0.75rem',
  maxWidth: '22ch',
});
export const billing = style({ position: 'relative', cursor: 'help' });
export const billingDetails = style({
  display: 'none',
  position: 'absolute',
  zIndex: 10,
  top: 'calc(100% + 6px)',
  left: 0,
  minWidth: '260px',
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.pop,
  cursor: 'default',
  fontSize: '0.85rem',
  // The figures are one text, a line each.
  whiteSpace: 'pre-line',
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    [`${billing}:hover > &, ${billing}:focus-within > &`]: { display: 'grid', gap: vars.space.xs },
  },
});
export const billingHelp = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  whiteSpace: 'normal',
  color: vars.color.textMuted,
  fontSize: '0.78rem',
});
globalStyle(`${billingHelp} dd`, { margin: 0 });
globalStyle(`${billingHelp} dt`, { fontWeight: 600 });
export const bars = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
  gap: `${vars.space.md} ${vars.space.xl}`,
});
export const footer = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });
