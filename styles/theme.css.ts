import { assignVars, createGlobalTheme, globalStyle } from '@vanilla-extract/css';

/**
 * The stale outline and its icon: a yellow people read as yellow that still stands out from
 * white at 3.2:1, the WCAG minimum for the parts of a control (not for text).
 */
export const STALE_YELLOW = '#b98900';

/** Design tokens: one palette for the whole dashboard. */
export const vars = createGlobalTheme(':root', {
  color: {
    bg: '#f6f7f9',
    surface: '#ffffff',
    surfaceMuted: '#f1f3f6',
    border: '#e2e6ec',
    text: '#111827',
    textMuted: '#5b6472',
    primary: '#2f5bea',
    primaryHover: '#2449c4',
    primaryText: '#ffffff',
    green: '#15803d',
    greenBg: '#dcfce7',
    blue: '#1d4ed8',
    blueBg: '#dbeafe',
    purple: '#7e22ce',
    purpleBg: '#f3e8ff',
    amber: '#b45309',
    amberBg: '#fef3c7',
    red: '#b91c1c',
    redBg: '#fee2e2',
    grey: '#4b5563',
    greyBg: '#e5e7eb',
    cyan: '#0e7490',
    cyanBg: '#cffafe',
    violet: '#6d28d9',
    violetBg: '#ede9fe',
    // Dark enough for text on white (4.9:1, WCAG AA): velocity between 60% and 80% is written in it.
    yellow: '#a16207',
    yellowLine: STALE_YELLOW,
    focus: '#2f5bea',
    // Text on a strong colour (a red badge, the danger button, the bell's count).
    onStrong: '#ffffff',
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  radius: { sm: '6px', md: '10px', lg: '14px', full: '999px' },
  shadow: {
    card: '0 1px 2px rgba(16, 24, 40, 0.06), 0 1px 3px rgba(16, 24, 40, 0.08)',
    pop: '0 12px 32px rgba(16, 24, 40, 0.18)',
  },
  space: { xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px', xxl: '32px' },
});

/**
 * The dark palette (docs/decisions/182): the same tokens, so every style and chart follows. Each
 * text colour keeps WCAG AA contrast (4.5:1) on the surfaces and tinted backgrounds it is used on.
 */
const dark = {
  bg: '#0d1117',
  surface: '#161b22',
  surfaceMuted: '#1f2630',
  border: '#394150',
  text: '#e6edf3',
  textMuted: '#9da7b3',
  primary: '#6ea8fe',
  primaryHover: '#8fbcff',
  primaryText: '#0d1117',
  green: '#56d37f',
  greenBg: '#11301d',
  blue: '#8cb4ff',
  blueBg: '#152a4a',
  purple: '#d2a8ff',
  purpleBg: '#2d1b45',
  amber: '#f2b84b',
  amberBg: '#382708',
  red: '#ff7b72',
  redBg: '#3d1518',
  grey: '#c2c9d2',
  greyBg: '#2a313b',
  cyan: '#56d4e8',
  cyanBg: '#0c3039',
  violet: '#b8a6ff',
  violetBg: '#291f4d',
  yellow: '#e3b341',
  // Stands out from the dark surface at 8:1; still read as yellow.
  yellowLine: '#e3b341',
  focus: '#6ea8fe',
  onStrong: '#0d1117',
};

// Chosen on the top bar's toggle: the server writes data-theme on <html>.
createGlobalTheme(':root[data-theme="dark"]', vars.color, dark);
globalStyle(':root[data-theme="dark"]', { colorScheme: 'dark' });
// No choice made: follow the system setting.
globalStyle(':root:not([data-theme])', {
  '@media': {
    '(prefers-color-scheme: dark)': { vars: assignVars(vars.color, dark), colorScheme: 'dark' },
  },
});
