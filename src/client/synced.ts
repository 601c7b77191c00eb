/**
 * Word that synced data has just changed (a project's billing synced from its card), so the
 * page's freshness line reads its ages again without a reload. Every island's chunk shares this
 * module, so the page has one set of listeners.
 */
const listeners = new Set<() => void>();

export function announceSynced(): void {
  for (const l of listeners) l();
}

/** Calls `listener` after each announcement; returns the function that stops it. */
export function onSynced(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
