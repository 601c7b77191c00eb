import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const weekButtons = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
