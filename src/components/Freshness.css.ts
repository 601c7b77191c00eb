import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const line = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: `0 0 ${vars.space.lg}`,
  fontSize: '0.85rem',
  color: vars.color.textMuted,
});

export const age = style({
  position: 'relative',
  borderBottom: `1px dotted ${vars.color.textMuted}`,
  cursor: 'help',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

/** The exact times: shown while the age is hovered or has keyboard focus. */
export const tip = style({
  display: 'none',
  position: 'absolute',
  top: 'calc(100% + 6px)',
  left: 0,
  zIndex: 20,
  whiteSpace: 'nowrap',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.text,
  color: vars.color.surface,
  boxShadow: vars.shadow.pop,
  selectors: {
    [`${age}:hover &, ${age}:focus &`]: { display: 'block' },
  },
});

export const warning = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.amberBg,
  color: vars.color.amber,
  fontWeight: 600,
});

export const link = style({ color: vars.color.primary });
