import type { RefreshRunner } from './refresh';

export interface RefreshSchedule {
  stop(): void;
}

/**
 * The Node process's side of the schedule: one refresh at start when the stored copies are
 * empty or stale (not awaited, so the first page is never delayed), then a claim at the start
 * of every interval. Every process asks; the lease lets exactly one run per interval.
 */
export function startRefreshSchedule(
  runner: RefreshRunner,
  {
    clock = () => new Date(),
    random = Math.random,
  }: { clock?: () => Date; random?: () => number } = {},
): RefreshSchedule {
  const { intervalMs } = runner.settings;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const ask = (trigger: 'start' | 'schedule') =>
    runner.start(trigger).catch((error) => {
      console.error(
        `The ${trigger === 'start' ? 'first' : 'scheduled'} refresh could not start:`,
        error,
      );
    });

  const next = () => {
    if (stopped) return;
    const now = clock().getTime();
    const slotStart = (Math.floor(now / intervalMs) + 1) * intervalMs;
    // A little after the slot starts (timers may fire a hair early), spread so processes do not
    // all ask in the same millisecond.
    const spread = Math.min(intervalMs * 0.1, 2_000) * random();
    timer = setTimeout(
      () => {
        void ask('schedule');
        next();
      },
      slotStart - now + 20 + spread,
    );
    timer.unref?.();
  };

  void ask('start');
  next();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
