/**
 * The change feed of one process (docs/decisions/402-live-pages.md): every open page's event
 * stream follows it. Changes are rows in `live_changes`, written in the transaction that applied
 * them by whichever process did; one poll per process reads the new ones for all its streams,
 * and only while a stream is open, so a hundred open pages cost one small query per interval.
 */
import { changesAfter, lastChangeId, type LiveChange } from '../../db/live';
import type { Db } from '../../db/port';

export type ChangeListener = (changes: LiveChange[]) => void;

export interface ChangeFeed {
  /** The newest change's id: where a stream without a last id starts. */
  latest(): Promise<number>;
  /** Calls `listener` with the changes after `afterId` as they come; returns the stop. */
  follow(afterId: number, listener: ChangeListener): () => void;
  /** Reads at once rather than at the next poll (a change applied in this process). */
  poke(): void;
}

/** How often the feed looks for changes while a page follows it (ms). */
export const FEED_POLL_MS = 300;

export function createChangeFeed(
  db: Db,
  { pollMs = FEED_POLL_MS, log = () => {} }: { pollMs?: number; log?: (line: string) => void } = {},
): ChangeFeed {
  const followers = new Map<ChangeListener, number>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let reading = false;
  let again = false;

  async function read(): Promise<void> {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        if (followers.size === 0) return;
        const from = Math.min(...followers.values());
        const changes = await changesAfter(db, from, 500);
        if (changes.length === 0) continue;
        for (const [listener, after] of followers) {
          const fresh = changes.filter((c) => c.id > after);
          if (fresh.length === 0) continue;
          followers.set(listener, fresh[fresh.length - 1]!.id);
          listener(fresh);
        }
        // A full page: more may wait behind it.
        if (changes.length === 500) again = true;
      } while (again);
    } catch (error) {
      log(`Change feed: ${(error as Error).message}`);
    } finally {
      reading = false;
    }
  }

  function schedule() {
    if (timer || followers.size === 0) return;
    timer = setTimeout(() => {
      timer = null;
      void read().finally(schedule);
    }, pollMs);
    timer.unref?.();
  }

  return {
    latest: () => lastChangeId(db),
    follow(afterId, listener) {
      followers.set(listener, afterId);
      schedule();
      return () => {
        followers.delete(listener);
        if (followers.size === 0 && timer) {
          clearTimeout(timer);
          timer = null;
        }
      };
    },
    poke() {
      if (followers.size > 0) void read();
    },
  };
}
