import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env';
import { requireAbility } from '../../middleware/guards';
import { loadAgencyWeek } from '../../services/agency-time';
import { loadGrossMargins } from '../../services/gross-margins';
import { WeekStartSchema } from '../schemas';
import { valid } from '../validation';

const AgencyTimeQuerySchema = z.object({ weekStart: WeekStartSchema });

/** Weekly Hours' week of logged time, mounted at /api/agency-time-entries, admins only. */
export const agencyTimeEntriesApi = new Hono<AppEnv>()
  .use(requireAbility('money.view'))
  .get('/', valid('query', AgencyTimeQuerySchema), async (c) => {
    const { weekStart } = c.req.valid('query');
    return c.json(
      await loadAgencyWeek(c.var.deps.db, weekStart, c.var.deps.config.COMPANY_CURRENCY),
    );
  });

/** Gross Margins per project, mounted at /api/gross-margins, admins only. */
export const grossMarginsApi = new Hono<AppEnv>()
  .use(requireAbility('money.view'))
  .get('/', async (c) =>
    c.json(await loadGrossMargins(c.var.deps.db, c.var.deps.config.COMPANY_CURRENCY)),
  );
