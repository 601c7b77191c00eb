import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
export {
  note as hint,
  muted as none,
  success as linked,
  plainList as list,
} from '../components/ui.css';

export const sections = style({
  display: 'grid',
  // A column no wider than the card, so the roster's table scrolls inside its box.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.lg,
});
export const title = style({ fontSize: '1rem', fontWeight: 650, marginBottom: vars.space.sm });
/** A Jira account and the Forecast person to link it to; wraps under each other on a phone. */
export const linkForm = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});
export const who = style({ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' });
export const select = style({ maxWidth: '100%', minWidth: '12rem' });
