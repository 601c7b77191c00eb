import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** The empty live region every page paints; the toasts' own styles load after that paint (Toast.css.ts). */
export const viewport = style({
  position: 'fixed',
  bottom: 0,
  right: 0,
  zIndex: 100,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  width: '100%',
  maxWidth: '420px',
  margin: 0,
  listStyle: 'none',
  outline: 'none',
  // Empty on every page: its padded box must not take clicks from what lies under it.
  pointerEvents: 'none',
});
