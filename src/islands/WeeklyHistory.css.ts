import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
export {
  row as listHeader,
  strongName as groupName,
  statLabel,
  box as group,
  mutedNowrap as ticketAssignee,
} from '../components/ui.css';

export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
  gap: vars.space.lg,
  marginBottom: vars.space.xl,
});

const statBase = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  textAlign: 'left',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.xl,
  font: 'inherit',
  color: vars.color.text,
});
export const stat = styleVariants({
  plain: [statBase],
  clickable: [
    statBase,
    {
      cursor: 'pointer',
      selectors: {
        '&:hover': { borderColor: vars.color.primary },
        '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
      },
    },
  ],
});
export const statValue = style({
  fontSize: '1.9rem',
  fontWeight: 700,
  lineHeight: 1.1,
  fontVariantNumeric: 'tabular-nums',
});
export const statNote = style({ color: vars.color.textMuted, fontSize: '0.8rem' });
export const velocity = styleVariants({
  green: { color: vars.color.green },
  yellow: { color: vars.color.yellow },
  red: { color: vars.color.red },
});

export const navigator = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.md,
  marginBottom: vars.space.xl,
});
export const weekLabel = style({ fontWeight: 650, fontSize: '1rem' });

export const listDescription = style({
  color: vars.color.textMuted,
  fontSize: '0.9rem',
  margin: `${vars.space.xs} 0 ${vars.space.lg}`,
});
export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
  marginBottom: vars.space.md,
});
export const filter = style({ display: 'grid', gap: '2px', fontSize: '0.85rem', fontWeight: 550 });
export const select = style({
  font: 'inherit',
  fontWeight: 400,
  padding: '6px 8px',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  maxWidth: '16rem',
});
export const shown = style({
  color: vars.color.textMuted,
  fontSize: '0.85rem',
  marginLeft: 'auto',
});
export const groups = style({ display: 'grid', gap: vars.space.md });
export const groupHeader = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surfaceMuted,
  fontSize: '0.95rem',
});
export const groupPoints = style({
  marginLeft: 'auto',
  color: vars.color.textMuted,
  fontSize: '0.85rem',
  whiteSpace: 'nowrap',
});
export const tickets = style({ listStyle: 'none', padding: 0, margin: 0 });
/** One line per ticket; on a narrow screen the summary takes a line of its own. */
export const ticket = style({
  display: 'grid',
  gridTemplateColumns: 'auto auto minmax(0, 1fr) auto auto auto',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `6px ${vars.space.md}`,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: '0.9rem',
  '@media': {
    'screen and (max-width: 640px)': { display: 'flex', flexWrap: 'wrap', rowGap: '2px' },
  },
});
export const ticketKey = style({
  fontFamily: vars.font.mono,
  fontWeight: 700,
  fontSize: '0.85rem',
});
export const ticketSummary = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '@media': {
    'screen and (max-width: 640px)': { flexBasis: '100%', order: 1, whiteSpace: 'normal' },
  },
});
export const ticketUpdated = style({
  color: vars.color.textMuted,
  fontSize: '0.85rem',
  whiteSpace: 'nowrap',
});
export const points = style({
  justifySelf: 'end',
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.full,
  padding: '2px 10px',
  fontSize: '0.85rem',
  whiteSpace: 'nowrap',
});
export const empty = style({
  textAlign: 'center',
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  color: vars.color.textMuted,
});
export const emptyTitle = style({
  fontWeight: 650,
  color: vars.color.text,
  marginBottom: vars.space.xs,
});
export const dialogLoading = style({
  display: 'flex',
  justifyContent: 'center',
  padding: vars.space.xxl,
  minHeight: '200px',
  alignItems: 'center',
});
export const listActions = style({ marginLeft: 'auto' });

export const untracked = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  marginBottom: vars.space.xl,
});
export const untrackedLine = style({ fontSize: '1rem', fontWeight: 600, margin: 0 });
export const untrackedList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
});
export const untrackedPerson = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
});
