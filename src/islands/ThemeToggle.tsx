import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest, serverMessage } from '../client/api';
import { toast } from '../client/toast';
import { button } from '../components/ui.css';
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
      <svg
        width={18}
        height={18}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
      >
        {theme === 'dark' ? (
          <path d="M21 12.79A9 9 0 1 1 11.21 3 7 7 0 0 0 21 12.79z" />
        ) : theme === 'light' ? (
          <>
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M4.93 19.07l1.41-1.41M17.66 6.34l1.41-1.41" />
          </>
        ) : (
          <>
            <circle cx="12" cy="12" r="9" />
            <path d="M12 3a9 9 0 0 0 0 18z" fill="currentColor" />
          </>
        )}
      </svg>
      <span>{THEME_LABEL[String(theme)]}</span>
    </button>
  );
}
