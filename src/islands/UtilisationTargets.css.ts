import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
export { note as hint, stack as form, fieldRow as row } from '../components/ui.css';

export const forms = style({ display: 'grid', gap: vars.space.lg, marginTop: vars.space.md });
export const title = style({ fontSize: '1rem', fontWeight: 650 });
export const number = style({ maxWidth: '110px' });
export const list = style({ margin: 0, paddingLeft: vars.space.lg });
