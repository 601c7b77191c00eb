import { createVar, globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

const ringColor = createVar();

// The ring is a conic gradient on ::before, hollowed by a radial mask: one element and its text.
// --gauge-fill (0%..100%) and --gauge-width come from the element's style attribute.
/** A gauge's diameter and ring width, in pixels, when the page does not set them. */
export const GAUGE_SIZE = 64;
export const GAUGE_STROKE = 7;

export const gauge = style({
  width: GAUGE_SIZE,
  height: GAUGE_SIZE,
  vars: { '--gauge-width': `${GAUGE_STROKE}px` },
  position: 'relative',
  display: 'inline-grid',
  placeItems: 'center',
  flexShrink: 0,
  borderRadius: '50%',
  fontWeight: 700,
  fontSize: '0.85rem',
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    '&::before': {
      content: '""',
      position: 'absolute',
      inset: 0,
      borderRadius: '50%',
      background: `conic-gradient(${ringColor} var(--gauge-fill), ${vars.color.greyBg} 0)`,
      mask: 'radial-gradient(farthest-side, transparent calc(100% - var(--gauge-width)), #000 calc(100% - var(--gauge-width) + 1px))',
    },
  },
});
// The text paints above the positioned ring.
globalStyle(`${gauge} > span`, { position: 'relative' });

export const tone = styleVariants({
  red: { vars: { [ringColor]: vars.color.red } },
  green: { vars: { [ringColor]: vars.color.green } },
  amber: { vars: { [ringColor]: vars.color.amber } },
  blue: { vars: { [ringColor]: vars.color.blue } },
});
