/**
 * The page's only script before its first paint, and a small one: the page is complete in the
 * server's HTML, so the browser shows it first, and only then loads React and the page's
 * islands and hydrates them (docs/decisions/141). requestAnimationFrame runs just before the
 * next paint; the timeout after it runs once that paint is done.
 */
function afterFirstPaint(run: () => void): void {
  if (document.visibilityState === 'hidden') setTimeout(run, 0);
  else requestAnimationFrame(() => setTimeout(run, 0));
}

afterFirstPaint(() => {
  void import('./hydrate').then(({ hydrateIslands }) => hydrateIslands());
});
