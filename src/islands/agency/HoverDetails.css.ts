import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const wrap = style({ position: 'relative', display: 'inline-block' });

export const trigger = style({
  font: 'inherit',
  color: 'inherit',
  background: 'transparent',
  border: 0,
  padding: '2px 4px',
  margin: '-2px -4px',
  borderRadius: vars.radius.sm,
  cursor: 'help',
  textDecoration: 'underline dotted',
  textUnderlineOffset: '3px',
  fontVariantNumeric: 'tabular-nums',
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
});

// Shown by CSS on hover and on keyboard focus, so it works before the island hydrates too.
export const details = style({
  display: 'none',
  position: 'absolute',
  zIndex: 10,
  top: 'calc(100% + 6px)',
  right: 0,
  minWidth: '280px',
  maxWidth: '360px',
  maxHeight: '60vh',
  overflowY: 'auto',
  padding: vars.space.md,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.pop,
  textAlign: 'left',
  fontSize: '0.85rem',
  fontWeight: 400,
  whiteSpace: 'normal',
  cursor: 'default',
  selectors: {
    [`${wrap}:hover > &, ${wrap}:focus-within > &`]: { display: 'block' },
    // Escape hides it until the pointer or focus leaves (WCAG 1.4.13, dismissible).
    [`${wrap}[data-dismissed] > &`]: { display: 'none' },
  },
});

export const title = style({ fontWeight: 700, marginBottom: vars.space.sm });
