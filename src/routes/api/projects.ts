import { type Context, Hono } from 'hono';
import { z } from 'zod';
import {
  deleteProject,
  findProject,
  getProject,
  jiraLinkOf,
  listAllProjects,
  listRemovedProjects,
  RESTORE_DAYS,
  restoreProject,
  setProjectDevStatus,
  setProjectTeam,
  setProjectVisibility,
} from '../../db/projects';
import { PROJECT_ID_PATTERN, type Project, projectForEveryone, TEAMS } from '../../shared/projects';
import { can } from '../../shared/roles';
import { AUDIT_KINDS, type AuditKind } from '../../shared/audit';
import { insertAuditEntry } from '../../db/audit';
import type { Db } from '../../db/port';
import type { AppEnv, SignedInEnv } from '../../env';
import { requireAbility, requireUser } from '../../middleware/guards';
import {
  BadInputError,
  ConflictError,
  NotFoundError,
  ProjectNotFoundError,
} from '../../services/errors';
import { DEV_STATUSES } from '../../shared/dev-status';
import { getRetainerPeriods } from '../../services/forecast/retainer-periods';
import { loadProjectForecast } from '../../services/delivery-forecast';
import { importForecastProject, syncForecastBilling } from '../../services/forecast/sync';
import { loadGrossMargins } from '../../services/gross-margins';
import { whenUpstreamNotFound } from '../../services/http';
import { readJiraOverview } from '../../services/jira/queries';
import { linkJiraProject } from '../../services/jira/sync';
import { marginFigures } from '../../shared/margins';
import { isoDateInZone } from '../../shared/time-zones';
import { actorOf } from '../actor';
import { valid } from '../validation';
import { underProjectLease } from '../../services/project-lease';

export const ProjectIdParam = z.object({
  id: z
    .string()
    .regex(
      PROJECT_ID_PATTERN,
      'The project id must be a positive whole number, e.g. /api/projects/12',
    )
    .transform(Number),
});
export const TeamSchema = z.strictObject({
  teamName: z.enum(TEAMS, { message: `teamName must be one of ${TEAMS.join(', ')}` }),
});
export const DevStatusSchema = z.strictObject({
  devStatus: z.enum(DEV_STATUSES, {
    message: `devStatus must be one of ${DEV_STATUSES.join(', ')}`,
  }),
});
export const VisibilitySchema = z.strictObject({
  visible: z.union([z.literal(0), z.literal(1)], {
    message: 'visible must be 1 (shown) or 0 (hidden)',
  }),
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
    .regex(
      /^[A-Za-z][A-Za-z0-9_]*$/,
      'jiraProjectKey must be a Jira project key: letters, digits or underscores, starting with a letter (e.g. PROJ)',
    )
    .transform((key) => key.toUpperCase()),
});

type ProjectField = 'teamName' | 'devStatus' | 'visible';

const projectTarget = (p: { id: number; name: string }) => `${p.name} (project ${p.id})`;
/** What the audit log keeps of a project when it is removed, restored or imported. */
const projectFacts = (p: Project) => ({
  name: p.name,
  teamName: p.teamName,
  visible: p.visible,
  devStatus: p.devStatus,
  forecastProjectId: p.forecastProjectId,
  jiraProjectKey: p.jiraProjectKey,
});

/**
 * Changes one field of a project and records it in the audit log, in one transaction
 * (docs/decisions/166). Throws ProjectNotFoundError, with nothing changed, for an unknown id.
 */
async function changeProject(
  c: Context<SignedInEnv>,
  id: number,
  kind: AuditKind,
  field: ProjectField,
  change: (tx: Db) => Promise<Project | null>,
): Promise<Project> {
  const project = await c.var.deps.db.transaction(async (tx) => {
    const before = await getProject(tx, id);
    if (!before) return null;
    const after = await change(tx);
    if (!after) return null;
    if (before[field] !== after[field])
      await insertAuditEntry(tx, {
        actor: actorOf(c),
        kind,
        target: projectTarget(after),
        summary: `${AUDIT_KINDS[kind]}: ${String(before[field] ?? 'none')} → ${String(after[field] ?? 'none')}`,
        before: { [field]: before[field] },
        after: { [field]: after[field] },
      });
    return after;
  });
  if (!project) throw new ProjectNotFoundError(id);
  return project;
}

/**
 * The Projects tab's calls (docs/product-spec.md, "Calls"), mounted at /api/projects, for any
 * signed-in user: the guard covers every route here. Reads come from Postgres; only the sync,
 * link and import call Jira or Forecast. Refusals are thrown and answered by app.onError.
 */
