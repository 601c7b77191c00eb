import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env';
import { requireAbility } from '../../middleware/guards';
import { BadInputError } from '../../services/errors';
import {
  createShareLink,
  listProjectShareLinks,
  revokeProjectShareLink,
  shareLinkJson,
} from '../../services/share-links';
import { addCalendarDays } from '../../shared/calendar';
import {
  roomPath,
  SHARE_LINK_LABEL_MAX,
  SHARE_LINK_MAX_DAYS,
  SHARE_LINK_MAX_RANGE_DAYS,
} from '../../shared/share-links';
import { isoDateInZone } from '../../shared/time-zones';
import { actorOf } from '../actor';
import { IsoDateSchema } from '../schemas';
import { valid } from '../validation';
import { cleanUpstreamText } from '../../shared/upstream-text';
import { ProjectIdParam } from './projects';

/** POST /api/projects/:id/share-links (docs/decisions/430-client-retainer-room.md). */
export const ShareLinkSchema = z
  .strictObject({
    label: z
      .string('label is required: a name for the link, e.g. the client’s name')
      .trim()
      .min(1, 'label must not be empty: a name for the link, e.g. the client’s name')
      .max(SHARE_LINK_LABEL_MAX, `label must be at most ${SHARE_LINK_LABEL_MAX} characters`)
      // One line of printable text: it is shown in the list and the audit log.
      .refine(
        (s) => cleanUpstreamText(s) === s && !/[\n\t]/.test(s),
        'label must be one line of printable text',
      ),
    expiresAt: IsoDateSchema('expiresAt'),
    rolling: z.boolean(
      'rolling must be true (the current retainer period) or false (a fixed range from..to)',
    ),
    from: IsoDateSchema('from').optional(),
    to: IsoDateSchema('to').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.rolling) {
      for (const name of ['from', 'to'] as const)
        if (v[name] !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: `${name} is only for a fixed range: leave it out when rolling is true`,
          });
      return;
    }
    for (const name of ['from', 'to'] as const)
      if (v[name] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `${name} is required for a fixed range (rolling false), as YYYY-MM-DD`,
        });
    if (v.from && v.to && v.from > v.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    else if (v.from && v.to && addCalendarDays(v.from, SHARE_LINK_MAX_RANGE_DAYS - 1) < v.to)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `to must be within ${SHARE_LINK_MAX_RANGE_DAYS} days of from`,
      });
  });

const ShareLinkIdParam = z.object({
  id: z
    .string()
    .regex(
      /^[1-9]\d{0,8}$/,
      'The link id must be a positive whole number, e.g. /api/share-links/12',
    )
    .transform(Number),
});

/** The room's address as the admin copies it: the public origin when one is set. */
function roomUrl(origin: string, token: string): string {
  return new URL(roomPath(token), origin).toString();
}

/**
 * Admins: a project's client room links, made and listed under the project. Mounted beside the
 * other project calls at /api/projects, so each route carries its own guard: a guard for the
 * whole sub-app would guard every /api/projects call.
 */
export const projectShareLinksApi = new Hono<AppEnv>()
  .get(
    '/:id/share-links',
    requireAbility('share-links.manage'),
    valid('param', ProjectIdParam),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db, clock, config } = c.var.deps;
      const links = await listProjectShareLinks(
        db,
        id,
        isoDateInZone(clock(), config.AGENCY_TIMEZONE),
      );
      return c.json({ links });
    },
  )
  .post(
    '/:id/share-links',
    requireAbility('share-links.manage'),
    valid('param', ProjectIdParam),
    valid('json', ShareLinkSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const { db, clock, config } = c.var.deps;
      const now = clock();
      const today = isoDateInZone(now, config.AGENCY_TIMEZONE);
      if (input.expiresAt < today)
        throw new BadInputError(`expiresAt must be today (${today}) or later`);
      if (input.expiresAt > addCalendarDays(today, SHARE_LINK_MAX_DAYS))
        throw new BadInputError(`expiresAt must be within ${SHARE_LINK_MAX_DAYS} days of today`);
      const { link, token } = await createShareLink(db, id, input, actorOf(c), now);
      const origin = config.PUBLIC_ORIGIN ?? new URL(c.req.url).origin;
      // The address is shown once, here: only the token's hash is kept.
      return c.json(
        { id: link.id, url: roomUrl(origin, token), link: shareLinkJson(link, today) },
        201,
      );
    },
  );

/** Admins: revoking a link for good. */
export const shareLinksApi = new Hono<AppEnv>()
  .use(requireAbility('share-links.manage'))
  .delete('/:id', valid('param', ShareLinkIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const { db, clock, config } = c.var.deps;
    const now = clock();
    const link = await revokeProjectShareLink(
      db,
      id,
      actorOf(c),
      now,
      isoDateInZone(now, config.AGENCY_TIMEZONE),
    );
    return c.json({ link });
  });
