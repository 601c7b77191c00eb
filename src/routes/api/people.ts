import { Hono } from 'hono';
import { z } from 'zod';
import { listSelectedDevelopers } from '../../db/developers';
import type { AppEnv } from '../../env';
import { requireAbility, requireUser } from '../../middleware/guards';
import { changePerson, loadPeople } from '../../services/roster';
import { MAX_INTEGER } from '../../shared/column-limits';
import { refusalFor } from '../../shared/roles';
import { TARGET_MAX, TARGET_MIN } from '../../shared/utilisation';
import { cleanUpstreamText } from '../../shared/upstream-text';
import { actorOf } from '../actor';
import { IsoDateSchema } from '../schemas';
import { valid } from '../validation';

const PersonIdParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'The id must be a positive whole number, e.g. /api/people/12')
    .transform(Number),
});

/** Text PostgreSQL and the pages can hold as it is: no control, private-use or lone surrogate characters. */
const isPlainText = (text: string) => cleanUpstreamText(text) === text && !/[\t\n]/.test(text);

const upstreamId = (field: string) =>
  z
    .number(`${field} must be a whole number, or null to unlink`)
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be a positive whole number`)
    .max(MAX_INTEGER, `${field} must be at most ${MAX_INTEGER}`)
    .nullable()
    .optional();

/**
 * PUT /api/people/:id: each field left out stays as it is; null unlinks (or, for team, goes back
 * to Forecast's; for target, to the role's default from targetFrom on).
 */
export const PersonChangeSchema = z
  .strictObject({
    tracked: z.boolean('tracked must be true or false').optional(),
    jiraAccountId: z
      .string('jiraAccountId must be a Jira account id, or null to unlink')
      .trim()
      .min(1, 'jiraAccountId must not be empty; send null to unlink')
      .max(255, 'jiraAccountId must be at most 255 characters')
      .refine(isPlainText, 'jiraAccountId must be plain text, without control characters')
      .nullable()
      .optional(),
    forecastPersonId: upstreamId('forecastPersonId'),
    pipedriveUserId: upstreamId('pipedriveUserId'),
    target: z
      .number('target must be a whole percentage from 0 to 100, or null for the role’s default')
      .int('target must be a whole percentage from 0 to 100')
      .min(TARGET_MIN, 'target must be a whole percentage from 0 to 100')
      .max(TARGET_MAX, 'target must be a whole percentage from 0 to 100')
      .nullable()
      .optional(),
    targetFrom: IsoDateSchema('targetFrom').optional(),
    team: z
      .string('team must be text, or null for Forecast’s department')
      .trim()
      .min(1, 'team must not be empty; send null for Forecast’s department')
      .max(100, 'team must be at most 100 characters')
      .refine(isPlainText, 'team must be plain text, without control or private-use characters')
      .nullable()
      .optional(),
  })
  .refine(
    (body) => Object.keys(body).length > 0,
    'Send at least one of tracked, jiraAccountId, forecastPersonId, pipedriveUserId, team or target',
  )
  .refine(
    (body) => (body.target === undefined) === (body.targetFrom === undefined),
    'target and targetFrom go together: the percentage and the date (YYYY-MM-DD) it applies from',
  );

/**
 * The roster, mounted at /api/people (docs/decisions/390-one-roster-of-people.md). The roster
 * names people's working hours, so it is for staff and admins; the command palette's names are
 * for everyone (docs/decisions/347).
 */
export const peopleApi = new Hono<AppEnv>()
  .use(requireUser())
  .get('/', requireAbility('people.view'), async (c) => c.json(await loadPeople(c.var.deps.db)))
  // The tracked people's names, which the command palette finds: names only, any signed-in role.
  .get('/names', async (c) => {
    const developers = await listSelectedDevelopers(c.var.deps.db);
    return c.json({ people: developers.map((d) => ({ name: d.displayName })) });
  })
  .put(
    '/:id',
    requireAbility('people.edit'),
    valid('param', PersonIdParam),
    valid('json', PersonChangeSchema),
    async (c) => {
      const change = c.req.valid('json');
      // Targets are admins' (docs/decisions/395); the rest of the change is staff's.
      const refusal =
        change.target !== undefined ? refusalFor(c.var.user.role, 'people.targets') : null;
      if (refusal) return c.json({ message: refusal }, 403);
      const person = await changePerson(
        c.var.deps.db,
        c.req.valid('param').id,
        change,
        actorOf(c),
        c.var.deps.clock(),
      );
      return c.json({ person });
    },
  );
