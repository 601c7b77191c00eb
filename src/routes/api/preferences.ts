import { Hono } from 'hono';
import { z } from 'zod';
import { saveTheme } from '../../db/preferences';
import type { AppEnv } from '../../env';
import { requireUser } from '../../middleware/guards';
import { THEMES } from '../../shared/theme';
import { valid } from '../validation';

export const ThemeSchema = z.strictObject({
  theme: z
    .enum(THEMES, { message: 'theme must be light, dark or null (follow the system)' })
    .nullable(),
});

/** A person's own preferences (docs/decisions/182), mounted at /api/preferences, for any signed-in user. */
export const preferencesApi = new Hono<AppEnv>()
  .use(requireUser())
  .put('/theme', valid('json', ThemeSchema), async (c) => {
    const { theme } = c.req.valid('json');
    await saveTheme(c.var.deps.db, c.var.user!.id, theme);
    return c.json({ theme });
  });
