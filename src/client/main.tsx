/**
 * The client entry, requested once the page has painted (src/render/document.ts): the page is
 * complete in the server's HTML with its CSS inlined, so this loads the whole stylesheet (for
 * the states islands reach later), preloads the islands' chunks, and hydrates them
 * (docs/decisions/141).
 */
function addLink(rel: string, href: string): void {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  document.head.append(link);
}

const script = document.querySelector<HTMLScriptElement>('script[data-preload]');
const css = script?.dataset.css;
if (css && !document.querySelector(`link[rel="stylesheet"][href="${css}"]`))
  addLink('stylesheet', css);
for (const href of script?.dataset.preload?.split(' ') ?? [])
  if (href) addLink('modulepreload', href);
void import('./hydrate').then(({ startIslands }) => startIslands());
