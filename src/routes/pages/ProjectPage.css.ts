import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

/** The admins' Client links card below the project's details. */
export const shareSection = style({
  marginTop: vars.space.xl,
  display: 'grid',
  gap: vars.space.md,
});
