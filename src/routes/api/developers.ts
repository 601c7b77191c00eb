import { Hono } from 'hono';
import { z } from 'zod';
import { getStoryPointsPerDeveloperDay } from '../../db/developers';
import type { AppDeps, AppEnv } from '../../env';
import { requireAbility, requireUser } from '../../middleware/guards';
import { type IsoDate, isIsoDate, weekStartOf } from '../../shared/calendar';
import { currentWeekStart } from '../../shared/time-zones';
import {
  availabilityResponse,
  type AvailabilityView,
  confirmAvailabilityWeekAsIs,
  saveAvailability,
  saveEmploymentDate,
  saveStoryPointsPerDeveloperDay,
} from '../../services/availability';
import {
  availablePointsOf,
  velocityDepsOf,
  velocityHistory,
  weekSummary,
} from '../../services/velocity';
import {
  IsoDateSchema,
  isWithinShownYears,
  outsideShownYears,
  WeekQuerySchema,
  WeekStartSchema,
} from '../schemas';
import { actorOf } from '../actor';
import { valid } from '../validation';

/**
 * docs/product-spec.md, "Business constants and limits": account ids and display names are at most
 * 255 characters.
 */
const AccountId = z
  .string()
  .trim()
  .min(1, 'Account id is required')
  .max(255, 'Account id must be at most 255 characters')
  // PostgreSQL cannot store NUL in text, and no Jira account id holds a control character.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the rule is to refuse control characters.
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'Account id must not contain control characters');
const DisplayName = z
  .string()
  .min(1, 'Developer name is required')
  .max(255, 'Developer name must be at most 255 characters');
/** Bounds on one save, far above a real agency's, so a save stays one quick transaction. */
const MAX_DEVELOPERS = 500;
const MAX_CELLS = 20_000;

export const AvailabilitySaveSchema = z.strictObject({
  developers: z
    .record(
      DisplayName,
      z
        .record(z.string(), z.boolean('Each day must be true (away) or false (available)'))
        .superRefine(datesOnly),
    )
    .refine(
      (d) => Object.keys(d).length <= MAX_DEVELOPERS,
      `At most ${MAX_DEVELOPERS} developers per save`,
    )
    .refine(
      (d) => Object.values(d).reduce((n, days) => n + Object.keys(days).length, 0) <= MAX_CELLS,
      `At most ${MAX_CELLS} days per save`,
    ),
  selectedDevelopersList: z.array(AccountId).max(MAX_DEVELOPERS),
  /** Accepted from older clients and not used: nobody is removed unless removeDevelopers names them. */
  previousSelectedDevelopersList: z.array(AccountId).max(MAX_DEVELOPERS).optional(),
  /** The members to remove, named by account id (docs/decisions/165). */
  removeDevelopers: z.array(AccountId).max(MAX_DEVELOPERS).optional(),
});
export const EndDateSchema = z.strictObject({
  accountId: AccountId,
  endDate: IsoDateSchema('endDate').nullable(),
});
export const StartDateSchema = z.strictObject({
  accountId: AccountId,
  startDate: IsoDateSchema('startDate').nullable(),
});
export const PointsPerDaySchema = z.strictObject({
  storyPointsPerDeveloperDay: z
    .number('Story points per developer day must be a number')
    .min(0, 'Story points per developer day must not be negative')
    .max(100, 'Story points per developer day must be at most 100')
    .refine(
      (n) => Math.round(n * 100) === n * 100,
      'Story points per developer day may have at most two decimals',
    ),
});

/** Keys of a developer's days must be real dates; zod's own record-key message does not say so. */
function datesOnly(days: Record<string, boolean>, ctx: z.RefinementCtx) {
  for (const day of Object.keys(days)) {
    if (!isIsoDate(day))
      ctx.addIssue({
        code: 'custom',
        message: `"${day.slice(0, 40)}" is not a real date written YYYY-MM-DD`,
        path: [day],
      });
    else if (!isWithinShownYears(day))
      ctx.addIssue({ code: 'custom', message: outsideShownYears(`"${day}"`), path: [day] });
  }
}

/*
 * The Developers tab's and Agency Settings' calls (docs/product-spec.md, "Calls"), for any
 * signed-in user. Each top-level path is its own sub-app, mounted at its path, with the guard
 * applied once to all of its routes.
 */

/**
 * Mounted at /api/developer-available-points: the spec's totalAvailablePoints, and velocity over
 * the same people (docs/decisions/391-velocity-over-tracked-people.md): the tracked people's
 * story points, everyone else's by person (trackedStoryPoints + their sum = the week's total
 * story points) and velocityPercentage = round(trackedStoryPoints / totalAvailablePoints × 100).
 */
