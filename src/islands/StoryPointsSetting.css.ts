import { style } from '@vanilla-extract/css';
export { note as hint, stack as form, fieldRow } from '../components/ui.css';

export const number = style({ maxWidth: '140px' });
