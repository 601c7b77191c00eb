import { Hono } from 'hono';
import { z } from 'zod';
import {
  createScenario,
  deleteScenario,
  getScenario,
  listScenarios,
  pipelineKnown,
  readRoleMixes,
  saveRoleMix,
  updateScenario,
} from '../../db/plan';
import type { AppEnv } from '../../env';
import { requireAbility } from '../../middleware/guards';
import { BadInputError, NotFoundError } from '../../services/errors';
import { loadPlan, type Plan, type PlanDeal } from '../../services/plan';
import { isIsoDate } from '../../shared/calendar';
import { IsoDateSchema, isWithinShownYears, outsideShownYears } from '../schemas';
import { MAX_INTEGER } from '../../shared/column-limits';
import { fitAt, type ScenarioDeal } from '../../shared/deal-plan';
import { can } from '../../shared/roles';
import { cleanUpstreamText } from '../../shared/upstream-text';
import { valid } from '../validation';

const positiveId = (what: string, example: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,8}$/, `${what} must be a positive whole number, e.g. ${example}`)
    .transform(Number);

const ScenarioQuery = z.strictObject({
  scenario: positiveId('scenario', '?scenario=3').optional(),
});
const FitQuery = z.strictObject({
  start: IsoDateSchema('start').optional(),
  scenario: positiveId('scenario', '?scenario=3').optional(),
});
const IdParam = z.object({ id: positiveId('id', '/api/plan/scenarios/3') });
const PipelineParam = z.object({
  pipelineId: positiveId('pipelineId', '/api/plan/role-mixes/1'),
});

/** A pipeline's role mix as admins set it: roles and weights, or null to clear it. */
export const RoleMixSchema = z.strictObject({
  mix: z
    .array(
      z.strictObject({
        role: z
          .string('mix[].role must be text')
          .trim()
          .min(1, 'mix[].role must not be empty')
          .max(100, 'mix[].role must be at most 100 characters')
          .refine(
            (t) => cleanUpstreamText(t) === t && !/[\t\n]/.test(t),
            'mix[].role must be plain text, without control characters',
          ),
        weight: z
          .number('mix[].weight must be a number')
          .positive('mix[].weight must be above 0')
          .max(1_000_000, 'mix[].weight must be at most 1,000,000'),
      }),
      'mix must be a list of { role, weight }, or null to clear it',
    )
    .min(1, 'mix must name at least one role; send null to clear it')
    .max(50, 'mix must hold at most 50 roles')
    .refine(
      (mix) => new Set(mix.map((r) => r.role)).size === mix.length,
      'mix must name each role once',
    )
    .nullable(),
});
const DealIdParam = z.object({ id: positiveId('id', '/api/plan/deals/101/fit') });

/** A scenario as POST and PUT take it: a name, and deals marked won, lost or tentative. */
export const ScenarioSchema = z.strictObject({
  name: z
    .string('name must be text')
    .trim()
    .min(1, 'name must not be empty')
    .max(100, 'name must be at most 100 characters')
    .refine(
      (t) => cleanUpstreamText(t) === t && !/[\t\n]/.test(t),
      'name must be plain text, without control characters',
    ),
  deals: z
    .array(
      z.strictObject({
        id: z
          .number('deals[].id must be a deal id')
          .int('deals[].id must be a whole number')
          .min(1, 'deals[].id must be a positive whole number')
          .max(MAX_INTEGER, `deals[].id must be at most ${MAX_INTEGER}`),
        status: z.enum(
          ['won', 'lost', 'tentative'],
          "deals[].status must be 'won', 'lost' or 'tentative'",
        ),
        start: z
          .string('deals[].start must be a date as YYYY-MM-DD')
          .refine(isIsoDate, 'deals[].start must be a date as YYYY-MM-DD')
          .refine(isWithinShownYears, outsideShownYears('deals[].start'))
          .nullable()
          .optional(),
      }),
      'deals must be a list of { id, status, start? }',
    )
    .max(500, 'deals must hold at most 500 deals')
    .refine(
      (deals) => new Set(deals.map((d) => d.id)).size === deals.length,
      'deals must name each deal once',
    ),
});

async function scenarioDeals(db: Parameters<typeof getScenario>[0], id: number | undefined) {
  if (id === undefined) return { scenario: null, deals: [] as ScenarioDeal[] };
  const scenario = await getScenario(db, id);
  if (!scenario) throw new NotFoundError(`There is no scenario ${id}.`);
  return { scenario, deals: scenario.deals };
}