export const availablePointsApi = new Hono<AppEnv>()
  .use(requireUser())
  .get('/', valid('query', WeekQuerySchema), async (c) => {
    const weekStart = weekStartOf(c.req.valid('query').weekStart);
    const week = await weekSummary(velocityDepsOf(c.var.deps), weekStart);
    return c.json(availablePointsOf(week));
  });

/** Mounted at /api/velocity-history. */
export const velocityHistoryApi = new Hono<AppEnv>()
  .use(requireUser())
  .get('/', async (c) => c.json(await velocityHistory(velocityDepsOf(c.var.deps))));

/** The week whose derived days the grid's answer carries: any of its days, the current week by default. */
const AvailabilityQuerySchema = z.strictObject({ weekStart: WeekStartSchema.optional() });

/** The grid's view from a request: the week asked for (else the current one) and the public holidays' region. */
function availabilityView(deps: AppDeps, weekStart: IsoDate | undefined): AvailabilityView {
  return {
    weekStart: weekStart ?? currentWeekStart(deps.clock(), deps.config.AGENCY_TIMEZONE),
    publicHolidays: deps.config.publicHolidays,
  };
}

/** Mounted at /api/developer-availability. */
export const availabilityApi = new Hono<AppEnv>()
  .use(requireUser())
  .get('/', valid('query', AvailabilityQuerySchema), async (c) =>
    c.json(
      await availabilityResponse(
        c.var.deps.db,
        availabilityView(c.var.deps, c.req.valid('query').weekStart),
      ),
    ),
  )
  .post(
    '/',
    requireAbility('developers.availability'),
    valid('query', AvailabilityQuerySchema),
    valid('json', AvailabilitySaveSchema),
    async (c) => {
      const { db, jira } = c.var.deps;
      const view = availabilityView(c.var.deps, c.req.valid('query').weekStart);
      return c.json(
        await saveAvailability(db, jira, c.req.valid('json'), actorOf(c), {
          ...view,
          now: c.var.deps.clock(),
        }),
      );
    },
  );

/** The week to confirm as it is: any of its days. */
export const ConfirmWeekSchema = z.strictObject({ weekStart: WeekStartSchema });

/**
 * Mounted at /api/developer-availability/confirm: "Confirm week" on the grid saves the week as it
 * is, audited, and closes its availability alerts (docs/decisions/392).
 */
export const confirmWeekApi = new Hono<AppEnv>()
  .use(requireUser())
  .post(
    '/',
    requireAbility('developers.availability'),
    valid('json', ConfirmWeekSchema),
    async (c) =>
      c.json(
        await confirmAvailabilityWeekAsIs(
          c.var.deps.db,
          c.req.valid('json').weekStart,
          actorOf(c),
          c.var.deps.clock(),
        ),
      ),
  );

/** Mounted at /api/developer-end-date. */
export const endDateApi = new Hono<AppEnv>()
  .use(requireUser())
  .post('/', requireAbility('developers.employment'), valid('json', EndDateSchema), async (c) => {
    const { accountId, endDate } = c.req.valid('json');
    return c.json({
      developer: await saveEmploymentDate(c.var.deps.db, accountId, 'end', endDate, actorOf(c)),
    });
  });

/** Mounted at /api/developer-start-date. */
export const startDateApi = new Hono<AppEnv>()
  .use(requireUser())
  .post('/', requireAbility('developers.employment'), valid('json', StartDateSchema), async (c) => {
    const { accountId, startDate } = c.req.valid('json');
    return c.json({
      developer: await saveEmploymentDate(c.var.deps.db, accountId, 'start', startDate, actorOf(c)),
    });
  });

/** Mounted at /api/settings. */
export const settingsApi = new Hono<AppEnv>()
  .use(requireUser())
  .get('/story-points-per-developer-day', async (c) =>
    c.json({ storyPointsPerDeveloperDay: await getStoryPointsPerDeveloperDay(c.var.deps.db) }),
  )
  .put(
    '/story-points-per-developer-day',
    requireAbility('settings.global'),
    valid('json', PointsPerDaySchema),
    async (c) => {
      const { storyPointsPerDeveloperDay } = c.req.valid('json');
      await saveStoryPointsPerDeveloperDay(c.var.deps.db, storyPointsPerDeveloperDay, actorOf(c));
      return c.json({ storyPointsPerDeveloperDay });
    },
  );
