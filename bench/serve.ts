import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { createApp } from '../src/app';
import { serverFetch } from '../src/server/root';

/** Serves the app and its built assets on a free loopback port, as src/server.ts does. */
export async function listen(
  app: ReturnType<typeof createApp>,
  distDir: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const fetch = serverFetch(app.fetch, distDir);
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
