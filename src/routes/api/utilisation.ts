import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../env';
import { requireAbility } from '../../middleware/guards';
import {
  changeRoleTarget,
  loadRoleTargets,
  utilisationFor,
  utilisationResponse,
} from '../../services/utilisation';
import { addCalendarDays } from '../../shared/calendar';
import { isoDateInZone } from '../../shared/time-zones';
import { cleanUpstreamText } from '../../shared/upstream-text';
import { periodHolding, TARGET_MAX, TARGET_MIN } from '../../shared/utilisation';
import { actorOf } from '../actor';
import { csvResponse } from '../csv';
import { UTILISATION, type UtilisationLine } from './export-columns';
import { IsoDateSchema } from '../schemas';
import { valid } from '../validation';

const WEEKS = 'weeks must be a whole number from 1 to 53';

export const UtilisationQuerySchema = z.strictObject({
  from: IsoDateSchema('from').optional(),
  weeks: z.coerce.number({ error: WEEKS }).int(WEEKS).min(1, WEEKS).max(53, WEEKS).optional(),
});

type UtilisationQuery = z.infer<typeof UtilisationQuerySchema>;

/** The weeks asked for; without `from`, the agency's current month (the weeks whose Monday lies in it). */
function utilisationOf(deps: AppDeps, q: UtilisationQuery) {
  const month = periodHolding(isoDateInZone(deps.clock(), deps.config.AGENCY_TIMEZONE), 'month');
  return utilisationFor(deps, {
    from: q.from ?? month.from,
    weeks: q.weeks ?? (q.from ? 4 : month.weeks),
  });
}

/**
 * Utilisation by the 18F method, mounted at /api/utilisation (docs/decisions/395): staff and
 * admins, since it names people's hours; users get 403. Without `from`, the agency's current
 * month (the weeks whose Monday lies in it). Hours and percentages only, no money.
 */
export const utilisationApi = new Hono<AppEnv>()
  .use(requireAbility('people.view'))
  .get('/', valid('query', UtilisationQuerySchema), async (c) => {
    const answer = await utilisationOf(c.var.deps, c.req.valid('query'));
    return c.json(utilisationResponse(answer));
  })
  // The page's table as a file: each person's weeks, then their period.
  .get('/export.csv', valid('query', UtilisationQuerySchema), async (c) => {
    const answer = await utilisationOf(c.var.deps, c.req.valid('query'));
    const lines: UtilisationLine[] = answer.people.flatMap((p) => {
      const who = { name: p.name, team: p.team, role: p.role, targetPercent: p.targetPercent };
      return [
        ...p.weeks.map((w) => ({ ...who, weekStart: w.weekStart, figures: w })),
        {
          ...who,
          weekStart: answer.weeks[0]!,
          figures: { ...p.period, shortByMinutes: p.shortByMinutes },
        },
      ];
    });
    return csvResponse(
      c,
      {
        subject: 'utilisation',
        from: answer.weeks[0]!,
        to: addCalendarDays(answer.weeks.at(-1)!, 6),
      },
      UTILISATION,
      lines,
    );
  });

const TARGET = 'targetPercent must be a whole percentage from 0 to 100, or null for no default';

export const RoleTargetSchema = z.strictObject({
  role: z
    .string('role must be the name of a Forecast role')
    .trim()
    .min(1, 'role must not be empty')
    .max(100, 'role must be at most 100 characters')
    .refine(
      (t) => cleanUpstreamText(t) === t && !/[\t\n]/.test(t),
      'role must be plain text, without control characters',
    ),
  targetPercent: z
    .number(TARGET)
    .int(TARGET)
    .min(TARGET_MIN, TARGET)
    .max(TARGET_MAX, TARGET)
    .nullable(),
});

/**
 * The default utilisation target of each role, mounted at /api/settings/utilisation-targets:
 * staff and admins read it, admins change it one role at a time (docs/decisions/395).
 */
export const roleTargetsApi = new Hono<AppEnv>()
  .get('/', requireAbility('people.view'), async (c) =>
    c.json(await loadRoleTargets(c.var.deps.db)),
  )
  .put('/', requireAbility('people.targets'), valid('json', RoleTargetSchema), async (c) =>
    c.json(await changeRoleTarget(c.var.deps.db, c.req.valid('json'), actorOf(c))),
  );
