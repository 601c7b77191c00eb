import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { requireUser } from '../../middleware/guards';

/** Forecast as the link dialog sees it, mounted at /api/forecast, for any signed-in user. */
export const forecastApi = new Hono<AppEnv>().use(requireUser()).get('/projects', async (c) => {
  const projects = await c.var.deps.forecast.listProjects();
  return c.json({
    projects: projects.map((p) => ({ id: p.id, name: p.name, stage: p.stage })),
  });
});
