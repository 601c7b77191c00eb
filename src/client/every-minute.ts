/**
 * One clock for the page's minute-by-minute updates (the cards' stale Sync Billing, the freshness
 * line's ages): a single timer however many islands listen. Every island's chunk shares this
 * module, so the page has one set of listeners.
 */
let minuteTimer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

/** Calls `listener` once a minute; returns the function that stops it. */
export function onEveryMinute(listener: () => void): () => void {
  listeners.add(listener);
  minuteTimer ??= setInterval(() => {
    for (const l of listeners) l();
  }, 60_000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(minuteTimer);
      minuteTimer = undefined;
    }
  };
}
