/**
 * The client entry, a module script in each page's head that runs once the HTML is parsed
 * (docs/decisions/360): the page is complete in the server's HTML with its stylesheet linked,
 * so this only hydrates the islands.
 *
 * Why it waits for a frame: with the scripts cached, a module runs as soon as the HTML is
 * parsed, before the browser's first paint, and hydrating there held every page's paint back
 * behind React (a returning visitor's data painted at 1.5-4.5x the same HTML without scripts,
 * bench pages section). Hydrating once a frame has been drawn lets the server's HTML paint first.
 */
import { startIslands } from './hydrate';
import { showCurrentTabs } from './tabs';

showCurrentTabs();
// A tab opened in the background draws no frame until it is shown: hydrate it at once.
if (document.visibilityState === 'hidden') startIslands();
else requestAnimationFrame(() => setTimeout(startIslands, 0));
