import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { AppEnv } from '../../env';
import { requireUser } from '../../middleware/guards';
import { BadInputError } from '../../services/errors';
import { LIVE_EVENT, type LiveEvent, topicHeardBy } from '../../shared/live';
import { valid } from '../validation';

const AFTER_MESSAGE = 'after must be the id of a change: a whole number, 0 or more';
const LAST_ID_MESSAGE = 'Last-Event-ID must be the id of a change: a whole number, 0 or more';
const changeId = (message: string) =>
  z
    .string({ message })
    .regex(/^\d{1,15}$/, { message })
    .transform(Number);

export const EventsQuerySchema = z.strictObject({
  /** Go on after this change (a page that kept its last id); the browser's reconnect sends Last-Event-ID instead. */
  after: changeId(AFTER_MESSAGE).optional(),
});

/** A stream is closed after this long and the browser opens the next at once, from its last id. */
const STREAM_LIFETIME_MS = 10 * 60_000;
/** A comment now and then keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 25_000;
/** How soon the browser comes back after the stream ends or drops. */
const RETRY_MS = 2_000;

/**
 * `GET /api/events` (docs/decisions/402-live-pages.md): server-sent events for open pages. A
 * `ready` event carries the id the stream starts after; each `change` event names the topic and
 * projects whose figures moved, never a figure, and only topics the person's role may see. A
 * reconnect (Last-Event-ID, or `?after=`) first gets the changes it missed.
 */
export const eventsApi = new Hono<AppEnv>()
  .use(requireUser())
  .get('/', valid('query', EventsQuerySchema), async (c) => {
    const { deps, user } = c.var;
    const feed = deps.changes;
    if (!feed) return c.json({ message: 'Live updates are not available here.' }, 404);
    const lastId = c.req.header('Last-Event-ID');
    const parsedLast =
      lastId === undefined ? undefined : changeId(LAST_ID_MESSAGE).safeParse(lastId.trim());
    if (parsedLast && !parsedLast.success) throw new BadInputError(LAST_ID_MESSAGE);
    const after = c.req.valid('query').after ?? parsedLast?.data ?? (await feed.latest());

    return streamSSE(c, async (stream) => {
      let stop = () => {};
      const ended = new Promise<void>((resolve) => {
        stop = resolve;
      });
      stream.onAbort(() => stop());
      // Writes go one after another; a write to a closed stream ends it.
      let writing = stream.writeSSE({
        event: LIVE_EVENT.ready,
        id: String(after),
        retry: RETRY_MS,
        data: JSON.stringify({ after }),
      });
      const write = (send: () => Promise<void>) => {
        writing = writing.then(send).catch(() => stop());
      };
      const unfollow = feed.follow(after, (changes) => {
        for (const change of changes) {
          if (!topicHeardBy(user.role, change.topic)) continue;
          const event: LiveEvent = {
            id: change.id,
            topic: change.topic,
            projectIds: change.projectIds,
          };
          write(() =>
            stream.writeSSE({
              event: LIVE_EVENT.change,
              id: String(change.id),
              data: JSON.stringify(event),
            }),
          );
        }
      });
      const keepalive = setInterval(
        () =>
          write(async () => {
            await stream.write(': keepalive\n\n');
          }),
        KEEPALIVE_MS,
      );
      const lifetime = setTimeout(stop, STREAM_LIFETIME_MS);
      keepalive.unref?.();
      lifetime.unref?.();
      try {
        await ended;
      } finally {
        unfollow();
        clearInterval(keepalive);
        clearTimeout(lifetime);
        await writing.catch(() => {});
      }
    });
  });