export const projectsApi = new Hono<AppEnv>()
  .use(requireUser())
  .get('/', async (c) => {
    const projects = await listAllProjects(c.var.deps.db);
    // The rate and the value are money no other role's screens show (docs/decisions/164).
    return c.json(can(c.var.user.role, 'money.view') ? projects : projects.map(projectForEveryone));
  })

  .post(
    '/import-forecast',
    requireAbility('project.import'),
    valid('json', ImportForecastSchema),
    async (c) => {
      const { forecastProjectId } = c.req.valid('json');
      const { db, forecast, clock, config } = c.var.deps;
      const row = await whenUpstreamNotFound(
        importForecastProject(db, forecast, {
          forecastProjectId,
          now: clock(),
          timeZone: config.AGENCY_TIMEZONE,
          onStored: async (tx, stored) => {
            const project = await getProject(tx, stored.id);
            await insertAuditEntry(tx, {
              actor: actorOf(c),
              kind: 'project.import',
              target: projectTarget({ id: stored.id, name: project?.name ?? '' }),
              summary: `Imported from Forecast project ${forecastProjectId}`,
              ...(project ? { after: projectFacts(project) } : {}),
            });
          },
        }),
        () =>
          new NotFoundError(
            `Forecast has no project with id ${forecastProjectId}. Load the Forecast projects again and pick one from the list.`,
          ),
      );
      return c.json({ project: await getProject(db, row.id) }, 201);
    },
  )

  .patch(
    '/:id/team',
    requireAbility('project.team'),
    valid('param', ProjectIdParam),
    valid('json', TeamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { teamName } = c.req.valid('json');
      const project = await changeProject(c, id, 'project.team', 'teamName', (tx) =>
        setProjectTeam(tx, id, teamName),
      );
      return c.json(project);
    },
  )

  .patch(
    '/:id/dev-status',
    // Admins only: the status decides what Gross Margins counts as an active project.
    requireAbility('project.dev-status'),
    valid('param', ProjectIdParam),
    valid('json', DevStatusSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { devStatus } = c.req.valid('json');
      const project = await changeProject(c, id, 'project.dev-status', 'devStatus', (tx) =>
        setProjectDevStatus(tx, id, devStatus),
      );
      return c.json({ project });
    },
  )

  .patch(
    '/:id/visibility',
    requireAbility('project.visibility'),
    valid('param', ProjectIdParam),
    valid('json', VisibilitySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { visible } = c.req.valid('json');
      const project = await changeProject(c, id, 'project.visibility', 'visible', (tx) =>
        setProjectVisibility(tx, id, visible),
      );
      return c.json({ project });
    },
  )

  .delete('/:id', requireAbility('project.remove'), valid('param', ProjectIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const { db } = c.var.deps;
    const removed = await db.transaction(async (tx) => {
      const before = await getProject(tx, id);
      const gone = await deleteProject(tx, id, c.var.user.email);
      if (gone && before)
        await insertAuditEntry(tx, {
          actor: actorOf(c),
          kind: 'project.remove',
          target: projectTarget(before),
          summary: `Removed from the dashboard (restorable for ${RESTORE_DAYS} days)`,
          before: projectFacts(before),
        });
      return gone;
    });
    if (!removed) throw new ProjectNotFoundError(id);
    // Kept for RESTORE_DAYS: the Manage dialog's Recently removed list can put it back.
    return c.json({ removed, restorableForDays: RESTORE_DAYS });
  })

  .get('/removed', requireAbility('project.remove'), async (c) => {
    const removed = await listRemovedProjects(c.var.deps.db);
    return c.json({
      removed: removed.map((r) => ({
        id: r.id,
        name: r.name,
        removedAt: r.removedAt.toISOString(),
        removedBy: r.removedBy,
        restorableUntil: new Date(r.removedAt.getTime() + RESTORE_DAYS * 86_400_000).toISOString(),
      })),
    });
  })

  .post(
    '/:id/restore',
    requireAbility('project.remove'),
    valid('param', ProjectIdParam),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db } = c.var.deps;
      const result = await db.transaction(async (tx) => {
        const restored = await restoreProject(tx, id);
        const after = restored.ok ? await getProject(tx, id) : null;
        if (after)
          await insertAuditEntry(tx, {
            actor: actorOf(c),
            kind: 'project.restore',
            target: projectTarget(after),
            summary: 'Restored to the dashboard',
            after: projectFacts(after),
          });
        return restored;
      });
      if (!result.ok) {
        if (result.reason === 'expired')
          throw new NotFoundError(
            `"${result.name}" was removed more than ${RESTORE_DAYS} days ago and can no longer be restored. Add it again from Forecast.`,
          );
        if (result.reason === 'forecast-taken')
          throw new ConflictError(
            `"${result.name}" cannot be restored: its Forecast project is on the dashboard again.`,
          );
        throw new NotFoundError(
          `No removed project with id ${id}: it was never removed, or it was restored already.`,
        );
      }
      return c.json({ project: await getProject(db, id) });
    },
  )

  .post(
    '/:id/sync-forecast',
    requireAbility('project.billing-sync'),
    valid('param', ProjectIdParam),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db, refresh, clock, config } = c.var.deps;
      // Recorded in the sync history with its upstream calls (docs/decisions/130).
      if (!(await getProject(db, id))) throw new ProjectNotFoundError(id);
      const result = await underProjectLease({ db, now: clock() }, 'billing', id, () =>
        refresh.record('billing', c.var.user.email, async (clients) => ({
          result: await syncForecastBilling(db, clients.forecast, {
            projectId: id,
            now: clock(),
            timeZone: config.AGENCY_TIMEZONE,
          }),
          rowsChanged: 1,
        })),
      );
      return c.json({
        forecastData: {
          totalCreated: result.totalCreated,
          totalInvoiced: result.totalInvoiced,
          totalSent: result.totalSent,
          totalPaid: result.totalPaid,
          overdueAmount: result.overdue,
          currency: result.currency ?? c.var.deps.config.COMPANY_CURRENCY,
          sentPercentage: result.sentPercentage,
          paidPercentage: result.paidPercentage,
          retainerPeriodsCompleted: result.retainerPeriodsCompleted,
          retainerPeriodsTotal: result.retainerPeriodsTotal,
          lastForecastSync: result.lastForecastSync.toISOString(),
        },
        project: await getProject(db, id),
      });
    },
  )

  .get('/:id/retainer-periods', valid('param', ProjectIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const { db, clock, config } = c.var.deps;
    // Its Forecast columns only: the card's whole row (sprints, overdue dates) is not needed here.
    const project = await findProject(db, id);
    if (!project) throw new ProjectNotFoundError(id);
    if (project.forecast_project_id === null)
      throw new NotFoundError(
        'This project is not linked to a Forecast project, so it has no retainer periods.',
      );
    const retainerPeriods = await getRetainerPeriods(
      db,
      id,
      isoDateInZone(clock(), config.AGENCY_TIMEZONE),
    );
    // The periods' amounts are in the project's billing currency.
    return c.json({
      retainerPeriods,
      currency: project.forecast_currency ?? config.COMPANY_CURRENCY,
    });
  })

  .get('/:id/forecast', valid('param', ProjectIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const { db, clock, config } = c.var.deps;
    // The retainer's range is a forecast of money: admins only, as on the Retainer tab (decision 387).
    const answer = await loadProjectForecast(
      {
        db,
        today: isoDateInZone(clock(), config.AGENCY_TIMEZONE),
        timeZone: config.AGENCY_TIMEZONE,
        publicHolidays: config.publicHolidays,
        companyCurrency: config.COMPANY_CURRENCY,
      },
      id,
      { withRetainer: can(c.var.user.role, 'money.view') },
    );
    if (!answer) throw new ProjectNotFoundError(id);
    return c.json(answer);
  })

  .get('/:id/jira-data', valid('param', ProjectIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const { db, config } = c.var.deps;
    const link = await jiraLinkOf(db, id);
    if (!link) throw new ProjectNotFoundError(id);
    if (!link.key)
      throw new NotFoundError(
        'This project is not linked to a Jira project yet. Link one to see its tickets.',
      );
    return c.json(await readJiraOverview(db, id, config.AGENCY_TIMEZONE));
  })

  .get(
    '/:id/cost-breakdown',
    // Each person's rate and cost: a money figure (docs/decisions/164).
    requireAbility('money.view'),
    valid('param', ProjectIdParam),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db } = c.var.deps;
      const project = await getProject(db, id);
      if (!project) throw new ProjectNotFoundError(id);
      // The same figures as the Gross Margins tab; projects it leaves out (hidden, or not on
      // Forecast) have no logged time to cost.
      const margins = (
        await loadGrossMargins(db, c.var.deps.config.COMPANY_CURRENCY)
      ).projects.find((p) => p.id === id);
      if (!margins)
        return c.json({ projectId: id, totalHours: 0, internalCost: 0, costBreakdown: [] });
      return c.json({
        projectId: id,
        totalHours: margins.totalHours,
        internalCost: marginFigures(margins).internalCost,
        costBreakdown: margins.costBreakdown ?? [],
      });
    },
  )

  .post(
    '/:id/link-jira',
    requireAbility('project.jira-link'),
    valid('param', ProjectIdParam),
    valid('json', LinkJiraSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { jiraProjectKey } = c.req.valid('json');
      const { db, refresh, clock } = c.var.deps;
      if (!(await getProject(db, id))) throw new ProjectNotFoundError(id);
      await underProjectLease({ db, now: clock() }, 'link', id, () =>
        whenUpstreamNotFound(
          refresh.record('link', c.var.user.email, async (clients) => {
            const linked = await linkJiraProject(db, clients.jira, {
              projectId: id,
              key: jiraProjectKey,
              now: clock(),
              onLinked: async (tx, before, after) => {
                const project = await getProject(tx, id);
                await insertAuditEntry(tx, {
                  actor: actorOf(c),
                  kind: 'project.jira-link',
                  target: projectTarget({ id, name: project?.name ?? '' }),
                  summary:
                    before && before !== after
                      ? `Relinked from ${before} to ${after}`
                      : `Linked to ${after}`,
                  before: { jiraProjectKey: before },
                  after: { jiraProjectKey: after },
                });
              },
            });
            return { result: linked, rowsChanged: linked.ticketsRead + linked.epicsRead };
          }),
          () =>
            new BadInputError(
              `Jira has no project with key ${jiraProjectKey}, or the dashboard's Jira account cannot see it. Check the key or pick the project from the list.`,
            ),
        ),
      );
      const project = await getProject(db, id);
      if (!project) throw new ProjectNotFoundError(id);
      return c.json({ project });
    },
  );
