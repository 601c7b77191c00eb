/**
 * The client entry, requested by the boot script once the page has painted (src/client/boot.ts):
 * the page is complete in the server's HTML with the whole stylesheet inlined, so this only
 * preloads the islands' chunks and hydrates them (docs/decisions/260).
 */
function addLink(rel: string, href: string): void {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  document.head.append(link);
}

const script = document.querySelector<HTMLScriptElement>('script[data-preload]');
for (const href of script?.dataset.preload?.split(' ') ?? [])
  if (href) addLink('modulepreload', href);
void import('./hydrate').then(({ startIslands }) => startIslands());
