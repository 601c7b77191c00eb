import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
import { PAGE_MAX_WIDTH } from '../../components/ui.css';

/** From here up the admin's bar is one row (docs/decisions/310, 331). */
const WIDE = 'screen and (min-width: 1280px)';

export const topBar = style({
  position: 'sticky',
  top: 0,
  zIndex: 20,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const topBarInner = style({
  maxWidth: PAGE_MAX_WIDTH,
  margin: '0 auto',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  // One row from 1280 px; below NARROW the Menu button takes the tabs onto their own rows.
  flexWrap: 'nowrap',
  '@media': { 'screen and (max-width: 900px)': { flexWrap: 'wrap' } },
});
export const brand = style({
  fontWeight: 750,
  fontSize: '1.02rem',
  color: vars.color.text,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
});
export const tabs = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  flex: 1,
  flexWrap: 'wrap',
  // From 1,280 px the tabs keep their one row and a long email gives way first (see email).
  '@media': { [WIDE]: { flexWrap: 'nowrap' } },
});
export const tab = style({
  padding: '7px 10px',
  borderRadius: vars.radius.sm,
  color: vars.color.textMuted,
  textDecoration: 'none',
  fontWeight: 600,
  fontSize: '0.92rem',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted, color: vars.color.text },
    '&[aria-current="page"]': { background: vars.color.blueBg, color: vars.color.blue },
  },
});
export const right = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  minWidth: 0,
  '@media': { [WIDE]: { flexWrap: 'nowrap' } },
});
/** The admin's pages: a disclosure that works before scripts load. */
export const adminMenu = style({ position: 'relative' });
globalStyle(`${adminMenu} > summary`, {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '4px',
  cursor: 'pointer',
  listStyle: 'none',
});
globalStyle(`${adminMenu} > summary::-webkit-details-marker`, { display: 'none' });
export const adminList = style({
  position: 'absolute',
  top: 'calc(100% + 4px)',
  left: 0,
  zIndex: 30,
  display: 'grid',
  minWidth: '10rem',
  padding: vars.space.xs,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  boxShadow: vars.shadow.card,
  '@media': { 'screen and (max-width: 900px)': { position: 'static', boxShadow: 'none' } },
});
export const gear = style({
  display: 'inline-flex',
  width: '34px',
  height: '34px',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: vars.radius.sm,
  color: vars.color.textMuted,
  selectors: { '&:hover': { background: vars.color.surfaceMuted, color: vars.color.text } },
});
export const email = style({
  fontSize: '0.88rem',
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  maxWidth: '16rem',
  minWidth: '4rem',
});
export const notFoundWrap = style({
  minHeight: '70vh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.lg,
});
export const notFoundCard = style({ maxWidth: '440px', width: '100%' });
export const notFoundHead = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});
export const warnIcon = style({ color: vars.color.red, flexShrink: 0 });

/** Below this width the tabs and account controls fold behind the Menu button. */
const NARROW = 'screen and (max-width: 900px)';
export const menu = style({
  display: 'contents',
  '@media': {
    [NARROW]: {
      display: 'none',
      flexBasis: '100%',
      flexDirection: 'column',
      alignItems: 'stretch',
      gap: vars.space.md,
      paddingBottom: vars.space.sm,
    },
  },
  selectors: { '&[data-open]': { '@media': { [NARROW]: { display: 'flex' } } } },
});
globalStyle('.top-menu-button', { display: 'none', marginLeft: 'auto' });
globalStyle('.top-menu-button', { '@media': { [NARROW]: { display: 'inline-flex' } } });
globalStyle(`${menu} > nav`, { '@media': { [NARROW]: { flexDirection: 'column' } } });
