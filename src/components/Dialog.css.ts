import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

// Below the notification area (z-index 100), so toasts raised from a dialog stay visible and usable.
export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 50,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.lg,
  background: 'rgba(15, 23, 42, 0.55)',
  // On a phone the dialog takes nearly the whole screen (docs/decisions/184).
  '@media': { 'screen and (max-width: 480px)': { padding: vars.space.sm } },
});
const panelBase = style({
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  // docs/product-spec.md, "Business constants and limits": a modal never passes 90% of the viewport
  // height; its body scrolls instead.
  maxHeight: '90vh',
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.pop,
  background: vars.color.surface,
  color: vars.color.text,
  outline: 'none',
});
// Tailwind's scale, which the spec's 'about 5xl' refers to.
export const panel = styleVariants({
  sm: [panelBase, { maxWidth: '28rem' }],
  md: [panelBase, { maxWidth: '36rem' }],
  lg: [panelBase, { maxWidth: '48rem' }],
  xl: [panelBase, { maxWidth: '64rem' }],
});
export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.lg} ${vars.space.xl}`,
  borderBottom: `1px solid ${vars.color.border}`,
  flexShrink: 0,
  '@media': { 'screen and (max-width: 480px)': { padding: vars.space.md } },
});
export const title = style({ fontSize: '1.15rem', fontWeight: 700, overflowWrap: 'anywhere' });
export const description = style({
  color: vars.color.textMuted,
  fontSize: '0.88rem',
  marginTop: vars.space.xs,
});
export const close = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '32px',
  height: '32px',
  flexShrink: 0,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceMuted, color: vars.color.text } },
});
export const body = style({
  padding: vars.space.xl,
  overflowY: 'auto',
  minHeight: 0,
  '@media': { 'screen and (max-width: 480px)': { padding: vars.space.md } },
});
