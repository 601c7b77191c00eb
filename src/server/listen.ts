import { createAdaptorServer, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';

// The Node bindings (incoming socket) ride along as env: getConnInfo reads the client address there.
export type Fetch = (request: Request, env: unknown) => Response | Promise<Response>;

/** The exit code of a server whose port is taken. */
export const EXIT_PORT_IN_USE = 4;

export class PortInUseError extends Error {
  override name = 'PortInUseError';
  constructor(
    readonly host: string,
    readonly port: number,
  ) {
    super(
      `Port ${port} on ${host} is already in use by another program. Stop it, or start the dashboard on another port (PORT=3001). Nothing was changed.`,
    );
  }
}

export interface BoundServer {
  server: ServerType;
  port: number;
  /** Hands requests to the app once it is ready; until then every request gets 503. */
  ready(fetch: Fetch): void;
}

const starting: Fetch = () =>
  new Response(JSON.stringify({ message: 'The dashboard is starting. Try again in a moment.' }), {
    status: 503,
    headers: { 'Content-Type': 'application/json', 'Retry-After': '2' },
  });

/**
 * Binds the port before anything else is opened (docs/decisions/162-one-owner-of-the-data-folder.md),
 * so a busy port stops the start before the database is touched.
 */
export async function bindPort(options: { port: number; host: string }): Promise<BoundServer> {
  let handler: Fetch = starting;
  const server = createAdaptorServer({
    fetch: (request: Request, env: unknown) => handler(request, env),
  });
  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(options.host, options.port) : error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(options.port, options.host);
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    ready(fetch) {
      handler = fetch;
    },
  };
}
