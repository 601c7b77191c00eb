/** The colour theme a person chose (docs/decisions/182); null follows the system setting. */
export type ThemeChoice = 'light' | 'dark' | null;

export const THEMES = ['light', 'dark'] as const;

export const THEME_LABEL: Record<string, string> = { null: 'System', dark: 'Dark', light: 'Light' };

/** The toggle's order: System, Dark, Light, then System again. */
export function nextTheme(theme: ThemeChoice): ThemeChoice {
  return theme === null ? 'dark' : theme === 'dark' ? 'light' : null;
}
