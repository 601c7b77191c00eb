import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env';
import { requireUser } from '../../middleware/guards';
import { type IsoDate, weekStartOf } from '../../shared/calendar';
import { velocityDepsOf, weekOf } from '../../services/velocity';
import { IsoDateSchema, WeekQuerySchema } from '../schemas';
import { valid } from '../validation';

/** The longest range the story-points chart may ask for: a year, leap day included. */
const MAX_RANGE_DAYS = 366;

function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const RangeQuerySchema = z
  .strictObject({ startDate: IsoDateSchema('startDate'), endDate: IsoDateSchema('endDate') })
  .refine((q) => q.startDate <= q.endDate, {
    message: 'startDate must not be after endDate',
    path: ['startDate'],
  })
  .refine((q) => daysBetween(q.startDate, q.endDate) < MAX_RANGE_DAYS, {
    message: `The range may cover at most ${MAX_RANGE_DAYS} days`,
    path: ['endDate'],
  });

/**
 * Jira as the dashboard sees it, mounted at /api/jira, for any signed-in user: the link
 * dialog's and team selector's lists (asked of Jira), and the tickets ready for QA (from the
 * synced tables).
 */
export const jiraApi = new Hono<AppEnv>()
  .use(requireUser())
  .get('/projects', async (c) => {
    const projects = await c.var.deps.jira.listProjects();
    return c.json({ projects: projects.map((p) => ({ key: p.key, name: p.name })) });
  })
  .get('/users', async (c) => {
    const users = await c.var.deps.jira.listUsers();
    return c.json({
      users: users.map((u) => ({
        accountId: u.accountId,
        displayName: u.displayName,
        ...(u.emailAddress ? { emailAddress: u.emailAddress } : {}),
      })),
    });
  })
  .get('/tickets/completed-in-week', valid('query', WeekQuerySchema), async (c) => {
    // Any day names its week: the week runs from that day's Monday to its Sunday.
    const weekStart = weekStartOf(c.req.valid('query').weekStart);
    return c.json(await velocityDepsOf(c.var.deps).readyForQa(weekOf(weekStart)));
  })
  .get('/tickets/completed-in-range', valid('query', RangeQuerySchema), async (c) => {
    const { startDate, endDate } = c.req.valid('query');
    return c.json(await velocityDepsOf(c.var.deps).readyForQa({ startDate, endDate }));
  });
