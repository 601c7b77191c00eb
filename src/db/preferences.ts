import type { Db } from './port';

import type { ThemeChoice } from '../shared/theme';

/**
 * What a person's screens remember; read with the session (src/db/sessions.ts), which every
 * signed-in page has.
 */
export interface UserPreferences {
  /** The portfolio view as address parameters; '' is the default view. */
  portfolioView: string;
  theme: ThemeChoice;
}

/** Remembers the portfolio view; returns without writing when it is already the stored one. */
export async function savePortfolioView(db: Db, userId: string, view: string): Promise<void> {
  await db.query(
    `INSERT INTO user_preferences (user_id, portfolio_view) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET portfolio_view = EXCLUDED.portfolio_view, updated_at = now()
       WHERE user_preferences.portfolio_view IS DISTINCT FROM EXCLUDED.portfolio_view`,
    [userId, view],
  );
}

/** Remembers the colour theme (null: follow the system). */
export async function saveTheme(db: Db, userId: string, theme: ThemeChoice): Promise<void> {
  await db.query(
    `INSERT INTO user_preferences (user_id, theme) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET theme = EXCLUDED.theme, updated_at = now()`,
    [userId, theme],
  );
}
