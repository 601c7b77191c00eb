import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

const TRACK = '8px';

// One element per bar plus its texts: the track is drawn by ::after, the fill sits on top of it.
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
  },
});
export const label = style({
  color: vars.color.textMuted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const value = style({ gridColumn: 2, fontWeight: 650, fontVariantNumeric: 'tabular-nums' });
const fillBase = style({
  position: 'absolute',
  zIndex: 1,
  left: 0,
  bottom: 0,
  height: TRACK,
  borderRadius: vars.radius.full,
});
export const fill = styleVariants({
  blue: [fillBase, { background: vars.color.blue }],
  green: [fillBase, { background: vars.color.green }],
  purple: [fillBase, { background: vars.color.purple }],
  amber: [fillBase, { background: vars.color.amber }],
  red: [fillBase, { background: vars.color.red }],
  cyan: [fillBase, { background: vars.color.cyan }],
});
