import { Hono, type Context } from 'hono';
import type { ReactElement } from 'react';
import type { AppEnv } from '../../../env';
import { renderPublicDocument } from '../../../render/document';
import { createRangeMemo, loadRoom } from '../../../services/room';
import { createRoomLimiter, openShareLink } from '../../../services/share-links';
import { isoDateInZone } from '../../../shared/time-zones';
import { RoomBusy, RoomNotFound, RoomPage } from './RoomPage';

/**
 * The client's retainer room, `GET /r/:token` (docs/decisions/430-client-retainer-room.md):
 * public, the token is the credential. It is mounted before the session middleware, so it reads
 * no session and sets no cookie; app.ts gives it its own strict CSP and no referrer.
 */
export function roomRoutes() {
  const limiter = createRoomLimiter();
  const ranges = createRangeMemo();
  return new Hono<AppEnv>().get('/r/:token', async (c) => {
    const { deps } = c.var;
    const now = deps.clock();
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex, nofollow');
    const wait = limiter.take(deps.clientAddress(c), now.getTime());
    if (wait !== null) {
      c.header('Retry-After', String(wait));
      return page(c, <RoomBusy seconds={wait} />, 'Too many requests', 429);
    }
    const timeZone = deps.config.AGENCY_TIMEZONE;
    const today = isoDateInZone(now, timeZone);
    const link = await openShareLink(deps.db, c.req.param('token'), {
      address: deps.clientAddress(c),
      now,
      today,
    });
    const data =
      link &&
      (await loadRoom(deps.db, link, {
        today,
        timeZone,
        agencyName: deps.config.AGENCY_NAME,
        companyCurrency: deps.config.COMPANY_CURRENCY,
        publicHolidays: deps.config.publicHolidays,
        ranges,
        now,
      }));
    if (!data) return page(c, <RoomNotFound />, 'Page not found', 404);
    return page(c, <RoomPage data={data} />, `${data.projectName} · ${data.agencyName}`, 200);
  });
}

function page(c: Context<AppEnv>, element: ReactElement, title: string, status: 200 | 404 | 429) {
  return c.html(
    renderPublicDocument(element, {
      title,
      assets: c.var.deps.assets,
    }),
    status,
  );
}
