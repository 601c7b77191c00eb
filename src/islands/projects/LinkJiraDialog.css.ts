import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
import { input } from '../../components/ui.css';
export { bold as helpTitle, dialogActions as actions } from '../../components/ui.css';

export const current = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginBottom: vars.space.lg,
  fontSize: '0.9rem',
});
export const keyBadge = style({
  fontFamily: vars.font.mono,
  fontWeight: 700,
  padding: '2px 8px',
  borderRadius: vars.radius.sm,
  background: vars.color.blueBg,
  color: vars.color.blue,
});
export const help = style({
  padding: vars.space.md,
  marginBottom: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.amberBg,
  color: vars.color.amber,
  fontSize: '0.86rem',
  display: 'grid',
  gap: vars.space.xs,
});
export const helpList = style({ margin: 0, paddingLeft: '1.2em' });
export const modes = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.xs,
  padding: vars.space.xs,
  marginBottom: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});
export const mode = style({
  border: 'none',
  borderRadius: vars.radius.sm,
  padding: '7px 10px',
  fontFamily: 'inherit',
  fontWeight: 600,
  fontSize: '0.88rem',
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.surface,
      color: vars.color.text,
      boxShadow: vars.shadow.card,
    },
  },
});
/** The project dropdown looks like every other text field. */
export const select = style([input]);
export const mono = style({ fontFamily: vars.font.mono, letterSpacing: '0.04em' });
export const hint = style({
  marginTop: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: '0.82rem',
});
export const loading = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: '0.9rem',
});
export const smallSpinner = style({ width: '18px', height: '18px', borderWidth: '2px' });
export const empty = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.border}`,
  fontSize: '0.9rem',
  display: 'grid',
  gap: '2px',
});
export const note = style({
  color: vars.color.amber,
  fontSize: '0.86rem',
  fontWeight: 600,
  marginBottom: vars.space.md,
});
