import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env';
import { requireRole } from '../../middleware/guards';
import { loadAgencyWeek } from '../../services/agency-time';
import { loadGrossMargins } from '../../services/gross-margins';
import { isIsoDate } from '../../services/metrics';
import { valid } from '../validation';

// Far outside any agency's history, and it keeps the week's Sunday a four-digit year.
const EARLIEST = '2000-01-01';
const LATEST = '2999-12-31';

/** A calendar date as 'YYYY-MM-DD' within the years the dashboard can show. */
export const WeekStartSchema = z
  .string({ error: 'weekStart is required, as YYYY-MM-DD' })
  .refine(isIsoDate, 'weekStart must be a real date written YYYY-MM-DD')
  .refine((d) => d >= EARLIEST && d <= LATEST, `weekStart must be between ${EARLIEST} and ${LATEST}`);

const AgencyTimeQuerySchema = z.object({ weekStart: WeekStartSchema });

/**
 * The Agency Dashboard's calls (spec §7), admins only: the middleware sits on each route because
 * this router is mounted at /api beside the others, where a '*' guard would cover them all.
 */
export const agencyApi = new Hono<AppEnv>()
  .get('/agency-time-entries', requireRole('admin'), valid('query', AgencyTimeQuerySchema), async (c) => {
    const { weekStart } = c.req.valid('query');
    return c.json(await loadAgencyWeek(c.var.deps.db, weekStart));
  })
  .get('/gross-margins', requireRole('admin'), async (c) => c.json(await loadGrossMargins(c.var.deps.db)));
