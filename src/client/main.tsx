/**
 * The client entry, a module script in each page's head that runs once the HTML is parsed
 * (docs/decisions/360): the page is complete in the server's HTML with its stylesheet linked,
 * so this only hydrates the islands.
 *
 * Why it waits for a frame: with the scripts cached, a module runs as soon as the HTML is
 * parsed, before the browser's first paint, and hydrating there held every page's paint back
 * behind React (a returning visitor's data painted at 1.5-4.5x the same HTML without scripts,
 * bench pages section). Hydrating once a frame has been drawn lets the server's HTML paint first.
 *
 * Why the hydrator is imported then, not statically: a static import is evaluated with this
 * module, before that frame, and evaluating React DOM and TanStack Query held back the frame that
 * painted the rest of a long page (Weekly Hours' rows, in a Chromium trace at 4x CPU: a 206 ms
 * task, 169 ms of it evaluating modules, between the parsed HTML and that paint). Imported after
 * the frame, with every script cached, the rows painted at 468 ms against 574 (medians of six)
 * and the islands were hydrated no later (885 against 1,014 ms).
 */
import { showCurrentTabs } from './tabs';

const start = () => void import('./hydrate').then(({ startIslands }) => startIslands());

showCurrentTabs();
// A tab opened in the background draws no frame until it is shown: hydrate it at once.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
