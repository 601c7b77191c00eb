/**
 * The client entry, requested by the boot script once the page has painted (src/client/boot.ts):
 * the page is complete in the server's HTML with its styles inlined, so this only preloads the
 * islands' chunks and hydrates them (docs/decisions/260) once the styles of what they open
 * have loaded (docs/decisions/357).
 */
import { AFTER_PAINT_CSS_ATTR } from '../shared/island-markers';

function addLink(rel: string, href: string): void {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  document.head.append(link);
}

/** The boot script's after-paint stylesheet, loaded (or failed); islands open dialogs styled. */
function afterPaintStyles(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>(`link[${AFTER_PAINT_CSS_ATTR}]`);
  if (!link || link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}

const script = document.querySelector<HTMLScriptElement>('script[data-preload]');
for (const href of script?.dataset.preload?.split(' ') ?? [])
  if (href) addLink('modulepreload', href);
void Promise.all([import('./hydrate'), afterPaintStyles()]).then(([{ startIslands }]) =>
  startIslands(),
);
