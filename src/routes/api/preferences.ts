import { Hono } from 'hono';
import { z } from 'zod';
import { saveTheme } from '../../db/preferences';
import type { AppEnv } from '../../env';
import { requireUser } from '../../middleware/guards';
import { rememberPortfolioView } from '../../services/preferences';
import { THEMES } from '../../shared/theme';
import { valid } from '../validation';

export const ThemeSchema = z.strictObject({
  theme: z
    .enum(THEMES, { message: 'theme must be light, dark or null (follow the system)' })
    .nullable(),
});

export const PortfolioViewSchema = z.strictObject({
  /** The view's address parameters, as in `/?view=table&sort=paid` (with or without the '?'). */
  query: z.string({ message: 'query must be the view’s address parameters' }).max(1000, {
    message: 'query must be at most 1000 characters',
  }),
});

/** A person's own preferences (docs/decisions/182), mounted at /api/preferences, for any signed-in user. */
export const preferencesApi = new Hono<AppEnv>()
  .use(requireUser())
  .put('/theme', valid('json', ThemeSchema), async (c) => {
    const { theme } = c.req.valid('json');
    await saveTheme(c.var.deps.db, c.var.user.id, theme);
    return c.json({ theme });
  })
  // The portfolio page remembers its view here; GET / only reads it (docs/decisions/276).
  .put('/portfolio-view', valid('json', PortfolioViewSchema), async (c) => {
    const result = await rememberPortfolioView(
      c.var.deps.db,
      c.var.user.id,
      c.req.valid('json').query,
    );
    if (!result.ok) return c.json({ message: result.message }, 400);
    return c.json({ query: result.view });
  });
