import { Hono } from 'hono';
import { getProject } from '../../db/projects';
import type { AppDeps, AppEnv } from '../../env';
import { requireAbility } from '../../middleware/guards';
import { loadBudgetBurn, loadBudgetBurns } from '../../services/budget-burn';
import { loadCostPerPoint } from '../../services/cost-per-point';
import { NotFoundError } from '../../services/errors';
import { weekStartOf } from '../../shared/calendar';
import { isoDateInZone } from '../../shared/time-zones';
import { loadRetainerForecast } from '../../services/retainer-forecast';
import { loadTrends } from '../../services/trends';
import { loadUnbilledWork } from '../../services/unbilled';
import { valid } from '../validation';
import { ProjectIdParam } from './projects';

/** Today in the agency's zone (decision 030). */
export const agencyToday = (deps: Pick<AppDeps, 'clock' | 'config'>) =>
  isoDateInZone(deps.clock(), deps.config.AGENCY_TIMEZONE);

const noProject = () => new NotFoundError('No project with this id.');

/**
 * Forecasts, burn, cost per point, unbilled work and trends (docs/decisions/170-174): money
 * figures, so admins only, guarded once for the whole sub-app. Every answer comes from
 * PostgreSQL; none calls Jira or Forecast.
 */
export const insightsApi = new Hono<AppEnv>()
  .use('*', requireAbility('money.view'))
  .get('/trends', async (c) =>
    c.json(
      await loadTrends(
        c.var.deps.db,
        weekStartOf(agencyToday(c.var.deps)),
        c.var.deps.config.COMPANY_CURRENCY,
      ),
    ),
  )
  .get('/cost-per-point', async (c) =>
    c.json(
      await loadCostPerPoint(
        c.var.deps.db,
        weekStartOf(agencyToday(c.var.deps)),
        c.var.deps.config.AGENCY_TIMEZONE,
        c.var.deps.config.COMPANY_CURRENCY,
      ),
    ),
  )
  .get('/unbilled-work', async (c) =>
    c.json(
      await loadUnbilledWork(
        c.var.deps.db,
        c.var.deps.config.AGENCY_TIMEZONE,
        c.var.deps.config.COMPANY_CURRENCY,
      ),
    ),
  )
  .get('/budget-burn', async (c) =>
    c.json(
      await loadBudgetBurns(
        c.var.deps.db,
        agencyToday(c.var.deps),
        c.var.deps.config.COMPANY_CURRENCY,
      ),
    ),
  )
  .get('/projects/:id/budget-burn', valid('param', ProjectIdParam), async (c) => {
    const { id } = c.req.valid('param');
    if (!(await getProject(c.var.deps.db, id))) throw noProject();
    // Budget burn is shown only in the company currency (value, cost and invoices alike).
    return c.json({
      currency: c.var.deps.config.COMPANY_CURRENCY,
      budgetBurn: await loadBudgetBurn(
        c.var.deps.db,
        id,
        agencyToday(c.var.deps),
        c.var.deps.config.COMPANY_CURRENCY,
      ),
    });
  })
  .get('/projects/:id/retainer-forecast', valid('param', ProjectIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const answer = await loadRetainerForecast(
      c.var.deps.db,
      id,
      agencyToday(c.var.deps),
      c.var.deps.config.COMPANY_CURRENCY,
    );
    if (!answer) throw noProject();
    return c.json(answer);
  });
