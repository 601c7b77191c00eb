import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import path from 'node:path';
import { ADMISSION, admitInTurn } from './admission';
import { gzipResponses } from './gzip';
import type { Fetch } from './listen';

/**
 * What the Node server answers with: the built assets (cached for a year), the app for every
 * other path, each answer of 1 KB or more gzip-compressed (docs/decisions/435), requests worked
 * on a few at a time in the order they came (docs/decisions/240). The bench serves the app
 * through this too, so it measures what production sends.
 *
 * @example bound.ready(serverFetch(app.fetch, distDir))
 */
export function serverFetch(
  appFetch: Fetch,
  distDir: string,
  onAdmissionDepth?: (waiting: number) => void,
): Fetch {
  const root = new Hono();
  root.use('/assets/*', async (c, next) => {
    await next();
    // File names carry a content hash, so they never change: cache them for a year.
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  root.use(
    '/assets/*',
    serveStatic({ root: path.relative(process.cwd(), path.join(distDir, 'public')) || '.' }),
  );
  // Handed over whole (not root.route), so the app's own not-found page answers unknown paths.
  root.all('*', (c) => appFetch(c.req.raw, c.env));
  // Pages, JSON and assets of 1 KB or more go gzip-compressed, whole (docs/decisions/435): the
  // first paint on a slow link depends on it.
  return admitInTurn(gzipResponses(root.fetch), ADMISSION, onAdmissionDepth);
}