/** A deal as the call answers it: value fields for admins only. */
function dealJson(d: PlanDeal, money: boolean) {
  const { value, valueInAgencyCurrency, from: _from, ...rest } = d;
  return money ? { ...rest, value, valueInAgencyCurrency } : rest;
}

function planJson(plan: Plan, money: boolean, scenario: { id: number; name: string } | null) {
  return {
    rate: money ? plan.rate : { currency: plan.rate.currency, source: plan.rate.source },
    fx: plan.fx,
    scenario,
    deals: plan.deals.map((d) => dealJson(d, money)),
  };
}

/**
 * Deals staffed if won and the scenarios they are judged in, mounted at /api/plan
 * (docs/decisions/410-deal-staffing-verdicts.md): staff and admins; deal values and the hourly
 * rate for admins only. Read from PostgreSQL only; nothing is written upstream.
 */
export const planApi = new Hono<AppEnv>()
  .use(requireAbility('capacity.view'))
  .get('/deals', valid('query', ScenarioQuery), async (c) => {
    const { db } = c.var.deps;
    const { scenario, deals } = await scenarioDeals(db, c.req.valid('query').scenario);
    const plan = await loadPlan(c.var.deps, deals);
    const money = can(c.var.user.role, 'money.view');
    return c.json(planJson(plan, money, scenario && { id: scenario.id, name: scenario.name }));
  })
  .get('/deals/:id/fit', valid('param', DealIdParam), valid('query', FitQuery), async (c) => {
    const { db } = c.var.deps;
    const id = c.req.valid('param').id;
    const q = c.req.valid('query');
    const { deals } = await scenarioDeals(db, q.scenario);
    const plan = await loadPlan(c.var.deps, deals);
    const deal = plan.deals.find((d) => d.id === id);
    if (!deal) throw new NotFoundError(`There is no open deal ${id}.`);
    if (deal.ifWonHours === null) throw new BadInputError(`Deal ${id}: ${deal.verdict}.`);
    const planned = plan.planned.find((p) => p.id === id);
    if (!planned)
      throw new BadInputError(`Deal ${id} is not staffed in this scenario (${deal.verdict}).`);
    const start = q.start ?? deal.earliestStart ?? deal.from;
    const fit = fitAt(deal.byRole, start, plan.dealWeeks, planned.freeBefore);
    return c.json({ start: fit.start, fits: fit.fits, weeks: fit.weeks });
  })
  // The role mix per pipeline a deal's hours are split by when it has none of its own.
  .get('/role-mixes', async (c) => {
    const mixes = await readRoleMixes(c.var.deps.db);
    return c.json({
      roleMixes: [...mixes].map(([pipelineId, mix]) => ({ pipelineId, mix })),
    });
  })
  .put(
    '/role-mixes/:pipelineId',
    requireAbility('settings.global'),
    valid('param', PipelineParam),
    valid('json', RoleMixSchema),
    async (c) => {
      const { db } = c.var.deps;
      const { pipelineId } = c.req.valid('param');
      if (!(await pipelineKnown(db, pipelineId)))
        throw new NotFoundError(`There is no pipeline ${pipelineId}.`);
      const { mix } = c.req.valid('json');
      await saveRoleMix(db, pipelineId, mix);
      return c.json({ pipelineId, mix });
    },
  )
  .get('/scenarios', async (c) => {
    const scenarios = await listScenarios(c.var.deps.db);
    return c.json({ scenarios });
  })
  .post('/scenarios', valid('json', ScenarioSchema), async (c) => {
    const body = c.req.valid('json');
    const id = await createScenario(c.var.deps.db, { ...body, createdBy: c.var.user.id });
    return c.json({ id }, 201);
  })
  .get('/scenarios/:id', valid('param', IdParam), async (c) => {
    const id = c.req.valid('param').id;
    const scenario = await getScenario(c.var.deps.db, id);
    if (!scenario) throw new NotFoundError(`There is no scenario ${id}.`);
    return c.json({ scenario });
  })
  .put('/scenarios/:id', valid('param', IdParam), valid('json', ScenarioSchema), async (c) => {
    const id = c.req.valid('param').id;
    if (!(await updateScenario(c.var.deps.db, id, c.req.valid('json'))))
      throw new NotFoundError(`There is no scenario ${id}.`);
    return c.json({ id });
  })
  .delete('/scenarios/:id', valid('param', IdParam), async (c) => {
    const id = c.req.valid('param').id;
    if (!(await deleteScenario(c.var.deps.db, id)))
      throw new NotFoundError(`There is no scenario ${id}.`);
    return c.json({ id });
  });
