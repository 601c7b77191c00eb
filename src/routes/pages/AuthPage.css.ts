import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
export { semibold as noticeTitle } from '../../components/ui.css';

export const wrap = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.lg,
});
export const panel = style({ width: '100%', maxWidth: '400px' });
export const brand = style({ fontSize: '1.35rem', fontWeight: 700, marginBottom: vars.space.xs });
export const subtitle = style({
  color: vars.color.textMuted,
  marginBottom: vars.space.xl,
  fontSize: '0.92rem',
});
export const submit = style({ width: '100%', marginTop: vars.space.sm });
export const toggle = style({ marginTop: vars.space.lg, textAlign: 'center' });
export const hint = style({
  margin: `${vars.space.xs} 0 0`,
  fontSize: '0.8rem',
  color: vars.color.textMuted,
});
/** What is wrong with a field, under it, in words. */
export const fieldError = style({
  margin: `${vars.space.xs} 0 0`,
  fontSize: '0.85rem',
  color: vars.color.red,
});
/** A refusal or notice from the form's own POST, shown above the fields (no JavaScript needed). */
export const notice = style({
  borderRadius: vars.radius.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  marginBottom: vars.space.lg,
  fontSize: '0.9rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
});
export const noticeError = style([
  notice,
  { borderColor: vars.color.red, background: vars.color.redBg, color: vars.color.red },
]);
/** The single sign-on link, a full-width button above the password form. */
export const sso = style({ width: '100%', textDecoration: 'none', textAlign: 'center' });
export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: `${vars.space.lg} 0`,
  fontSize: '0.8rem',
  color: vars.color.textMuted,
  selectors: {
    '&::before, &::after': { content: '""', flex: 1, borderTop: `1px solid ${vars.color.border}` },
  },
});
