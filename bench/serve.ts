import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { createApp } from '../src/app';

/** Serves the app and its built assets on a free loopback port, as src/server.ts does. */
export async function listen(
  app: ReturnType<typeof createApp>,
  distDir: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const root = new Hono();
  root.use('*', compress());
  root.use(
    '/assets/*',
    serveStatic({ root: path.relative(process.cwd(), path.join(distDir, 'public')) || '.' }),
  );
  root.all('*', (c) => app.fetch(c.req.raw, c.env));
  return new Promise((resolve) => {
    const server = serve(
      { fetch: root.fetch, port: 0, hostname: '127.0.0.1' },
      (info: AddressInfo) => {
        resolve({
          url: `http://127.0.0.1:${info.port}`,
          close: () => new Promise<void>((done) => server.close(() => done())),
        });
      },
    );
  });
}
