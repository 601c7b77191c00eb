import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  applyAvailabilityChange,
  getStoryPointsPerDeveloperDay,
  listAvailability,
  listSelectedDevelopers,
  setEmploymentDate,
  setStoryPointsPerDeveloperDay,
  type AvailabilityCell,
  type EmploymentEdge,
} from '../../db/developers';
import type { Db } from '../../db/port';
import type { AppDeps, AppEnv } from '../../env';
import { requireUser } from '../../middleware/guards';
import { UpstreamError } from '../../services/http';
import { isIsoDate, weekStartOf, type IsoDate } from '../../services/metrics';
import {
  availablePointsByWeek,
  readyForQaFromStore,
  refreshStoredWeekPoints,
  velocityHistory,
  weekOf,
  type VelocityDeps,
} from '../../services/velocity';
import type { AvailabilityResponse } from '../../islands/developers/availability';
import { valid } from '../validation';
import { WeekStartSchema } from './agency';

/** Spec §9: account ids and display names are at most 255 characters. */
const AccountId = z
  .string()
  .trim()
  .min(1, 'Account id is required')
  .max(255, 'Account id must be at most 255 characters')
  // PostgreSQL cannot store NUL in text, and no Jira account id holds a control character.
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'Account id must not contain control characters');
const DisplayName = z.string().min(1, 'Developer name is required').max(255, 'Developer name must be at most 255 characters');
const IsoDateSchema = (name: string) => z.string().refine(isIsoDate, `${name} must be a real date written YYYY-MM-DD`);
/** The longest range the story-points chart may ask for: a year, leap day included. */
export const MAX_RANGE_DAYS = 366;
/** Bounds on one save, far above a real agency's, so a save stays one quick transaction. */
const MAX_DEVELOPERS = 500;
const MAX_CELLS = 20_000;

// Bounded like the Agency Dashboard's weeks: a week in year 1 or 9999 has no start or end we can compute.
export const WeekQuerySchema = z.strictObject({ weekStart: WeekStartSchema });
export const RangeQuerySchema = z
  .strictObject({ startDate: IsoDateSchema('startDate'), endDate: IsoDateSchema('endDate') })
  .refine((q) => q.startDate <= q.endDate, { message: 'startDate must not be after endDate', path: ['startDate'] })
  .refine((q) => daysBetween(q.startDate, q.endDate) < MAX_RANGE_DAYS, {
    message: `The range may cover at most ${MAX_RANGE_DAYS} days`,
    path: ['endDate'],
  });

export const AvailabilitySaveSchema = z.strictObject({
  developers: z
    .record(DisplayName, z.record(z.string(), z.boolean('Each day must be true (away) or false (available)')).superRefine(datesOnly))
    .refine((d) => Object.keys(d).length <= MAX_DEVELOPERS, `At most ${MAX_DEVELOPERS} developers per save`)
    .refine((d) => Object.values(d).reduce((n, days) => n + Object.keys(days).length, 0) <= MAX_CELLS, `At most ${MAX_CELLS} days per save`),
  selectedDevelopersList: z.array(AccountId).max(MAX_DEVELOPERS),
  /** The selection the client started from; with it, a save only adds and removes what this client changed. */
  previousSelectedDevelopersList: z.array(AccountId).max(MAX_DEVELOPERS).optional(),
});
export const EndDateSchema = z.strictObject({ accountId: AccountId, endDate: IsoDateSchema('endDate').nullable() });
export const StartDateSchema = z.strictObject({ accountId: AccountId, startDate: IsoDateSchema('startDate').nullable() });
export const PointsPerDaySchema = z.strictObject({
  storyPointsPerDeveloperDay: z
    .number('Story points per developer day must be a number')
    .min(0, 'Story points per developer day must not be negative')
    .max(100, 'Story points per developer day must be at most 100')
    .refine((n) => Math.round(n * 100) === n * 100, 'Story points per developer day may have at most two decimals'),
});

/** Keys of a developer's days must be real dates; zod's own record-key message does not say so. */
function datesOnly(days: Record<string, boolean>, ctx: z.RefinementCtx) {
  for (const day of Object.keys(days)) {
    if (!isIsoDate(day)) ctx.addIssue({ code: 'custom', message: `"${day.slice(0, 40)}" is not a real date written YYYY-MM-DD`, path: [day] });
  }
}

