import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

// The toasts a script raises; their region is Toaster.css.ts.
const toastBase = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: vars.space.lg,
  paddingRight: vars.space.xxl,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.pop,
  // The region lets clicks through (Toaster.css.ts); its toasts take them.
  pointerEvents: 'auto',
  touchAction: 'pan-y',
  userSelect: 'none',
  transition: 'transform 150ms ease-out, opacity 150ms ease-out',
});
export const toast = styleVariants({
  default: [toastBase, { background: vars.color.surface, color: vars.color.text }],
  destructive: [
    toastBase,
    { background: vars.color.red, color: vars.color.onStrong, borderColor: vars.color.red },
  ],
});
export const title = style({ fontWeight: 650, fontSize: '0.95rem' });
export const description = style({
  fontSize: '0.88rem',
  opacity: 0.9,
  marginTop: '2px',
  wordBreak: 'break-word',
});
export const close = style({
  position: 'absolute',
  top: vars.space.sm,
  right: vars.space.sm,
  border: 0,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  fontSize: '1.1rem',
  lineHeight: 1,
  padding: '4px',
  opacity: 0.7,
});
export const action = style({
  marginTop: vars.space.sm,
  padding: `4px ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: '1px solid currentColor',
  background: 'transparent',
  color: 'inherit',
  fontWeight: 600,
  fontSize: '0.85rem',
  cursor: 'pointer',
});
