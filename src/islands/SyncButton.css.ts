import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { svgUrl } from '../../styles/svg-url';
import { spin } from '../components/ui.css';

const REFRESH_ICON = svgUrl(
  `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'><path d='M23 4v6h-6M1 20v-6h6M3.51 9a9 9 0 0 1 14.85-3.36L23 10M1 14l4.64 4.36A9 9 0 0 0 20.49 15'/></svg>`,
);
const WARNING_ICON = svgUrl(
  `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'><path d='M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0zM12 9v4M12 17h.01'/></svg>`,
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
      mask: `${REFRESH_ICON} center / contain no-repeat`,
    },
  },
});
export const syncButton = styleVariants({
  fresh: [syncBase, { border: `1px solid ${vars.color.border}` }],
  // docs/product-spec.md, "Projects list": older than 24 hours gives a yellow outline and a warning icon (drawn by ::after).
  stale: [
    syncBase,
    {
      border: `2px solid ${vars.color.yellowLine}`,
      selectors: {
        '&::after': {
          content: '""',
          order: -1,
          width: '15px',
          height: '15px',
          flexShrink: 0,
          background: vars.color.yellowLine,
          mask: `${WARNING_ICON} center / contain no-repeat`,
        },
      },
    },
  ],
});
export const spinning = style({
  selectors: {
    '&::before': {
      animationName: spin,
      animationDuration: '0.9s',
      animationIterationCount: 'infinite',
      animationTimingFunction: 'linear',
    },
  },
});
