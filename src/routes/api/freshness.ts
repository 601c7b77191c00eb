import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env';
import { requireUser } from '../../middleware/guards';
import { loadFreshness } from '../../services/freshness';
import { SYNCED_SOURCES } from '../../shared/freshness';
import { valid } from '../validation';

const SOURCES_MESSAGE = `sources must be a comma-separated list of ${SYNCED_SOURCES.join(', ')}`;

export const FreshnessQuerySchema = z.strictObject({
  /** The synced copies the page reads, as in `?sources=jira,billing`. */
  sources: z
    .string({ message: SOURCES_MESSAGE })
    .max(40, { message: SOURCES_MESSAGE })
    .transform((list) => [...new Set(list.split(','))])
    .pipe(z.array(z.enum(SYNCED_SOURCES, { message: SOURCES_MESSAGE })).min(1)),
});

/**
 * The freshness line's one read (docs/decisions/356), for every signed-in person whose page shows
 * the line: it asks again after a sync and while a run works, instead of reloading the page.
 * The same answer the page was rendered with, the last run's failure reason only for admins.
 */
export const freshnessApi = new Hono<AppEnv>()
  .use(requireUser())
  .get('/', valid('query', FreshnessQuerySchema), async (c) => {
    const { sources } = c.req.valid('query');
    return c.json(await loadFreshness(c.var.deps, sources, c.var.user));
  });
