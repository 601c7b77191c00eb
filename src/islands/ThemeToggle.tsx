import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest, serverMessage } from '../client/api';
import { toast } from '../client/toast';
import { button, topBarWord } from '../components/ui.css';
import { ThemeIcon } from '../components/icons';
import { type ThemeChoice, THEME_LABEL, nextTheme } from '../shared/theme';

export interface Props {
  /** The person's saved choice; null follows the system's light or dark setting. */
  theme: ThemeChoice;
}

/**
 * The top bar's theme switch (docs/decisions/182): System, then Dark, then Light. The page
 * changes at once (the server writes the same `data-theme` on the next page) and the choice is
 * saved for the person, so it follows them to any browser.
 */
export default function ThemeToggle({ theme: initial }: Props) {
  const [theme, setTheme] = useState<ThemeChoice>(initial);
  const save = useMutation({
    // One save at a time, in click order: two quick clicks must not reach the server swapped.
    scope: { id: 'theme' },
    mutationFn: (next: ThemeChoice) => apiRequest('PUT', '/api/preferences/theme', { theme: next }),
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to save the theme'),
        variant: 'destructive',
      }),
  });
  const choose = () => {
    const next = nextTheme(theme);
    setTheme(next);
    if (next) document.documentElement.dataset.theme = next;
    else delete document.documentElement.dataset.theme;
    save.mutate(next);
  };
  return (
    <button
      type="button"
      className={button.ghost}
      onClick={choose}
      data-testid="theme-toggle"
      aria-label={`Theme: ${THEME_LABEL[String(theme)]}. Switch to ${THEME_LABEL[String(nextTheme(theme))]}`}
      title="Colour theme"
    >
      <ThemeIcon theme={theme} />
      <span className={topBarWord}>{THEME_LABEL[String(theme)]}</span>
    </button>
  );
}
