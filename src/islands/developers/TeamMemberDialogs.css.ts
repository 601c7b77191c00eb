import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
export { dialogActions } from '../../components/ui.css';

// Add Team Member and the employment date dialogs.
export const search = style({ marginBottom: vars.space.md });
export const userList = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  maxHeight: '260px',
  overflowY: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const userItem = style({
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 'none' } },
});
export const userButton = style({
  display: 'flex',
  width: '100%',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: 'transparent',
  border: 'none',
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  selectors: { '&:hover, &:focus-visible': { background: vars.color.surfaceMuted } },
});
export const userEmail = style({
  display: 'block',
  color: vars.color.textMuted,
  fontSize: '0.82rem',
  overflowWrap: 'anywhere',
});
export const userName = style({ overflowWrap: 'anywhere' });
export const chosenTitle = style({
  fontWeight: 650,
  margin: `${vars.space.lg} 0 ${vars.space.sm}`,
});
export const chosenItem = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 'none' } },
});
export const hint = style({
  color: vars.color.textMuted,
  fontSize: '0.85rem',
  marginTop: vars.space.xs,
});
export const formError = style({
  color: vars.color.red,
  fontSize: '0.88rem',
  marginBottom: vars.space.md,
});