function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The spec's 'Developer availability response' (§3), plus the names and dates of the selection for the grid. */
export async function availabilityResponse(db: Db): Promise<AvailabilityResponse> {
  const [selected, cells] = await Promise.all([listSelectedDevelopers(db), listAvailability(db)]);
  const nameOf = new Map(selected.map((d) => [d.accountId, d.displayName]));
  const developers: AvailabilityResponse['developers'] = {};
  for (const d of selected) developers[d.displayName] ??= {};
  for (const cell of cells) developers[nameOf.get(cell.accountId)!]![cell.date] = cell.isAway;
  return {
    developers,
    selectedDevelopersList: selected.map((d) => d.accountId),
    developersWithEndDates: selected
      .filter((d) => d.startDate || d.endDate)
      .map((d) => ({ accountId: d.accountId, ...(d.startDate ? { startDate: d.startDate } : {}), ...(d.endDate ? { endDate: d.endDate } : {}) })),
    selectedDevelopers: selected,
  };
}

/** The weekly figures' dependencies: stored Jira data, the agency's zone and QA status, and now. */
export function velocityDepsOf(deps: AppDeps): VelocityDeps {
  const { db, config, clock } = deps;
  return {
    db,
    readyForQa: readyForQaFromStore(db, { qaStatus: config.JIRA_QA_STATUS, timeZone: config.AGENCY_TIMEZONE }),
    timeZone: config.AGENCY_TIMEZONE,
    now: clock(),
  };
}
const velocityDeps = (c: Context<AppEnv>) => velocityDepsOf(c.var.deps);

function upstreamFailure(c: Context<AppEnv>, error: unknown) {
  if (error instanceof UpstreamError) return c.json({ message: error.message }, error.httpStatus);
  throw error;
}

const badRequest = (c: Context<AppEnv>, message: string) => c.json({ message }, 400);

