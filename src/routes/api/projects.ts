import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { deleteProject, getProject, listAllProjects, setProjectTeam, setProjectVisibility, TEAMS } from '../../db/projects';
import type { AppEnv } from '../../env';
import { requireUser } from '../../middleware/guards';
import {
  AlreadyOnDashboardError,
  getRetainerPeriods,
  importForecastProject,
  NotLinkedToForecastError,
  ProjectNotFoundError,
  syncForecastBilling,
} from '../../services/forecast';
import { loadGrossMargins, marginFigures } from '../../services/gross-margins';
import { UpstreamError } from '../../services/http';
import { DashboardProjectNotFoundError, getJiraOverview, linkJiraProject } from '../../services/jira';
import { isoDateInZone } from '../../services/metrics';
import { valid } from '../validation';

export const ProjectIdParam = z.object({
  id: z.string().regex(/^[1-9]\d{0,8}$/, 'The project id must be a positive whole number, e.g. /api/projects/12').transform(Number),
});
export const TeamSchema = z.strictObject({
  teamName: z.enum(TEAMS, { message: `teamName must be one of ${TEAMS.join(', ')}` }),
});
export const VisibilitySchema = z.strictObject({
  visible: z.union([z.literal(0), z.literal(1)], { message: 'visible must be 1 (shown) or 0 (hidden)' }),
});
export const ImportForecastSchema = z.strictObject({
  forecastProjectId: z
    .number({ message: 'forecastProjectId must be a whole number: the id of the Forecast project' })
    .int('forecastProjectId must be a whole number: the id of the Forecast project')
    .positive('forecastProjectId must be a positive whole number')
    .max(2_147_483_647, 'forecastProjectId is too large to be a Forecast project id'),
});
export const LinkJiraSchema = z.strictObject({
  jiraProjectKey: z
    .string({ message: 'jiraProjectKey is required: the key of the Jira project, e.g. PROJ' })
    .trim()
    .min(1, 'jiraProjectKey must not be empty: give the key of the Jira project, e.g. PROJ')
    .max(50, 'jiraProjectKey is too long for a Jira project key')
    // Jira keys are letters, digits and underscores starting with a letter; anything else
    // could not name a project and must never reach Jira's URLs.
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'jiraProjectKey must be a Jira project key: letters, digits or underscores, starting with a letter (e.g. PROJ)')
    .transform((key) => key.toUpperCase()),
});

const notFound = (c: Context<AppEnv>, id: number) => c.json({ message: `There is no project with id ${id} on the dashboard.` }, 404);

/** An upstream failure answers 502 (or 504 on a timeout) with a message naming the service. */
function upstreamFailure(c: Context<AppEnv>, error: UpstreamError) {
  return c.json({ message: error.message }, error.httpStatus);
}

/**
 * The Projects tab's calls (spec section 7), for any signed-in user. Reads come from Postgres;
 * only the sync, link, import and the two upstream lists call Jira or Forecast.
 */
