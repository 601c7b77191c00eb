import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
export { strongName as itemName, h3, plainList as list } from '../components/ui.css';

export const section = style({
  display: 'grid',
  gap: vars.space.md,
  selectors: {
    '& + &': {
      marginTop: vars.space.xl,
      paddingTop: vars.space.xl,
      borderTop: `1px solid ${vars.color.border}`,
    },
  },
});
export const sectionHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  flexWrap: 'wrap',
});
export const count = style({ color: vars.color.textMuted, fontSize: '0.86rem' });
export const item = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const itemMain = style({ display: 'grid', gap: '2px', minWidth: 0 });
export const meta = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  fontSize: '0.8rem',
  color: vars.color.textMuted,
});
export const key = style({
  fontFamily: vars.font.mono,
  fontWeight: 700,
  padding: '0 6px',
  borderRadius: vars.radius.sm,
  background: vars.color.blueBg,
  color: vars.color.blue,
});
export const toggle = style({
  minWidth: '84px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  padding: '5px 12px',
  fontFamily: 'inherit',
  fontWeight: 650,
  fontSize: '0.82rem',
  cursor: 'pointer',
  background: vars.color.greyBg,
  color: vars.color.grey,
  selectors: {
    '&[aria-checked="true"]': {
      background: vars.color.greenBg,
      color: vars.color.green,
      borderColor: vars.color.greenBg,
    },
    '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
  },
});
export const prompt = style({
  padding: vars.space.lg,
  textAlign: 'center',
  color: vars.color.textMuted,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const loading = style({ display: 'flex', justifyContent: 'center', padding: vars.space.lg });
export const smallSpinner = style({ width: '14px', height: '14px', borderWidth: '2px' });
export const footnote = style({ margin: 0, color: vars.color.textMuted, fontSize: '0.8rem' });
export const devStatusRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  fontSize: '0.8rem',
});
export const devStatusLabel = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.textMuted,
});
export const devStatusSelect = style({
  font: 'inherit',
  padding: '2px 6px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
});
export const hint = style({ color: vars.color.text });
export const hintButton = style({
  font: 'inherit',
  fontWeight: 650,
  padding: '1px 8px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
});