/** The Developers tab and Agency Settings calls of spec §7; any signed-in user may use them (guarded per route, so other /api routes keep their own answers). */
export const developersApi = new Hono<AppEnv>()
  .get('/jira/tickets/completed-in-week', requireUser(), valid('query', WeekQuerySchema), async (c) => {
    // Any day names its week: the week runs from that day's Monday to its Sunday.
    const weekStart = weekStartOf(c.req.valid('query').weekStart);
    return c.json(await velocityDeps(c).readyForQa(weekOf(weekStart)));
  })
  .get('/developer-available-points', requireUser(), valid('query', WeekQuerySchema), async (c) => {
    const weekStart = weekStartOf(c.req.valid('query').weekStart);
    const points = await availablePointsByWeek(c.var.deps.db, [weekStart]);
    return c.json({ totalAvailablePoints: points.get(weekStart) ?? 0 });
  })
  .get('/jira/tickets/completed-in-range', requireUser(), valid('query', RangeQuerySchema), async (c) => {
    const { startDate, endDate } = c.req.valid('query');
    return c.json(await velocityDeps(c).readyForQa({ startDate, endDate }));
  })
  .get('/velocity-history', requireUser(), async (c) => c.json(await velocityHistory(velocityDeps(c))))
  .get('/jira/users', requireUser(), async (c) => {
    try {
      const users = await c.var.deps.jira.listUsers();
      return c.json({ users: users.map((u) => ({ accountId: u.accountId, displayName: u.displayName, ...(u.emailAddress ? { emailAddress: u.emailAddress } : {}) })) });
    } catch (error) {
      return upstreamFailure(c, error);
    }
  })
  .get('/developer-availability', requireUser(), async (c) => c.json(await availabilityResponse(c.var.deps.db)))
  .post('/developer-availability', requireUser(), valid('json', AvailabilitySaveSchema), async (c) => {
    const { db, jira } = c.var.deps;
    const input = c.req.valid('json');
    const current = await listSelectedDevelopers(db);
    const currentIds = new Set(current.map((d) => d.accountId));
    const wanted = new Set(input.selectedDevelopersList);
    const base = new Set(input.previousSelectedDevelopersList ?? currentIds);
    const remove = [...base].filter((id) => !wanted.has(id));
    const newIds = [...wanted].filter((id) => !base.has(id) && !currentIds.has(id));

    // Names of developers added by this save come from Jira, which also proves the ids exist.
    const add: { accountId: string; displayName: string }[] = [];
    if (newIds.length > 0) {
      let users: { accountId: string; displayName: string }[];
      try {
        users = await jira.listUsers();
      } catch (error) {
        return upstreamFailure(c, error);
      }
      const byId = new Map(users.map((u) => [u.accountId, u.displayName]));
      const unknown = newIds.filter((id) => !byId.has(id));
      if (unknown.length > 0) return badRequest(c, `Unknown Jira account id: ${unknown.slice(0, 3).join(', ')}. Nothing was saved.`);
      for (const id of newIds) add.push({ accountId: id, displayName: byId.get(id)!.slice(0, 255) });
    }

    // The grid names developers by display name (spec §3); each name must mean one developer.
    const kept = [...current.filter((d) => wanted.has(d.accountId) && !remove.includes(d.accountId)), ...add];
    const idsByName = new Map<string, string[]>();
    for (const d of kept) idsByName.set(d.displayName, [...(idsByName.get(d.displayName) ?? []), d.accountId]);
    const cells: AvailabilityCell[] = [];
    for (const [name, days] of Object.entries(input.developers)) {
      const ids = idsByName.get(name);
      if (!ids) return badRequest(c, `"${name}" is not a selected team member. Nothing was saved.`);
      if (ids.length > 1) return badRequest(c, `Two selected team members are both named "${name}". Nothing was saved.`);
      for (const [date, isAway] of Object.entries(days)) cells.push({ accountId: ids[0]!, date, isAway });
    }

    const selectionChanged = remove.length > 0 || add.length > 0;
    await db.transaction(async (tx) => {
      await applyAvailabilityChange(tx, { add, remove, cells });
      await refreshStoredWeekPoints(tx, selectionChanged ? undefined : cells.map((cell) => weekStartOf(cell.date)));
    });
    return c.json(await availabilityResponse(db));
  })
  .post('/developer-end-date', requireUser(), valid('json', EndDateSchema), async (c) => {
    const { accountId, endDate } = c.req.valid('json');
    return saveEmploymentDate(c, accountId, 'end', endDate);
  })
  .post('/developer-start-date', requireUser(), valid('json', StartDateSchema), async (c) => {
    const { accountId, startDate } = c.req.valid('json');
    return saveEmploymentDate(c, accountId, 'start', startDate);
  })
  .get('/settings/story-points-per-developer-day', requireUser(), async (c) =>
    c.json({ storyPointsPerDeveloperDay: await getStoryPointsPerDeveloperDay(c.var.deps.db) }),
  )
  .put('/settings/story-points-per-developer-day', requireUser(), valid('json', PointsPerDaySchema), async (c) => {
    const { storyPointsPerDeveloperDay } = c.req.valid('json');
    await c.var.deps.db.transaction(async (tx) => {
      await setStoryPointsPerDeveloperDay(tx, storyPointsPerDeveloperDay);
      await refreshStoredWeekPoints(tx);
    });
    return c.json({ storyPointsPerDeveloperDay });
  });

async function saveEmploymentDate(c: Context<AppEnv>, accountId: string, edge: EmploymentEdge, date: IsoDate | null) {
  const result = await c.var.deps.db.transaction(async (tx) => {
    const r = await setEmploymentDate(tx, accountId, edge, date);
    if (r.ok) await refreshStoredWeekPoints(tx);
    return r;
  });
  if (result.ok) return c.json({ developer: result.developer });
  if (result.reason === 'unknown-developer') return badRequest(c, `Unknown account id: ${accountId} is not a selected team member.`);
  const other = edge === 'end' ? result.developer?.startDate : result.developer?.endDate;
  return badRequest(
    c,
    edge === 'end'
      ? `The end date ${date} is before the start date ${other}.`
      : `The start date ${date} is after the end date ${other}.`,
  );
}
