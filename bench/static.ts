import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A folder served as any production static host serves it: gzip, the file by path, and
 * `index.html` for any other path (a single-page app's routes). `headersFor` adds response
 * headers to a path's answer (a floor's page gets its page's own policies).
 */
export async function serveFolder(
  dir: string,
  headersFor?: (pathname: string) => Record<string, string> | undefined,
): Promise<{ url: string; close(): Promise<void> }> {
  const root = path.relative(process.cwd(), dir) || '.';
  const app = new Hono();
  app.use('*', compress());
  if (headersFor)
    app.use('*', async (c, next) => {
      await next();
      for (const [name, value] of Object.entries(headersFor(c.req.path) ?? {}))
        c.header(name, value);
    });
  app.use('*', serveStatic({ root }));
  app.get('*', serveStatic({ root, path: 'index.html' }));
  return new Promise((resolve) => {
    const server = serve(
      { fetch: app.fetch, port: 0, hostname: '127.0.0.1' },
      (info: AddressInfo) =>
        resolve({
          url: `http://127.0.0.1:${info.port}`,
          close: () => new Promise<void>((done) => server.close(() => done())),
        }),
    );
  });
}