export const projectsApi = new Hono<AppEnv>()
  .get('/projects', requireUser(), async (c) => c.json(await listAllProjects(c.var.deps.db)))

  .post('/projects/import-forecast', requireUser(), valid('json', ImportForecastSchema), async (c) => {
    const { forecastProjectId } = c.req.valid('json');
    const { db, forecast, clock, config } = c.var.deps;
    try {
      const row = await importForecastProject(db, forecast, { forecastProjectId, now: clock(), timeZone: config.AGENCY_TIMEZONE });
      return c.json({ project: await getProject(db, row.id) }, 201);
    } catch (error) {
      if (error instanceof AlreadyOnDashboardError) {
        return c.json({ message: `Forecast project ${forecastProjectId} is already on the dashboard.` }, 409);
      }
      if (error instanceof UpstreamError && error.kind === 'not_found') {
        return c.json({ message: `Forecast has no project with id ${forecastProjectId}. Load the Forecast projects again and pick one from the list.` }, 404);
      }
      if (error instanceof UpstreamError) return upstreamFailure(c, error);
      throw error;
    }
  })

  .patch('/projects/:id/team', requireUser(), valid('param', ProjectIdParam), valid('json', TeamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const project = await setProjectTeam(c.var.deps.db, id, c.req.valid('json').teamName);
    return project ? c.json(project) : notFound(c, id);
  })

  .patch('/projects/:id/visibility', requireUser(), valid('param', ProjectIdParam), valid('json', VisibilitySchema), async (c) => {
    const { id } = c.req.valid('param');
    const project = await setProjectVisibility(c.var.deps.db, id, c.req.valid('json').visible);
    return project ? c.json({ project }) : notFound(c, id);
  })

  .delete('/projects/:id', requireUser(), valid('param', ProjectIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const removed = await deleteProject(c.var.deps.db, id);
    return removed ? c.json({ removed }) : notFound(c, id);
  })

  .post('/projects/:id/sync-forecast', requireUser(), valid('param', ProjectIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const { db, forecast, clock, config } = c.var.deps;
    try {
      const result = await syncForecastBilling(db, forecast, { projectId: id, now: clock(), timeZone: config.AGENCY_TIMEZONE });
      return c.json({
        forecastData: {
          totalCreated: result.totalCreated,
          totalInvoiced: result.totalInvoiced,
          totalSent: result.totalSent,
          totalPaid: result.totalPaid,
          overdueAmount: result.overdue,
          sentPercentage: result.sentPercentage,
          paidPercentage: result.paidPercentage,
          retainerPeriodsCompleted: result.retainerPeriodsCompleted,
          retainerPeriodsTotal: result.retainerPeriodsTotal,
          lastForecastSync: result.lastForecastSync.toISOString(),
        },
        project: await getProject(db, id),
      });
    } catch (error) {
      if (error instanceof ProjectNotFoundError) return notFound(c, id);
      if (error instanceof NotLinkedToForecastError) {
        return c.json({ message: 'This project is not linked to a Forecast project, so it has no billing data to sync.' }, 400);
      }
      if (error instanceof UpstreamError) return upstreamFailure(c, error);
      throw error;
    }
  })

  .get('/projects/:id/retainer-periods', requireUser(), valid('param', ProjectIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const { db, clock, config } = c.var.deps;
    const project = await getProject(db, id);
    if (!project) return notFound(c, id);
    if (project.forecastProjectId === null) {
      return c.json({ message: 'This project is not linked to a Forecast project, so it has no retainer periods.' }, 404);
    }
    const retainerPeriods = await getRetainerPeriods(db, id, isoDateInZone(clock(), config.AGENCY_TIMEZONE));
    return c.json({ retainerPeriods });
  })

  .get('/projects/:id/jira-data', requireUser(), valid('param', ProjectIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const { db, config } = c.var.deps;
    const project = await getProject(db, id);
    if (!project) return notFound(c, id);
    if (!project.jiraProjectKey) return c.json({ message: 'This project is not linked to a Jira project yet. Link one to see its tickets.' }, 404);
    const overview = await getJiraOverview(db, id, { timeZone: config.AGENCY_TIMEZONE });
    if (!overview) {
      return c.json({ message: `No Jira data is stored for ${project.jiraProjectKey} yet. Link the project again to fetch it.` }, 404);
    }
    return c.json(overview);
  })

  .get('/projects/:id/cost-breakdown', requireUser(), valid('param', ProjectIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const { db } = c.var.deps;
    const project = await getProject(db, id);
    if (!project) return notFound(c, id);
    // The same figures as the Gross Margins tab; projects it leaves out (hidden, or not on
    // Forecast) have no logged time to cost.
    const margins = (await loadGrossMargins(db)).projects.find((p) => p.id === id);
    if (!margins) return c.json({ projectId: id, totalHours: 0, internalCost: 0, costBreakdown: [] });
    return c.json({
      projectId: id,
      totalHours: margins.totalHours,
      internalCost: marginFigures(margins).internalCost,
      costBreakdown: margins.costBreakdown ?? [],
    });
  })

  .post('/projects/:id/link-jira', requireUser(), valid('param', ProjectIdParam), valid('json', LinkJiraSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { jiraProjectKey } = c.req.valid('json');
    const { db, jira, clock } = c.var.deps;
    if (!(await getProject(db, id))) return notFound(c, id);
    try {
      await linkJiraProject(db, jira, { projectId: id, key: jiraProjectKey, now: clock() });
    } catch (error) {
      if (error instanceof DashboardProjectNotFoundError) return notFound(c, id);
      if (error instanceof UpstreamError && error.kind === 'not_found') {
        return c.json(
          { message: `Jira has no project with key ${jiraProjectKey}, or the dashboard's Jira account cannot see it. Check the key or pick the project from the list.` },
          400,
        );
      }
      if (error instanceof UpstreamError) return upstreamFailure(c, error);
      throw error;
    }
    const project = await getProject(db, id);
    return project ? c.json({ project }) : notFound(c, id);
  })

  .get('/jira/projects', requireUser(), async (c) => {
    try {
      const projects = await c.var.deps.jira.listProjects();
      return c.json({ projects: projects.map((p) => ({ key: p.key, name: p.name })) });
    } catch (error) {
      if (error instanceof UpstreamError) return upstreamFailure(c, error);
      throw error;
    }
  })

  .get('/forecast/projects', requireUser(), async (c) => {
    try {
      const projects = await c.var.deps.forecast.listProjects();
      return c.json({ projects: projects.map((p) => ({ id: p.id, name: p.name, stage: p.stage })) });
    } catch (error) {
      if (error instanceof UpstreamError) return upstreamFailure(c, error);
      throw error;
    }
  });
