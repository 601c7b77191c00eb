/**
 * Why a queue in front of the app: with every arrived request in progress at once, each one's
 * round trips queue behind everyone else's, and the slowest finish late. Alternate 40-s runs of
 * the 100-client load on PostgreSQL (bench/results/README.md, decision 240) read p99 380 / 285 ms
 * from t=10 s at sixteen at a time against 391 / 374 ms with no limit, p99 over the median 1.38-1.47
 * against 1.78, at the same requests/s within the runs' spread (382 / 479 against 447 / 468).
 * Quiet runs on 2026-11-29: p99 743 ms with it, 1,130 and 1,164 without, and without it 2-3
 * writes a run failed: postgres.js's transactions go wrong when its pipelines fill (decision 240).
 */
import type { Fetch } from './listen';

export interface AdmissionOptions {
  /** Requests worked on at once; the rest wait their turn in arrival order. */
  limit: number;
  /**
   * A request that has run this long stops counting against the limit: it is waiting on
   * something slow (Jira's project list, a large export), not holding the main thread, and
   * the requests behind it should not wait for it.
   */
  stopsCountingAfterMs: number;
}

/**
 * Sixteen at a time keeps PostgreSQL's pool of ten connections busy, with queries pipelined on
 * them, while the line stays in order (docs/decisions/240).
 */
export const ADMISSION: AdmissionOptions = { limit: 16, stopsCountingAfterMs: 500 };

/**
 * Works on at most `limit` requests at once and starts the others in the order they arrived
 * (docs/decisions/240-requests-admitted-in-turn.md). Without it every request that has arrived
 * interleaves its queries and renders with every other, so under load each one finishes late;
 * in turn, each finishes about when its place in the line says.
 *
 * @example admitInTurn(root.fetch, ADMISSION) // in serverFetch (root.ts)
 */
export function admitInTurn(
  fetch: Fetch,
  options: AdmissionOptions,
  /** Told the number of requests waiting each time it changes (for `GET /metrics`). */
  onDepth?: (waiting: number) => void,
): Fetch {
  let counted = 0;
  // A queue as an array and a read index: shift() on a long array copies it on every call.
  let waiting: (() => void)[] = [];
  let next = 0;

  const admitNext = () => {
    if (next < waiting.length) {
      const start = waiting[next]!;
      next++;
      // Under steady load the line never empties: drop the started part now and then.
      if (next === waiting.length || next >= 1024) {
        waiting = waiting.slice(next);
        next = 0;
      }
      onDepth?.(waiting.length - next);
      start();
    } else counted--;
  };

  return async function admitted(request, env) {
    if (counted < options.limit) counted++;
    else
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        onDepth?.(waiting.length - next);
      });
    // The request holds its place until it ends or runs too long, whichever comes first.
    let holding = true;
    const letGo = () => {
      if (!holding) return;
      holding = false;
      admitNext();
    };
    const timer = setTimeout(letGo, options.stopsCountingAfterMs);
    try {
      return await fetch(request, env);
    } finally {
      clearTimeout(timer);
      letGo();
    }
  };
}
