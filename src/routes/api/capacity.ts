import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../env';
import { requireAbility } from '../../middleware/guards';
import { loadCapacity, loadPipeline } from '../../services/capacity';
import { weekStartOf } from '../../shared/calendar';
import { IsoDateSchema } from '../schemas';
import { valid } from '../validation';
import { agencyToday } from './insights';

export const CapacityQuerySchema = z.object({
  from: IsoDateSchema('from').optional(),
  weeks: z.coerce
    .number({ error: 'weeks must be a whole number from 1 to 26' })
    .int('weeks must be a whole number from 1 to 26')
    .min(1, 'weeks must be a whole number from 1 to 26')
    .max(26, 'weeks must be a whole number from 1 to 26')
    .default(12),
  tentative: z.enum(['0', '1'], { error: 'tentative must be 0 or 1' }).default('1'),
  minProbability: z.coerce
    .number({ error: 'minProbability must be a percentage from 0 to 100' })
    .min(0, 'minProbability must be a percentage from 0 to 100')
    .max(100, 'minProbability must be a percentage from 0 to 100')
    .default(0),
});
export type CapacityQuery = z.infer<typeof CapacityQuerySchema>;

/** The stored capacity for a query, the same for the call and the page. */
export function capacityFor(deps: AppDeps, q: CapacityQuery) {
  return loadCapacity(deps.db, {
    from: q.from ?? weekStartOf(agencyToday(deps)),
    weeks: q.weeks,
    tentative: q.tentative === '1',
    minProbability: q.minProbability,
    dealWeeks: deps.config.CAPACITY_DEAL_WEEKS,
    blendedRate: deps.config.CAPACITY_BLENDED_RATE,
  });
}

/**
 * Capacity per person and week, mounted at /api/capacity: staff and admins. Hours only, no
 * money; read from PostgreSQL, so Forecast or Pipedrive being down changes nothing here.
 */
export const capacityApi = new Hono<AppEnv>()
  .use(requireAbility('capacity.view'))
  .get('/', valid('query', CapacityQuerySchema), async (c) => {
    const answer = await capacityFor(c.var.deps, c.req.valid('query'));
    return c.json({
      weeks: answer.weeks.map((w) => ({
        weekStart: w.weekStart,
        availableHours: w.availableHours,
        allocatedHours: w.allocatedHours,
        tentativeHours: w.tentativeHours,
        freeHours: w.freeHours,
      })),
      people: answer.people,
    });
  });

/** The weighted pipeline, mounted at /api/pipeline: money, so admins only. */
export const pipelineApi = new Hono<AppEnv>()
  .use(requireAbility('money.view'))
  .get('/', async (c) => c.json(await loadPipeline(c.var.deps.db)));
