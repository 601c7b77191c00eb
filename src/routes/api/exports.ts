import { Hono } from 'hono';
import { z } from 'zod';
import { readTeamAvailability } from '../../db/developers';
import { listAllProjects } from '../../db/projects';
import { listUsers } from '../../db/users';
import type { AppEnv } from '../../env';
import { requireAbility, requireUser } from '../../middleware/guards';
import { loadAgencyWeek } from '../../services/agency-time';
import { loadBudgetBurns } from '../../services/budget-burn';
import { loadCostPerPoint } from '../../services/cost-per-point';
import { loadGrossMargins } from '../../services/gross-margins';
import { loadRetainerForecast } from '../../services/retainer-forecast';
import { loadTrends } from '../../services/trends';
import { loadUnbilledWork } from '../../services/unbilled';
import { velocityDepsOf, velocityHistory, weekOf } from '../../services/velocity';
import { awayKey, effectiveAwayDays, isEmployedInWeek } from '../../shared/availability';
import { loadDerivedDays } from '../../services/capacity';
import { weekDays, weekEndOf, weekStartOf } from '../../shared/calendar';
import {
  filterPortfolioRows,
  LINK_FILTERS,
  NO_TEAM,
  PORTFOLIO_COLUMNS,
  type PortfolioSortKey,
  STAGE_PATTERN,
  parsePortfolioView,
  portfolioRow,
  sortPortfolioRows,
} from '../../shared/portfolio-table';
import { DEV_STATUSES } from '../../shared/dev-status';
import { TEAMS } from '../../shared/projects';
import { can } from '../../shared/roles';
import { storyPointsByAssignee } from '../../shared/story-points';
import { csvResponse } from '../csv';
import { WeekQuerySchema } from '../schemas';
import { valid } from '../validation';
import * as col from './export-columns';
import { agencyToday } from './insights';
import { RangeQuerySchema } from './jira';

/** The portfolio table's view as the page's address writes it (all optional); the export lists what it shows. */
const PortfolioExportQuery = z.strictObject({
  view: z.enum(['cards', 'table']).optional(),
  sort: z
    .enum(PORTFOLIO_COLUMNS.map((c) => c.id) as [PortfolioSortKey, ...PortfolioSortKey[]], {
      message: `sort must be one of ${PORTFOLIO_COLUMNS.map((c) => c.id).join(', ')}`,
    })
    .optional(),
  dir: z.enum(['asc', 'desc'], { message: 'dir must be asc or desc' }).optional(),
  team: z
    .enum([...TEAMS, NO_TEAM], { message: `team must be one of ${TEAMS.join(', ')} or ${NO_TEAM}` })
    .optional(),
  devStatus: z
    .enum(DEV_STATUSES, { message: `devStatus must be one of ${DEV_STATUSES.join(', ')}` })
    .optional(),
  jira: z.enum(LINK_FILTERS, { message: 'jira must be linked or unlinked' }).optional(),
  stage: z.string().regex(STAGE_PATTERN, 'stage must be a Forecast stage, e.g. RUNNING').optional(),
});

/**
 * CSV downloads of the tables any signed-in user sees (docs/decisions/105, 180), mounted at
 * /api/export with the same guard as the screens they mirror.
 */
