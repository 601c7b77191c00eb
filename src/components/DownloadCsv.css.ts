import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** A section's title with its download link at the far end, wrapping under it on a narrow screen. */
export const titleRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
