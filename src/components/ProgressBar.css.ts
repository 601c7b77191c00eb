import { createVar, globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

const TRACK = '8px';

const fillColor = createVar();

// One element per bar plus its texts: the track is drawn by ::after, the fill by ::before on top
// of it, as wide as the --bar-fill the element's style attribute sets.
export const bar = style({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  columnGap: vars.space.sm,
  alignItems: 'end',
  minHeight: TRACK,
  paddingBottom: `calc(${TRACK} + 4px)`,
  fontSize: '0.82rem',
  selectors: {
    '&::after': {
      content: '""',
      position: 'absolute',
      left: 0,
      right: 0,
      bottom: 0,
      height: TRACK,
      borderRadius: vars.radius.full,
      background: vars.color.greyBg,
    },
    '&::before': {
      content: '""',
      position: 'absolute',
      zIndex: 1,
      left: 0,
      bottom: 0,
      width: 'var(--bar-fill)',
      height: TRACK,
      borderRadius: vars.radius.full,
      background: fillColor,
    },
  },
});
// The label and the value carry no class: a portfolio prints hundreds of bars.
globalStyle(`${bar} > b`, { gridColumn: 2, fontWeight: 650, fontVariantNumeric: 'tabular-nums' });
globalStyle(`${bar} > span`, {
  color: vars.color.textMuted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const tone = styleVariants({
  blue: { vars: { [fillColor]: vars.color.blue } },
  green: { vars: { [fillColor]: vars.color.green } },
  purple: { vars: { [fillColor]: vars.color.purple } },
  amber: { vars: { [fillColor]: vars.color.amber } },
  red: { vars: { [fillColor]: vars.color.red } },
  cyan: { vars: { [fillColor]: vars.color.cyan } },
});