export const userExportsApi = new Hono<AppEnv>()
  .use(requireUser())
  .get('/portfolio.csv', valid('query', PortfolioExportQuery), async (c) => {
    const view = parsePortfolioView(c.req.valid('query'));
    const projects = (await listAllProjects(c.var.deps.db)).filter((p) => p.visible === 1);
    const rows = sortPortfolioRows(
      filterPortfolioRows(projects.map(portfolioRow), view.filters),
      view.sort,
      view.dir,
    );
    const company = c.var.deps.config.COMPANY_CURRENCY;
    const byId = new Map(projects.map((p) => [p.id, p]));
    const lines = rows.map((row) => {
      const project = byId.get(row.id)!;
      return { row, project, currency: project.forecastCurrency ?? company };
    });
    // The card's billing amounts go to every role, as on screen; the project value, which no
    // other role's screen shows, to admins only (docs/decisions/164, 387).
    const columns = col.portfolioColumns(
      col.oneCurrency(
        lines.map((l) => l.currency),
        company,
      ),
      { withProjectValue: can(c.var.user.role, 'money.view') },
    );
    return csvResponse(c, { subject: 'portfolio', from: agencyToday(c.var.deps) }, columns, lines);
  })
  .get('/ready-for-qa.csv', valid('query', WeekQuerySchema), async (c) => {
    const weekStart = weekStartOf(c.req.valid('query').weekStart);
    const result = await velocityDepsOf(c.var.deps).readyForQa(weekOf(weekStart));
    return csvResponse(
      c,
      { subject: 'ready-for-qa', from: weekStart, to: weekEndOf(weekStart) },
      col.READY_FOR_QA,
      result.tickets,
    );
  })
  .get('/story-points.csv', valid('query', RangeQuerySchema), async (c) => {
    const { startDate, endDate } = c.req.valid('query');
    const result = await velocityDepsOf(c.var.deps).readyForQa({ startDate, endDate });
    return csvResponse(
      c,
      { subject: 'story-points-by-assignee', from: startDate, to: endDate },
      col.STORY_POINTS,
      storyPointsByAssignee(result.tickets),
    );
  })
  .get('/velocity-history.csv', async (c) => {
    const history = await velocityHistory(velocityDepsOf(c.var.deps));
    return csvResponse(
      c,
      {
        subject: 'velocity-history',
        from: history[0]?.weekStart ?? agencyToday(c.var.deps),
        to: history.at(-1)?.weekStart,
      },
      col.VELOCITY_HISTORY,
      history,
    );
  })
  .get('/availability.csv', valid('query', WeekQuerySchema), async (c) => {
    const weekStart = weekStartOf(c.req.valid('query').weekStart);
    const days = weekDays(weekStart).slice(0, 5);
    const { db, config } = c.var.deps;
    const range = { from: days[0]!, to: days[4]! };
    const { developers, cells } = await readTeamAvailability(db, range);
    // The same away days as the grid and available points: marked by hand, else derived.
    const derived = await loadDerivedDays(
      db,
      developers.map((d) => d.accountId),
      range,
      config.publicHolidays,
    );
    const away = effectiveAwayDays(cells, derived);
    const rows = developers
      .filter((d) => isEmployedInWeek(d, weekStart))
      .map((d) => ({
        ...d,
        days: days.map((day) => away.has(awayKey(d.accountId, day))),
      }));
    return csvResponse(
      c,
      { subject: 'availability', from: days[0]!, to: days[4]! },
      col.availabilityColumns(days),
      rows,
    );
  });

/**
 * CSV downloads of the admins' tables (money figures), mounted at /api/admin/export: the same
 * admin guard as the Agency Dashboard and the Users screen.
 */
