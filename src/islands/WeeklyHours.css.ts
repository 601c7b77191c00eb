import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
export {
  field as breakdownHeader,
  semibold as entryPerson,
  toolbar as summaryHeader,
  statLabel as metricLabel,
  box as project,
  mutedNowrap as entryDate,
  plainList as projects,
} from '../components/ui.css';

export const summary = style({ marginBottom: vars.space.xl });
export const weekLabel = style({
  color: vars.color.textMuted,
  fontWeight: 600,
  margin: `${vars.space.xs} 0 0`,
});

export const scope = style({
  color: vars.color.textMuted,
  fontSize: '0.8rem',
  margin: `${vars.space.xs} 0 0`,
});

export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
  gap: vars.space.lg,
});
export const metric = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.xl,
  margin: 0,
});
export const metricValue = style({
  fontSize: '1.75rem',
  fontWeight: 700,
  lineHeight: 1.15,
  fontVariantNumeric: 'tabular-nums',
  margin: 0,
  minHeight: '2rem',
  display: 'flex',
  alignItems: 'center',
});
export const metricError = style({ color: vars.color.red });

export const breakdownNote = style({
  color: vars.color.textMuted,
  fontSize: '0.9rem',
  margin: `${vars.space.xs} 0 0`,
});
export const projectToggle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  width: '100%',
  padding: `${vars.space.md} ${vars.space.lg}`,
  background: vars.color.surface,
  border: 0,
  font: 'inherit',
  color: vars.color.text,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
});
export const chevron = style({
  flexShrink: 0,
  color: vars.color.textMuted,
  transition: 'transform 120ms ease',
  selectors: { '[aria-expanded="true"] > &': { transform: 'rotate(90deg)' } },
});
export const projectName = style({
  fontWeight: 650,
  flex: 1,
  minWidth: 0,
  overflowWrap: 'anywhere',
});
export const projectHours = style({
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});
/** The breakdown's totals row: the week's hours, in line with the projects' hours above it. */
export const total = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderTop: `2px solid ${vars.color.border}`,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});
export const projectBody = style({
  padding: `${vars.space.sm} ${vars.space.lg} ${vars.space.lg}`,
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
  display: 'grid',
  gap: vars.space.md,
});
export const entries = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xs,
});
export const entry = style({
  display: 'grid',
  gridTemplateColumns: '120px minmax(120px, 200px) 1fr auto',
  gap: vars.space.md,
  alignItems: 'baseline',
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surface,
  borderRadius: vars.radius.sm,
  fontSize: '0.9rem',
  '@media': { 'screen and (max-width: 640px)': { gridTemplateColumns: '1fr auto' } },
});
export const entryNotes = style({ color: vars.color.textMuted, overflowWrap: 'anywhere' });
export const entryHours = style({
  fontWeight: 650,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  textAlign: 'right',
});
