import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const list = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.lg, margin: 0, padding: 0, listStyle: 'none' });
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
  selectors: { '&:hover': { borderColor: vars.color.primary } },
});
export const top = style({ display: 'flex', gap: vars.space.lg, alignItems: 'flex-start', justifyContent: 'space-between' });
export const titleBlock = style({ display: 'grid', gap: vars.space.sm, minWidth: 0 });
export const titleRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap' });
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
export const subRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap', fontSize: '0.88rem' });
export const sprintLine = style({ color: vars.color.textMuted });
export const teamSelect = style({
  padding: '4px 8px',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  fontFamily: 'inherit',
  fontSize: '0.85rem',
  cursor: 'pointer',
});
export const gaugeBlock = style({ display: 'grid', justifyItems: 'center', gap: '2px', fontSize: '0.75rem', color: vars.color.textMuted });
export const facts = style({ display: 'flex', gap: vars.space.xl, flexWrap: 'wrap', alignItems: 'flex-start', fontSize: '0.9rem' });
export const fact = style({ display: 'grid', gap: '2px' });
export const factLabel = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, color: vars.color.textMuted, fontSize: '0.8rem', fontWeight: 600 });
export const factValue = style({ fontWeight: 650, fontVariantNumeric: 'tabular-nums' });
export const redIcon = style({ color: vars.color.red });
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
export const bars = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: `${vars.space.md} ${vars.space.xl}` });
export const footer = style({ display: 'flex', justifyContent: 'flex-end' });

const REFRESH_ICON = encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="black" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><polyline points="23 4 23 10 17 10"/><polyline points="1 20 1 14 7 14"/><path d="M3.51 9a9 9 0 0 1 14.85-3.36L23 10M1 14l4.64 4.36A9 9 0 0 0 20.49 15"/></svg>',
);
const WARNING_ICON = encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="black" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0z"/><line x1="12" y1="9" x2="12" y2="13"/><line x1="12" y1="17" x2="12.01" y2="17"/></svg>',
);
const syncBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: '6px 12px',
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: 'inherit',
  fontSize: '0.85rem',
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&:disabled': { opacity: 0.6, cursor: 'progress' },
    '&:hover:not(:disabled)': { background: vars.color.surfaceMuted },
    // The refresh icon, drawn by CSS so each of a hundred cards carries no SVG markup for it.
    '&::before': {
      content: '""',
      width: '15px',
      height: '15px',
      flexShrink: 0,
      background: 'currentColor',
      mask: `url("data:image/svg+xml,${REFRESH_ICON}") center / contain no-repeat`,
    },
  },
});
export const syncButton = styleVariants({
  fresh: [syncBase, { border: `1px solid ${vars.color.border}` }],
  // Spec section 2: older than 24 hours gives a yellow outline and a warning icon (drawn by ::after).
  stale: [
    syncBase,
    {
      border: `2px solid ${vars.color.yellow}`,
      selectors: {
        '&::after': {
          content: '""',
          order: -1,
          width: '15px',
          height: '15px',
          flexShrink: 0,
          background: vars.color.yellow,
          mask: `url("data:image/svg+xml,${WARNING_ICON}") center / contain no-repeat`,
        },
      },
    },
  ],
});
const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
export const spinning = style({
  selectors: { '&::before': { animationName: spin, animationDuration: '0.9s', animationIterationCount: 'infinite', animationTimingFunction: 'linear' } },
});