export const adminExportsApi = new Hono<AppEnv>()
  .use(requireAbility('money.view'))
  .get('/weekly-hours.csv', valid('query', WeekQuerySchema), async (c) => {
    const week = await loadAgencyWeek(
      c.var.deps.db,
      c.req.valid('query').weekStart,
      c.var.deps.config.COMPANY_CURRENCY,
    );
    return csvResponse(
      c,
      { subject: 'weekly-hours', from: week.weekStart, to: week.weekEnd },
      col.WEEKLY_HOURS,
      week.projectTimeData.flatMap((project) =>
        project.timeEntries.map((entry) => ({ project, entry })),
      ),
    );
  })
  .get('/gross-margins.csv', async (c) => {
    const company = c.var.deps.config.COMPANY_CURRENCY;
    const { projects } = await loadGrossMargins(c.var.deps.db, company);
    return csvResponse(
      c,
      { subject: 'gross-margins', from: agencyToday(c.var.deps) },
      col.grossMarginsColumns(
        company,
        col.oneCurrency(
          projects.map((p) => p.currency),
          company,
        ),
      ),
      projects,
    );
  })
  .get('/cost-breakdown.csv', async (c) => {
    const company = c.var.deps.config.COMPANY_CURRENCY;
    const { projects } = await loadGrossMargins(c.var.deps.db, company);
    return csvResponse(
      c,
      { subject: 'gross-margins-cost-breakdown', from: agencyToday(c.var.deps) },
      col.costBreakdownColumns(company),
      projects.flatMap((project) =>
        (project.costBreakdown ?? []).map((entry) => ({ project, entry })),
      ),
    );
  })
  .get('/users.csv', async (c) =>
    csvResponse(
      c,
      { subject: 'users', from: agencyToday(c.var.deps) },
      col.USERS,
      await listUsers(c.var.deps.db),
    ),
  )
  .get('/trends.csv', async (c) => {
    const trends = await loadTrends(
      c.var.deps.db,
      weekStartOf(agencyToday(c.var.deps)),
      c.var.deps.config.COMPANY_CURRENCY,
    );
    const rows = [
      ...trends.agency.map((week) => ({ scope: 'Agency', week })),
      ...trends.projects.flatMap((p) => p.weeks.map((week) => ({ scope: p.name, week }))),
    ];
    return csvResponse(
      c,
      {
        subject: 'trends',
        from: trends.agency[0]?.weekStart ?? trends.currentWeekStart,
        to: trends.currentWeekStart,
      },
      col.trendsColumns(trends.currency),
      rows,
    );
  })
  .get('/cost-per-point.csv', async (c) => {
    const { deps } = c.var;
    const data = await loadCostPerPoint(
      deps.db,
      weekStartOf(agencyToday(deps)),
      deps.config.AGENCY_TIMEZONE,
      deps.config.COMPANY_CURRENCY,
    );
    const rows = [
      ...data.agency.weeks.map((week) => ({ scope: 'Agency', week })),
      ...data.projects.flatMap((p) => p.weeks.map((week) => ({ scope: p.name, week }))),
    ];
    return csvResponse(
      c,
      {
        subject: 'cost-per-point',
        from: data.agency.weeks[0]?.weekStart ?? data.currentWeekStart,
        to: data.currentWeekStart,
      },
      col.costPerPointColumns(data.currency),
      rows,
    );
  })
  .get('/budget-burn.csv', async (c) => {
    const today = agencyToday(c.var.deps);
    const { currency, projects } = await loadBudgetBurns(
      c.var.deps.db,
      today,
      c.var.deps.config.COMPANY_CURRENCY,
    );
    return csvResponse(
      c,
      { subject: 'budget-burn', from: today },
      col.budgetBurnColumns(currency),
      projects,
    );
  })
  .get('/unbilled-work.csv', async (c) => {
    const { projects } = await loadUnbilledWork(
      c.var.deps.db,
      c.var.deps.config.AGENCY_TIMEZONE,
      c.var.deps.config.COMPANY_CURRENCY,
    );
    return csvResponse(
      c,
      { subject: 'unbilled-work', from: agencyToday(c.var.deps) },
      col.unbilledWorkColumns(
        col.oneCurrency(
          projects.map((p) => p.currency),
          c.var.deps.config.COMPANY_CURRENCY,
        ),
      ),
      projects,
    );
  })
  .get('/retainer-forecasts.csv', async (c) => {
    const { db } = c.var.deps;
    const today = agencyToday(c.var.deps);
    const retainers = (await listAllProjects(db)).filter(
      (p) => p.visible === 1 && p.forecastBudgetType === 'RETAINER',
    );
    const rows = [];
    // One project at a time: each forecast is a few small queries, and a file is no hurry.
    for (const project of retainers) {
      const answer = await loadRetainerForecast(
        db,
        project.id,
        today,
        c.var.deps.config.COMPANY_CURRENCY,
      );
      if (answer?.forecast)
        rows.push({
          name: project.name,
          forecast: answer.forecast,
          currency: project.forecastCurrency ?? c.var.deps.config.COMPANY_CURRENCY,
        });
    }
    return csvResponse(
      c,
      { subject: 'retainer-forecasts', from: today },
      col.retainerForecastColumns(
        col.oneCurrency(
          rows.map((r) => r.currency),
          c.var.deps.config.COMPANY_CURRENCY,
        ),
      ),
      rows,
    );
  });
